"""Start-up benchmark (a script, not a test): process start to first frame, in the same run, of

    (a) a bare PySide6 QMainWindow shown (the baseline),
    (b) the start screen of `gameapp` (its scenario list painted),
    (c) the first board frame of `gameapp play scenarios/slaughter_mountain.yaml`,

and, where it comes later, the time the window is complete (its menus filled: the program draws
the start screen before it builds the rest of the window).

    QT_QPA_PLATFORM=offscreen .venv/bin/python bench/startup.py [--rounds N]

Each is a fresh process; the three take turns, round after round, so a busy spell of the machine
falls on all of them. A small driver (bench/startup_driver.py) runs each and prints the
wall-clock time once the first paint of the start screen's list, of the board, or of the bare
window has run. `--baseline CHECKOUT` runs (b) and (c) from another checkout too (main's, say).
Process start is the parent's clock just before it starts the child, so the interpreter's start
and every import count. Each child gets a fresh empty HOME and XDG folders: no settings, no
autosave to offer. Bytecode is written to a private cache folder (PYTHONPYCACHEPREFIX), filled by
one warm-up round that is not counted, as an installed program has its bytecode compiled. The
user's cache folder (XDG_CACHE_HOME: the compiled maps, gameapp/core/mapcache.py) is kept from
round to round, as a player's is from one start to the next, and filled by the warm-up round.
Two "first start" cases run with an empty one each time, as the very first start after an
install: "maps compiled at install" with the maps that `gameapp compile-maps` compiled into
maps/compiled/ (run by scripts/bootstrap.sh and build_installer.py; this script runs it first),
and "nothing compiled" from a copy of the data folders without maps/compiled/, as a start
after an install that did not compile them, or after an update of the map compiler. A baseline
checkout gets the "nothing compiled" case only.
Medians, and their ratios to (a), of the wall-clock time and of the process's CPU time by its
first frame (which a busy machine disturbs less).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.yardstick import yardstick_ms  # noqa: E402
from gameapp.core.mapcache import SHIPPED  # noqa: E402

DRIVER = str(ROOT / "bench" / "startup_driver.py")
SLAUGHTER_MOUNTAIN = "scenarios/slaughter_mountain.yaml"


INSTALLED = " (first start: maps compiled at install)"
NOTHING_COMPILED = " (first start: nothing compiled)"
DATA_FOLDERS = ("maps", "counters", "scenarios")


@dataclass(frozen=True)
class Case:
    code: Path  # the checkout whose program runs
    arguments: list[str]
    first_start: bool = False  # an empty user cache folder, each round


def cases(code: Path, label: str, bare_data: Path, baseline: bool) -> dict[str, Case]:
    """The program cases, run from the checkout `code`; `bare_data`: a copy of its data
    folders without compiled maps."""
    play = [DRIVER, "gameapp", "play", str(code / SLAUGHTER_MOUNTAIN)]
    bare = [DRIVER, "gameapp", "play", str(bare_data / SLAUGHTER_MOUNTAIN)]
    found = {
        f"gameapp start screen{label}": Case(code, [DRIVER, "gameapp"]),
        f"gameapp play slaughter_mountain{label}": Case(code, play),
    }
    if not baseline:
        found[f"gameapp play slaughter_mountain{label}{INSTALLED}"] = Case(code, play, True)
    found[f"gameapp play slaughter_mountain{label}{NOTHING_COMPILED}"] = Case(code, bare, True)
    return found


def data_without_compiled_maps(code: Path, into: Path) -> Path:
    """A copy of the checkout's data folders, with no maps compiled at install."""
    for folder in DATA_FOLDERS:
        shutil.copytree(code / folder, into / folder,
                        ignore=shutil.ignore_patterns(SHIPPED, "__pycache__"))
    return into


def compile_maps(code: Path) -> str:
    """`gameapp compile-maps` in the checkout `code`, as an install does; its report."""
    done = subprocess.run([sys.executable, "-m", "gameapp", "compile-maps"], cwd=code,
                          env={**os.environ, "PYTHONPATH": str(code)}, capture_output=True,
                          text=True, timeout=300, check=True)
    return done.stdout.strip().replace("\n", "; ")


