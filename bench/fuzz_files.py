"""Fuzz the loaders with ten thousand and more mutated files (issue 23, docs/reliability.md).

    .venv/bin/python bench/fuzz_files.py [--count 10000] [--seed 1] [--log RUN.jsonl]
        [--only F,G] [--part I/N] [--out FILE]
    .venv/bin/python bench/fuzz_files.py --report RUN.jsonl [MORE.jsonl.gz ...] [--out FILE]

Every shipped scenario, map and counters file and a save of a short game get an equal share of
the mutants (bench/mutants.py says how they are made and judged). For each mutant it records
the outcome, the CPU seconds its loading took (process time: the machine is shared, so wall
time says more about the neighbours than about the loader) and the process's peak memory
(ru_maxrss; a high-water mark, so a single file over the limit shows in the run's peak). It
prints the tables by file and by operator, every escaped exception and every error not at the
right line, and the yardstick for scale. The goal: 0 escaped, 0 over 5 s or 500 MB, 0 at a
wrong line.

A long run can be split and resumed: `--log` appends one line per mutant to a JSON-lines file
and a run given the same log skips the mutants already in it; `--only` takes some of the files
and `--part I/N` every N-th mutant of each, so parts can run in parallel processes (each with
its own log). `--report` reads the logs of all the parts and prints the tables of the whole
(a mutant in more than one log counts once, as the last log given has it).
"""

from __future__ import annotations

import argparse
import gzip
import json
import resource
import signal
import sys
import tempfile
import time
from pathlib import Path
from types import FrameType
from typing import IO, Any, cast

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.mutants import Mutant, Outcome, Workspace, mutants, shipped_files, table  # noqa: E402
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
    parser.add_argument("--log", type=Path, help="append each mutant's outcome here (JSON "
                        "lines); the mutants already in it are skipped: a run resumes")
    parser.add_argument("--only", help="comma-separated files of the list to fuzz (the share "
                        "of each stays count / all files)")
    parser.add_argument("--part", default="1/1", help="I/N: only every N-th mutant of each "
                        "file, starting with the I-th")
    parser.add_argument("--report", type=Path, nargs="+", help="print the report of these "
                        "logs (the parts of one run) and fuzz nothing")
    args = parser.parse_args()
    if args.report:
        # a mutant in two logs counts once, as the later log has it (a run re-split after it
        # began, or a file's mutants run again after a fix)
        unique = {(r["source"], r["index"]): r for log in args.report for r in _read_log(log)}
        records = list(unique.values())
        report = _report(records, [f"logs: {', '.join(str(p.name) for p in args.report)}"])
    else:
        records = _fuzz(args)
        report = _report(records, [])
    print(report)
    if args.out:
        args.out.write_text(report + "\n", encoding="utf-8")
    return 1 if _bad(records) else 0


