"""Map painting speed (a script, not a test): one paint of Cedar Mountain in the editor.

    QT_QPA_PLATFORM=offscreen .venv/bin/python bench/map_paint.py [--repeats 7]

Times, as medians, what a finished stroke costs: the edit applied to the round-trip document,
the map compiled again from it (MapDocument: the game's own compiler), and the board's map
painter rebuilt for the new map. The yardstick (bench/yardstick.py) is timed in the same run and
the figures are printed beside it as ratios. A stroke costs one compile however many hexes it
covered: the editor compiles at the end of a stroke, not on each hex the mouse enters.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from bench.yardstick import yardstick_ms  # noqa: E402
from gameapp.core.terrain import Terrain  # noqa: E402
from gameapp.editor.map_doc import MapDocument  # noqa: E402

MAP = ROOT / "maps" / "cedar_mountain.yaml"


def median_ms(job: Callable[[], object], repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        job()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=7)
    repeats = parser.parse_args().repeats
    from PySide6.QtWidgets import QApplication

    from gameapp.ui.board.geometry import BoardGeometry
    from gameapp.ui.board.map_painter import MapPainter

    _app = QApplication.instance() or QApplication([])
    doc = MapDocument.load(MAP)
    brush = doc.brush(doc.map.parse("1809"), 2)

    def stroke() -> None:  # paint 19 hexes and take them back: two compiles
        edit = doc.paint_terrain(brush, Terrain.WOODS)
        assert edit is not None
        doc.doc.apply(doc.doc.apply(edit))

    geometry = BoardGeometry(doc.map.numbering)
    yard = yardstick_ms()
    figures = {
        "compile (MapDocument.recompile)": median_ms(doc.recompile, repeats),
        "stroke of 19 hexes + its undo": median_ms(stroke, repeats) / 2,
        "map painter rebuilt": median_ms(lambda: MapPainter(doc.map, geometry), repeats),
    }
    print(f"Cedar Mountain, {doc.map.width}x{doc.map.height} hexes; yardstick {yard:.1f} ms")
    for name, ms in figures.items():
        print(f"  {name:34s} {ms:7.1f} ms  {ms / yard:6.1f} x yardstick")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