def first_frame_seconds(code: Path, arguments: list[str], home: Path, bytecode: Path,
                        cache: Path) -> tuple[float, float, float]:
    """Seconds from process start to the first frame, to the complete window, and the CPU
    seconds the process had used by its first frame."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.update(PYTHONPYCACHEPREFIX=str(bytecode), QT_QPA_PLATFORM="offscreen", HOME=str(home),
               XDG_CONFIG_HOME=str(home / "config"), XDG_DATA_HOME=str(home / "data"),
               XDG_STATE_HOME=str(home / "state"), XDG_CACHE_HOME=str(cache),
               PYTHONPATH=str(code))
    started = time.time()
    done = subprocess.run([sys.executable, *arguments], env=env, cwd=code, capture_output=True,
                          text=True, timeout=120, check=False)
    marks = {line.split()[0]: line.split()[1:] for line in done.stdout.splitlines()
             if line.startswith(("first-frame ", "complete "))}
    if "first-frame" in marks:
        first = float(marks["first-frame"][0]) - started
        whole = float(marks.get("complete", marks["first-frame"])[0]) - started
        return first, whole, float(marks["first-frame"][1])
    raise RuntimeError(f"{arguments}: no first frame reported\n{done.stdout}\n{done.stderr}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--baseline", type=Path, default=None, metavar="CHECKOUT",
                        help="also run the program cases from this checkout (e.g. main's)")
    args = parser.parse_args()
    print(f"gameapp compile-maps: {compile_maps(ROOT)}")
    times: dict[str, list[float]] = {}
    complete: dict[str, list[float]] = {}
    cpu: dict[str, list[float]] = {}
    before = yardstick_ms()
    with tempfile.TemporaryDirectory(prefix="startup-bench-") as folder:
        runs = {"bare QMainWindow": Case(ROOT, [DRIVER, "bare"]),
                **cases(ROOT, "", data_without_compiled_maps(ROOT, Path(folder) / "bare"),
                        baseline=False)}
        if args.baseline is not None:
            code = args.baseline.resolve()
            runs.update(cases(code, " (baseline)",
                              data_without_compiled_maps(code, Path(folder) / "bare-baseline"),
                              baseline=True))
        for name in runs:
            times[name], complete[name], cpu[name] = [], [], []
        bytecode = Path(folder) / "bytecode"
        for round_number in range(-1, args.rounds):  # round -1: the warm-up
            for name, case in runs.items():
                home = Path(folder) / f"{round_number}-{sorted(runs).index(name)}"
                home.mkdir()
                # the user's cache folder (compiled maps) kept from start to start, as a
                # player's is, filled by the warm-up round; a first start's is empty
                cache = home / "cache" if case.first_start else Path(folder) / "cache"
                seconds, whole, used = first_frame_seconds(case.code, case.arguments, home,
                                                           bytecode, cache)
                if round_number >= 0:
                    times[name].append(seconds)
                    complete[name].append(whole)
                    cpu[name].append(used)
    after = yardstick_ms()
    bare = statistics.median(times["bare QMainWindow"])
    print(f"process start to first frame, medians of {args.rounds} rounds (offscreen)")
    for name, samples in times.items():
        median = statistics.median(samples)
        print(f"  {name:72} {median * 1000:7.0f} ms  ({median / bare:4.1f} x bare)   "
              f"min {min(samples) * 1000:5.0f}  max {max(samples) * 1000:5.0f}")
        whole = statistics.median(complete[name])
        if whole > median + 0.010:  # the start screen drawn before the rest is built
            print(f"  {'    window complete (menus filled)':72} {whole * 1000:7.0f} ms  "
                  f"({whole / bare:4.1f} x bare)")
    bare_cpu = statistics.median(cpu["bare QMainWindow"])
    print("the process's CPU time by its first frame, medians (a busy machine disturbs it less)")
    for name, samples in cpu.items():
        median = statistics.median(samples)
        print(f"  {name:72} {median * 1000:7.0f} ms  ({median / bare_cpu:4.1f} x bare)")
    print(f"yardstick (bench/yardstick.py) before {before:.1f} ms, after {after:.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
