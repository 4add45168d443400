"""How much libyaml's loader saves on Slaughter Mountain's files (issue 28).

    .venv/bin/python bench/yaml_loaders.py [--repeats 15]

Parses the scenario, its map and its counters file (the files `gameapp play` reads for that
battle) with the program's loader, libyaml's where PyYAML has it (gameapp/core/yamlsource.py),
and with the bounded pure-Python loader it falls back to, alternately in the same run. Prints
the median time of each, their ratio and the yardstick (bench/yardstick.py) measured in the same
run. The same document comes out of both (tests/core/test_yaml_fast_path.py).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import gameapp.core.yamlsource as yamlsource  # noqa: E402
from bench.yardstick import yardstick_ms  # noqa: E402

FILES = [ROOT / "scenarios" / "slaughter_mountain.yaml", ROOT / "maps" / "cedar_mountain.yaml",
         ROOT / "counters" / "cedar_mountain.yaml"]


def parse_all(texts: dict[Path, str]) -> float:
    start = time.perf_counter()
    for path, text in texts.items():
        yamlsource.parse_yaml(text, path)
    return (time.perf_counter() - start) * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=15)
    args = parser.parse_args()
    if yamlsource._FAST_LOADER is None:
        print("PyYAML was built without libyaml: only the pure-Python loader is here")
        return 1
    texts = {path: yamlsource.read_text(path) for path in FILES}
    fast_loader = yamlsource._FAST_LOADER
    ruler_before = yardstick_ms()
    fast, pure = [], []
    for _ in range(args.repeats):  # alternately, so that a busy moment costs both alike
        yamlsource._FAST_LOADER = fast_loader
        fast.append(parse_all(texts))
        yamlsource._FAST_LOADER = None
        pure.append(parse_all(texts))
    yamlsource._FAST_LOADER = fast_loader
    ruler = statistics.median([ruler_before, yardstick_ms()])
    kb = sum(len(t.encode("utf-8")) for t in texts.values()) / 1024
    f, p = statistics.median(fast), statistics.median(pure)
    print(f"Slaughter Mountain's scenario, map and counters ({kb:.0f} KB), median of "
          f"{args.repeats}:")
    print(f"- yardstick {ruler:.1f} ms")
    print(f"- libyaml (the program's loader): {f:.1f} ms ({f / ruler:.2f} yardsticks)")
    print(f"- bounded pure-Python loader: {p:.1f} ms ({p / ruler:.2f} yardsticks)")
    print(f"- libyaml takes {f / p:.2f} of the pure loader's time ({p / f:.1f} times faster)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
