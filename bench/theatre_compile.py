"""How long the theatre maps take to load: read the YAML, check it against the schema, compile it
onto hexes; printed beside the yardstick measured in the same run, and as a ratio to it.

    .venv/bin/python bench/theatre_compile.py [--repeats 3]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.yardstick import yardstick_ms
from gameapp.core.theatre.compile import compile_theatre
from gameapp.core.theatre.file import read_spec
from gameapp.core.yamlsource import load_schema, load_yaml, schema_problems

ROOT = Path(__file__).resolve().parent.parent


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args(argv)
    yard = yardstick_ms()
    print(f"yardstick: {yard:.1f} ms")
    schema = load_schema("theatre")
    for key in ("east", "west"):
        stages: dict[str, list[float]] = {"read": [], "schema": [], "compile": []}
        for _ in range(args.repeats):
            t0 = time.perf_counter()
            doc = load_yaml(ROOT / "maps" / f"theatre_{key}.yaml")
            t1 = time.perf_counter()
            assert not schema_problems(doc, schema)
            t2 = time.perf_counter()
            theatre = compile_theatre(read_spec(doc))
            t3 = time.perf_counter()
            for stage, seconds in zip(stages, (t1 - t0, t2 - t1, t3 - t2), strict=True):
                stages[stage].append(seconds * 1000)
        medians = {stage: statistics.median(times) for stage, times in stages.items()}
        total = sum(medians.values())
        parts = ", ".join(f"{s} {ms:.0f} ms ({ms / yard:.0f}x)" for s, ms in medians.items())
        print(f"{key}: {theatre.width}x{theatre.height} hexes, {len(theatre.rail)} rail links, "
              f"{len(theatre.places)} places: {total:.0f} ms = {total / yard:.0f} yardsticks "
              f"({parts})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
