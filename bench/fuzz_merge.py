"""Merge the reports of a fuzz run split over processes (bench/fuzz_files.py --only) into one.

    .venv/bin/python bench/fuzz_merge.py REPORT... > merged.md

Rows of the same name are summed (the slowest is the largest); the summary lines of each part
are kept, one after another.
"""

from __future__ import annotations

import sys
from pathlib import Path

COLUMNS = ("mutants", "loaded", "DataError", "uncaught", "right line", "wrong line")


def tables(text: str) -> list[tuple[str, dict[str, list[float]]]]:
    """Each table of a report: its title and its rows, name -> the numbers."""
    found: list[tuple[str, dict[str, list[float]]]] = []
    for line in text.splitlines():
        if not line.startswith("|"):
            continue
        cells = [c.strip() for c in line.strip("|").split("|")]
        if cells[1] == "mutants":
            found.append((cells[0], {}))
        elif not cells[1].startswith("-") and found:
            found[-1][1][cells[0]] = [float(c) for c in cells[1:]]
    return found


def main(paths: list[str]) -> int:
    merged: list[tuple[str, dict[str, list[float]]]] = []
    summaries: list[str] = []
    for path in paths:
        text = Path(path).read_text(encoding="utf-8")
        summaries += [f"{Path(path).name}: {line[2:]}" for line in text.splitlines()
                      if line.startswith("- ")]
        for i, (title, rows) in enumerate(tables(text)):
            if i == len(merged):
                merged.append((title if i else "file", {}))
            into = merged[i][1]
            for name, numbers in rows.items():
                old = into.get(name)
                into[name] = numbers if old is None else [
                    *(a + b for a, b in zip(old[:-1], numbers[:-1], strict=True)),
                    max(old[-1], numbers[-1])]
    print("\n".join(f"- {s}" for s in summaries))
    for title, rows in merged:
        print(f"\n| {title} | {' | '.join(COLUMNS)} | slowest s |")
        print("|---|" + "---:|" * (len(COLUMNS) + 1))
        for name in sorted(rows, key=lambda n: (n == "**all**", n)):
            numbers = rows[name]
            cells = [f"{int(n):,}" for n in numbers[:-1]] + [f"{numbers[-1]:.2f}"]
            print(f"| {name} | {' | '.join(cells)} |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