def _fuzz(args: argparse.Namespace) -> list[dict[str, Any]]:
    signal.signal(signal.SIGALRM, _alarm)
    sources = shipped_files()
    share = -(-args.count // len(sources))
    if args.only:
        sources = [s for s in args.only.split(",") if s in sources]  # in the order given
    part, parts = (int(n) for n in args.part.split("/"))
    records = _read_log(args.log) if args.log and args.log.exists() else []
    done = {(r["source"], r["index"]) for r in records}
    ruler = yardstick_ms()
    started = time.perf_counter()
    log = _open_log(args.log, "a") if args.log else None
    try:
        with tempfile.TemporaryDirectory() as folder:
            space = Workspace(Path(folder))
            baseline = peak_mb()
            for source in sources:
                for index, mutant in enumerate(mutants(source, space.text(source), args.seed,
                                                       share)):
                    if index % parts != part - 1 or (source, index) in done:
                        continue
                    before = peak_mb()
                    outcome = _load(space, mutant)
                    record = _record(outcome, index, peak_mb() - baseline, ruler)
                    record["raised_peak"] = peak_mb() > before
                    records.append(record)
                    if log:
                        log.write(json.dumps(record) + "\n")
                        log.flush()
                print(f"{source}: done, {time.perf_counter() - started:.0f} s so far",
                      file=sys.stderr, flush=True)
    finally:
        if log:
            log.close()
    return records


def _load(space: Workspace, mutant: Mutant) -> Outcome:
    signal.alarm(WALL_GUARD)
    try:
        return space.load(mutant, timer=time.process_time)
    except Hung:
        return Outcome(mutant, "uncaught hung", float(WALL_GUARD))
    finally:
        signal.alarm(0)


def _record(outcome: Outcome, index: int, memory_mb: float, ruler: float) -> dict[str, Any]:
    mutant = outcome.mutant
    first = outcome.problems[0] if outcome.problems else None
    return {"source": mutant.source, "index": index, "operator": mutant.operator,
            "span": mutant.span, "result": outcome.result, "seconds": round(outcome.seconds, 4),
            "right_line": outcome.right_line, "problem": str(first) if first else None,
            "detail": outcome.detail, "memory_mb": round(memory_mb, 1), "yardstick_ms": ruler}


def _open_log(path: Path, mode: str) -> IO[str]:
    """A log, gzip-compressed when its name ends in .gz (a run's logs kept in bench/results/)."""
    if path.suffix == ".gz":
        return cast(IO[str], gzip.open(path, f"{mode}t", encoding="utf-8"))
    return path.open(mode, encoding="utf-8")


def _read_log(path: Path) -> list[dict[str, Any]]:
    with _open_log(path, "r") as lines:
        return [json.loads(line) for line in lines if line.strip()]


def _outcome(record: dict[str, Any]) -> Outcome:
    span = tuple(record["span"]) if record["span"] else None
    mutant = Mutant(record["source"], record["operator"], b"", span)
    return Outcome(mutant, record["result"], record["seconds"], [], record["right_line"],
                   record["detail"])


def _bad(records: list[dict[str, Any]]) -> bool:
    return any(r["result"].startswith("uncaught") or r["right_line"] is False
               or r["seconds"] > SECONDS_LIMIT for r in records) or bool(_over_memory(records))


def _over_memory(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The mutants that raised the process's high-water mark above the limit (a peak is kept,
    so those after them would show it too)."""
    return [r for r in records if r["memory_mb"] > MEMORY_LIMIT_MB and r["raised_peak"]]


def _report(records: list[dict[str, Any]], heading: list[str]) -> str:
    outcomes = [_outcome(r) for r in records]
    slow = [r for r in records if r["seconds"] > SECONDS_LIMIT]
    escaped = [r for r in records if r["result"].startswith("uncaught")]
    wrong = [r for r in records if r["right_line"] is False]
    judged = [r for r in records if r["right_line"] is not None]
    over_memory = _over_memory(records)
    cpu = sorted(r["seconds"] for r in records) or [0.0]
    rulers = sorted({r["yardstick_ms"] for r in records}) or [1.0]
    ruler = rulers[len(rulers) // 2]
    lines = [
        f"# Fuzzing the loaders: {len(records):,} mutants",
        "",
        *(f"- {h}" for h in heading),
        f"- yardstick {', '.join(f'{y:.1f}' for y in rulers)} ms (bench/yardstick.py, measured "
        "by each process of the run)",
        f"- CPU seconds per mutant: median {cpu[len(cpu) // 2]:.3f}, slowest {cpu[-1]:.2f} "
        f"({cpu[-1] * 1000 / ruler:.0f} yardsticks); over {SECONDS_LIMIT:g} s: {len(slow)}",
        f"- the most a process's peak memory grew after setting up: "
        f"{max((r['memory_mb'] for r in records), default=0):.0f} MB; a file over "
        f"{MEMORY_LIMIT_MB:g} MB: {len(over_memory)}",
        f"- escaped exceptions: {len(escaped)}; errors judged for their line: {len(judged)}, "
        f"at a wrong line: {len(wrong)}",
        "",
        table(outcomes, lambda o: o.mutant.source, "file"),
        "",
        table(outcomes, lambda o: o.mutant.operator, "operator"),
    ]
    for r in escaped:
        lines.append(f"ESCAPED {r['source']} #{r['index']} {r['operator']}: {r['result']} "
                     f"{r['detail']}")
    for r in wrong:
        lines.append(f"WRONG LINE {r['source']} #{r['index']} {r['operator']} edit "
                     f"{tuple(r['span'])}: {r['problem']}")
    for r in slow:
        lines.append(f"SLOW {r['source']} #{r['index']} {r['operator']}: {r['seconds']:.2f} s")
    for r in over_memory[:10]:
        lines.append(f"MEMORY {r['source']} #{r['index']} {r['operator']}: {r['memory_mb']} MB")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
