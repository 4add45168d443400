"""Board drawing benchmark (a script, not a test): scene build time with 400 counters, and the
time to repaint a 1600x1000 view at zoom 0.3, 1 and 2, on a 60x40 and a 150x100 random map.

    QT_QPA_PLATFORM=offscreen .venv/bin/python bench/bench_board.py [--repeats N]

"cold" is a paint with empty caches, which renders every terrain tile and counter stamp the view
needs (all at once, not progressively as the window does); "median" is a full repaint of the
viewport once they are cached, which is what panning, selection and highlights cost. The
highlight rows (300 hexes round the map's centre, at zoom 1 and 2) are beside the same repaint
of the naive one-item-per-hex scene (bench/naive_scene.py) with one polygon item per lit hex.
Target: median under 16 ms on 60x40 at every zoom.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
if "--code" in sys.argv:  # gameapp from another checkout (main's, say): a before and after
    sys.path.insert(0, str(Path(sys.argv[sys.argv.index("--code") + 1]).resolve()))

from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QApplication, QGraphicsView, QStyleOptionGraphicsItem

from bench.naive_scene import naive_highlights, naive_scene
from bench.random_units import random_units
from bench.synthetic_maps import synthetic_map_data
from bench.yardstick import yardstick_ms
from gameapp.core.mapfile import compile_map
from gameapp.ui.board.scene import BoardScene
from gameapp.ui.board.view import BoardView

SIZES = ((60, 40), (150, 100))
ZOOMS = (0.3, 1.0, 2.0)
VIEW = (1600, 1000)
COUNTERS = 400
HIGHLIGHTS = 300
HIGHLIGHT_ZOOMS = (1.0, 2.0)


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:8.1f}"


def bench_size(app: QApplication, width: int, height: int, repeats: int) -> list[str]:
    hex_map = compile_map(synthetic_map_data(width, height, seed=7))
    units = random_units(hex_map, COUNTERS, seed=8)
    started = time.perf_counter()
    scene = BoardScene(hex_map, units)
    build = time.perf_counter() - started
    view = BoardView()
    view.set_board(scene)
    view.resize(*VIEW)
    view.show()
    app.processEvents()
    rows = [f"{width}x{height:<5} build scene + {COUNTERS} counters: {_ms(build)} ms"]
    for zoom in ZOOMS:
        view.set_zoom(zoom)
        view.centerOn(scene.geometry.map_rect.center())
        app.processEvents()
        scene.terrain.cache.clear()
        scene.counter_stamps.cache.clear()
        tiles_before = scene.terrain.tiles_rendered
        started = time.perf_counter()
        view.viewport().grab()
        cold = time.perf_counter() - started
        tiles = scene.terrain.tiles_rendered - tiles_before
        times = []
        for _ in range(repeats):
            started = time.perf_counter()
            view.viewport().grab()
            times.append(time.perf_counter() - started)
        rows.append(
            f"   zoom {zoom:<4} cold {_ms(cold)} ms   median {_ms(statistics.median(times))} ms"
            f"   max {_ms(max(times))} ms   ({tiles} tiles)"
        )
    centre = scene.hex_at(scene.geometry.map_rect.center())
    assert centre is not None
    lit = [h for h in centre.range(10) if hex_map.contains(h)][:HIGHLIGHTS]
    scene.overlay.show_hexes(lit, "#c03a7fd0")  # semi-transparent, no antialiasing
    for zoom in HIGHLIGHT_ZOOMS:
        view.set_zoom(zoom)
        view.centerOn(scene.geometry.map_rect.center())
        app.processEvents()
        view.viewport().grab()
        wall, cpu = _median_grab(view, repeats)
        alone = _overlay_paint_cpu(view, scene, repeats)
        rows.append(f"   zoom {zoom:<4} + {len(lit)} highlighted hexes     median {_ms(wall)} ms"
                    f"   (CPU {_ms(cpu)} ms; the highlight item's paint alone {alone:.2f} ms)")
    view.close()
    naive, geometry = naive_scene(hex_map, units)
    naive_highlights(naive, geometry, lit, "#c03a7fd0")
    plain = QGraphicsView(naive)
    plain.resize(*VIEW)
    plain.show()
    for zoom in HIGHLIGHT_ZOOMS:
        plain.resetTransform()
        plain.scale(zoom, zoom)
        plain.centerOn(geometry.map_rect.center())
        app.processEvents()
        plain.viewport().grab()
        wall, cpu = _median_grab(plain, repeats)
        rows.append(f"   naive scene, zoom {zoom:<4} + {len(lit)} highlighted median {_ms(wall)} ms"
                    f"   (CPU {_ms(cpu)} ms)")
    plain.close()
    return rows


def _overlay_paint_cpu(view: BoardView, scene: BoardScene, repeats: int) -> float:
    """Median CPU ms of the highlight item's paint of the view's area, as the view asks it."""
    image = QImage(*VIEW, QImage.Format.Format_ARGB32_Premultiplied)
    option = QStyleOptionGraphicsItem()
    option.exposedRect = view.mapToScene(view.viewport().rect()).boundingRect()
    cpus = []
    for _ in range(repeats):
        painter = QPainter(image)
        painter.setTransform(view.viewportTransform())
        started = time.thread_time()
        scene.overlay.paint(painter, option, None)
        cpus.append(time.thread_time() - started)
        painter.end()
    return statistics.median(cpus) * 1000


def _median_grab(view: QGraphicsView, repeats: int) -> tuple[float, float]:
    """Median wall-clock and CPU seconds of a full repaint of the view."""
    walls, cpus = [], []
    for _ in range(repeats):
        started, cpu = time.perf_counter(), time.thread_time()
        view.viewport().grab()
        walls.append(time.perf_counter() - started)
        cpus.append(time.thread_time() - cpu)
    return statistics.median(walls), statistics.median(cpus)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=30)
    parser.add_argument("--code", type=Path, default=None,
                        help="the checkout gameapp is imported from (default: this one)")
    parser.add_argument("--only-60x40", action="store_true", help="skip the 150x100 map")
    args = parser.parse_args()
    app = QApplication.instance() or QApplication([])
    assert isinstance(app, QApplication)
    print(f"view {VIEW[0]}x{VIEW[1]}, platform {app.platformName()}, {args.repeats} repaints each")
    before = yardstick_ms()
    for width, height in SIZES[:1] if args.only_60x40 else SIZES:
        for row in bench_size(app, width, height, args.repeats):
            print(row)
    after = yardstick_ms()
    print(f"yardstick (bench/yardstick.py) before {before:.1f} ms, after {after:.1f} ms: "
          "divide a time by it to compare runs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
