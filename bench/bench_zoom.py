"""Wheel-zoom benchmark (a script, not a test): every frame the window paints while the wheel
zooms a 1600x1000 view across the whole zoom range and back, on a 60x40 map with 400 counters.

    QT_QPA_PLATFORM=offscreen .venv/bin/python bench/bench_zoom.py [--step-ms MS] [--code DIR]

The view starts at the smallest zoom with every tile and stamp of it drawn, then takes one wheel
step (x1.25, about the view's centre) every `--step-ms` milliseconds (50: a brisk wheel; 250 a
slow one, whose zoom rests between steps and is drawn sharp each time), running the event loop
in between, up to the largest zoom and down again, and lets the board settle at the end. A frame
is one paint of the viewport, timed inside its paintEvent: each frame the event loop asks for
counts, those that draw scaled old tiles and stamps while the new ones are made included.
Printed: the frames' median, 95th percentile and worst, by the wall clock and by the painting
thread's CPU time (which a busy machine disturbs less), beside the same walk on the naive
one-item-per-hex scene (bench/naive_scene.py) and the yardstick, both measured in the same run.
`--code DIR` imports gameapp from another checkout (main's, say) for a before/after.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
if "--code" in sys.argv:
    sys.path.insert(0, str(Path(sys.argv[sys.argv.index("--code") + 1]).resolve()))

import argparse  # noqa: E402
import statistics  # noqa: E402
from collections.abc import Callable  # noqa: E402

from PySide6.QtCore import QPoint  # noqa: E402
from PySide6.QtGui import QPainter, QPaintEvent  # noqa: E402
from PySide6.QtWidgets import QApplication, QGraphicsView  # noqa: E402

from bench.naive_scene import naive_scene  # noqa: E402
from bench.random_units import random_units  # noqa: E402
from bench.synthetic_maps import synthetic_map_data  # noqa: E402
from bench.yardstick import yardstick_ms  # noqa: E402
from gameapp.core.mapfile import compile_map  # noqa: E402
from gameapp.ui.board.scene import BoardScene  # noqa: E402
from gameapp.ui.board.view import MAX_ZOOM, MIN_ZOOM, ZOOM_STEP, BoardView  # noqa: E402

VIEW = (1600, 1000)
COUNTERS = 400


class TimedBoardView(BoardView):
    def __init__(self) -> None:
        super().__init__()
        self.frames: list[float] = []
        self.cpu: list[float] = []

    def paintEvent(self, event: QPaintEvent) -> None:
        started, cpu = time.perf_counter(), time.thread_time()
        super().paintEvent(event)
        self.frames.append(time.perf_counter() - started)
        self.cpu.append(time.thread_time() - cpu)


class TimedPlainView(QGraphicsView):
    """The naive scene's view: as plain as Qt's defaults, zoomed the same way."""

    def __init__(self) -> None:
        super().__init__()
        self.frames: list[float] = []
        self.cpu: list[float] = []
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setRenderHint(QPainter.RenderHint.Antialiasing, False)

    def paintEvent(self, event: QPaintEvent) -> None:
        started, cpu = time.perf_counter(), time.thread_time()
        super().paintEvent(event)
        self.frames.append(time.perf_counter() - started)
        self.cpu.append(time.thread_time() - cpu)


def zoom_walk() -> list[float]:
    """The zooms a wheel passes through from the smallest to the largest and back."""
    up = [MIN_ZOOM]
    while up[-1] * ZOOM_STEP < MAX_ZOOM:
        up.append(up[-1] * ZOOM_STEP)
    up.append(MAX_ZOOM)
    return up[1:] + up[-2::-1]


def frames_until(app: QApplication, frames: list[float], count: int, limit_s: float = 2.0) -> None:
    """Run the event loop until `count` more frames were painted, or nothing more is asked."""
    target = len(frames) + count
    idle = 0
    deadline = time.perf_counter() + limit_s
    while len(frames) < target and time.perf_counter() < deadline:
        before = len(frames)
        app.processEvents()
        idle = idle + 1 if len(frames) == before else 0
        if idle > 20:
            return


def walk(app: QApplication, view: TimedBoardView | TimedPlainView, step_ms: float,
         set_zoom: Callable[[float], None]) -> tuple[list[float], list[float]]:
    set_zoom(MIN_ZOOM)
    frames_until(app, view.frames, 200)  # the starting zoom drawn whole
    view.frames.clear()
    view.cpu.clear()
    for zoom in zoom_walk():
        set_zoom(zoom)
        run_for(app, step_ms / 1000.0)  # the event loop runs until the next wheel step
    frames_until(app, view.frames, 200, limit_s=5.0)  # settle
    return list(view.frames), list(view.cpu)


def run_for(app: QApplication, seconds: float) -> None:
    """Run the event loop (timers, paints) for `seconds` of wall-clock time."""
    until = time.perf_counter() + seconds
    app.processEvents()
    while time.perf_counter() < until:
        app.processEvents()
        time.sleep(0.001)


def summary(label: str, frames: list[float]) -> str:
    ms = sorted(f * 1000 for f in frames)
    p95 = ms[min(len(ms) - 1, round(0.95 * (len(ms) - 1)))]
    return (f"  {label:34} {len(ms):4} frames   median {statistics.median(ms):6.1f} ms   "
            f"95th {p95:6.1f} ms   worst {ms[-1]:6.1f} ms")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--step-ms", type=float, default=50.0,
                        help="wall-clock time between wheel steps (50: a brisk wheel)")
    parser.add_argument("--code", type=Path, default=None,
                        help="the checkout gameapp is imported from (default: this one)")
    args = parser.parse_args()
    app = QApplication.instance() or QApplication([])
    assert isinstance(app, QApplication)
    import gameapp

    before = yardstick_ms()
    hex_map = compile_map(synthetic_map_data(60, 40, seed=7))
    units = random_units(hex_map, COUNTERS, seed=8)
    scene = BoardScene(hex_map, units, progressive=True)
    view = TimedBoardView()
    view.set_board(scene)
    view.resize(*VIEW)
    view.show()
    centre = QPoint(VIEW[0] // 2, VIEW[1] // 2)
    board = walk(app, view, args.step_ms, lambda z: view.set_zoom(z, centre))
    view.close()

    plain_scene, geometry = naive_scene(hex_map, units)
    plain = TimedPlainView()
    plain.setScene(plain_scene)
    plain.resize(*VIEW)
    plain.show()

    def plain_zoom(zoom: float) -> None:
        plain.resetTransform()
        plain.scale(zoom, zoom)
        plain.centerOn(geometry.map_rect.center())

    naive = walk(app, plain, args.step_ms, plain_zoom)
    plain.close()
    after = yardstick_ms()
    walk_zooms = zoom_walk()
    print(f"view {VIEW[0]}x{VIEW[1]}, 60x40 map, {COUNTERS} counters, {len(walk_zooms)} wheel "
          f"steps ({MIN_ZOOM} -> {MAX_ZOOM} -> {MIN_ZOOM}), one every {args.step_ms:.0f} ms; "
          f"gameapp from {Path(gameapp.__file__).parent.parent}")
    print(summary("board, wall clock", board[0]))
    print(summary("naive one-item-per-hex scene", naive[0]))
    print(summary("board, CPU time of the thread", board[1]))
    print(summary("naive one-item-per-hex scene", naive[1]))
    print(f"yardstick (bench/yardstick.py) before {before:.1f} ms, after {after:.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
