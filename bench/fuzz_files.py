"""Fuzz the loaders with ten thousand and more mutated files (issue 23, docs/reliability.md).

    .venv/bin/python bench/fuzz_files.py [--count 10000] [--seed 1] [--out FILE] [--only F,G]

Every shipped scenario, map and counters file and a save of a short game get an equal share of
the mutants (bench/mutants.py says how they are made and judged). For each mutant it records
the outcome, the CPU seconds its loading took (process time: the machine is shared, so wall
time says more about the neighbours than about the loader) and the process's peak memory
(ru_maxrss; a high-water mark, so a single file over the limit shows in the run's peak). It
prints the tables by file and by operator, every escaped exception and every error not at the
right line, and the yardstick for scale. The goal: 0 escaped, 0 over 5 s or 500 MB, 0 at a
wrong line.
"""

from __future__ import annotations

import argparse
import resource
import signal
import sys
import tempfile
import time
from pathlib import Path
from types import FrameType

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.mutants import Outcome, Workspace, mutants, shipped_files, table  # noqa: E402
from bench.yardstick import yardstick_ms  # noqa: E402

SECONDS_LIMIT = 5.0
MEMORY_LIMIT_MB = 500.0
WALL_GUARD = 60  # seconds of wall time before a mutant is called hung


class Hung(Exception):
    pass


def _alarm(signum: int, frame: FrameType | None) -> None:
    raise Hung


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=10_000, help="mutants in all")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, help="also write the report here")
    parser.add_argument("--only", help="comma-separated files of the list to fuzz (the share "
                        "of each stays count / all files): to split a run over processes")
    args = parser.parse_args()
    signal.signal(signal.SIGALRM, _alarm)
    sources = shipped_files()
    share = -(-args.count // len(sources))
    if args.only:
        sources = [s for s in args.only.split(",") if s in sources]  # in the order given
    ruler = yardstick_ms()
    started = time.perf_counter()
    outcomes: list[Outcome] = []
    over_memory: list[str] = []
    with tempfile.TemporaryDirectory() as folder:
        space = Workspace(Path(folder))
        baseline = peak_mb()
        for source in sources:
            for mutant in mutants(source, space.text(source), args.seed, share):
                signal.alarm(WALL_GUARD)
                try:
                    outcome = space.load(mutant, timer=time.process_time)
                except Hung:
                    outcome = Outcome(mutant, "uncaught hung", float(WALL_GUARD))
                finally:
                    signal.alarm(0)
                outcomes.append(outcome)
                if peak_mb() - baseline > MEMORY_LIMIT_MB and not over_memory:
                    over_memory.append(f"{source} {mutant.operator}")
            print(f"{source}: {share} mutants, {time.perf_counter() - started:.0f} s so far",
                  file=sys.stderr, flush=True)
            if args.out:  # after each file: a run cut short still reports what it did
                args.out.write_text(_report(outcomes, ruler, time.perf_counter() - started,
                                             baseline, over_memory) + "\n", encoding="utf-8")
    report = _report(outcomes, ruler, time.perf_counter() - started, baseline, over_memory)
    print(report)
    if args.out:
        args.out.write_text(report + "\n", encoding="utf-8")
    bad = [o for o in outcomes if o.result.startswith("uncaught") or o.right_line is False
           or o.seconds > SECONDS_LIMIT]
    return 1 if bad or over_memory else 0


def _report(outcomes: list[Outcome], ruler: float, wall: float, baseline: float,
            over_memory: list[str]) -> str:
    slow = [o for o in outcomes if o.seconds > SECONDS_LIMIT]
    escaped = [o for o in outcomes if o.result.startswith("uncaught")]
    wrong = [o for o in outcomes if o.right_line is False]
    judged = [o for o in outcomes if o.right_line is not None]
    cpu = sorted(o.seconds for o in outcomes)
    lines = [
        f"# Fuzzing the loaders: {len(outcomes):,} mutants",
        "",
        f"- yardstick {ruler:.1f} ms (bench/yardstick.py, this run); wall time {wall:.0f} s",
        f"- CPU seconds per mutant: median {cpu[len(cpu) // 2]:.3f}, slowest {cpu[-1]:.2f} "
        f"({cpu[-1] * 1000 / ruler:.0f} yardsticks); over {SECONDS_LIMIT:g} s: {len(slow)}",
        f"- peak memory of the whole run {peak_mb():.0f} MB (after setting up: {baseline:.0f} MB);"
        f" a file over {MEMORY_LIMIT_MB:g} MB: {len(over_memory)}",
        f"- escaped exceptions: {len(escaped)}; errors judged for their line: {len(judged)}, "
        f"at a wrong line: {len(wrong)}",
        "",
        table(outcomes, lambda o: o.mutant.source, "file"),
        "",
        table(outcomes, lambda o: o.mutant.operator, "operator"),
    ]
    for o in escaped:
        lines.append(f"ESCAPED {o.mutant.source} {o.mutant.operator}: {o.result} {o.detail}")
    for o in wrong:
        first = o.problems[0] if o.problems else None
        lines.append(f"WRONG LINE {o.mutant.source} {o.mutant.operator} edit {o.mutant.span}: "
                     f"{first}")
    for o in slow:
        lines.append(f"SLOW {o.mutant.source} {o.mutant.operator}: {o.seconds:.2f} s")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
