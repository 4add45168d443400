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
round to round, as a player's is from one start to the next, and filled by the warm-up round;
the "first start" case runs with an empty one each time, as the very first start after an
install or an update of the map compiler.
Medians, and their ratios to (a), of the wall-clock time and of the process's CPU time by its
first frame (which a busy machine disturbs less).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.yardstick import yardstick_ms  # noqa: E402

DRIVER = str(ROOT / "bench" / "startup_driver.py")
SLAUGHTER_MOUNTAIN = "scenarios/slaughter_mountain.yaml"


FIRST_START = " (first start: no map cache)"


def cases(code: Path, label: str) -> dict[str, tuple[Path, list[str]]]:
    """The program cases, run from the checkout `code`."""
    play = [DRIVER, "gameapp", "play", str(code / SLAUGHTER_MOUNTAIN)]
    return {
        f"gameapp start screen{label}": (code, [DRIVER, "gameapp"]),
        f"gameapp play slaughter_mountain{label}": (code, play),
        f"gameapp play slaughter_mountain{label}{FIRST_START}": (code, play),
    }


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
    runs = {"bare QMainWindow": (ROOT, [DRIVER, "bare"]), **cases(ROOT, "")}
    if args.baseline is not None:
        runs.update(cases(args.baseline.resolve(), " (baseline)"))
    times: dict[str, list[float]] = {name: [] for name in runs}
    complete: dict[str, list[float]] = {name: [] for name in runs}
    cpu: dict[str, list[float]] = {name: [] for name in runs}
    before = yardstick_ms()
    with tempfile.TemporaryDirectory(prefix="startup-bench-") as folder:
        bytecode = Path(folder) / "bytecode"
        for round_number in range(-1, args.rounds):  # round -1: the warm-up
            for name, (code, arguments) in runs.items():
                home = Path(folder) / f"{round_number}-{sorted(runs).index(name)}"
                home.mkdir()
                # the user's cache folder (compiled maps) kept from start to start, as a
                # player's is, filled by the warm-up round; a first start's is empty
                cache = home / "cache" if name.endswith(FIRST_START) else Path(folder) / "cache"
                seconds, whole, used = first_frame_seconds(code, arguments, home, bytecode,
                                                           cache)
                if round_number >= 0:
                    times[name].append(seconds)
                    complete[name].append(whole)
                    cpu[name].append(used)
    after = yardstick_ms()
    bare = statistics.median(times["bare QMainWindow"])
    print(f"process start to first frame, medians of {args.rounds} rounds (offscreen)")
    for name, samples in times.items():
        median = statistics.median(samples)
        print(f"  {name:45} {median * 1000:7.0f} ms  ({median / bare:4.1f} x bare)   "
              f"min {min(samples) * 1000:5.0f}  max {max(samples) * 1000:5.0f}")
        whole = statistics.median(complete[name])
        if whole > median + 0.010:  # the start screen drawn before the rest is built
            print(f"  {'    window complete (menus filled)':45} {whole * 1000:7.0f} ms  "
                  f"({whole / bare:4.1f} x bare)")
    bare_cpu = statistics.median(cpu["bare QMainWindow"])
    print("the process's CPU time by its first frame, medians (a busy machine disturbs it less)")
    for name, samples in cpu.items():
        median = statistics.median(samples)
        print(f"  {name:45} {median * 1000:7.0f} ms  ({median / bare_cpu:4.1f} x bare)")
    print(f"yardstick (bench/yardstick.py) before {before:.1f} ms, after {after:.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
