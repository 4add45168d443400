"""PointRows (the board's pick of the hexes and lines a rectangle needs, without numpy: issue 28)
picks exactly the points a test of every point would, in the same order, for boxes that cut
through rows, touch points on their edges, miss the map or hold all of it."""

from __future__ import annotations

import math
import random

from PySide6.QtCore import QRectF

from gameapp.core.hexgrid import Orientation
from gameapp.core.numbering import Numbering, ScreenDirection
from gameapp.ui.board.geometry import BoardGeometry
from gameapp.ui.board.map_model import _midpoints, near
from gameapp.ui.board.point_rows import PointRows


def _every_point(points: list[tuple[float, float]], left: float, top: float, right: float,
                 bottom: float) -> list[int]:
    return [i for i, (x, y) in enumerate(points) if left <= x <= right and top <= y <= bottom]


def _boxes(points: list[tuple[float, float]], seed: int) -> list[tuple[float, ...]]:
    rng = random.Random(seed)
    xs, ys = [x for x, _ in points], [y for _, y in points]
    boxes: list[tuple[float, ...]] = [
        (min(xs), min(ys), max(xs), max(ys)),  # every point, some on each edge
        (-1e9, -1e9, 1e9, 1e9), (max(xs) + 1, 0, max(xs) + 5, 9), (5, 5, 4, 6),  # none: empty
        (-math.inf, -math.inf, math.inf, math.inf), (math.nan, 0, 10, 10),
    ]
    for _ in range(300):
        a, b = rng.choice(points), rng.choice(points)  # corners on points: edges touch them
        boxes.append((min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1])))
        x, y = rng.uniform(min(xs) - 50, max(xs)), rng.uniform(min(ys) - 50, max(ys))
        boxes.append((x, y, x + rng.uniform(0, 400), y + rng.uniform(0, 300)))
    return boxes


def test_the_points_in_a_box_are_those_a_test_of_every_point_finds() -> None:
    rng = random.Random(5)
    grid = [(float(x * 7), float(y * 3)) for y in range(20) for x in range(30)]
    scattered = [(rng.uniform(0, 500), rng.choice([rng.uniform(0, 300), 12.0, 12.0]))
                 for _ in range(800)]  # many points on one y, and on one x
    for points in (grid, scattered, [(1.0, 1.0)]):
        rows = PointRows(points)
        for left, top, right, bottom in _boxes(points, 3):
            found = rows.inside(lambda x, le=left: x >= le, lambda x, r=right: x <= r,
                                lambda y, t=top: y >= t, lambda y, b=bottom: y <= b)
            assert found == _every_point(points, left, top, right, bottom), (left, top, right)
    assert PointRows([]).inside(bool, bool, bool, bool) == []


def test_the_hexes_a_rectangle_needs_are_those_whose_shape_may_touch_it() -> None:
    for orientation, rows_grow, positions_grow in (
            (Orientation.FLAT, ScreenDirection.RIGHT, ScreenDirection.DOWN),
            (Orientation.POINTY, ScreenDirection.DOWN, ScreenDirection.RIGHT),
            (Orientation.FLAT, ScreenDirection.LEFT, ScreenDirection.UP)):
        numbering = Numbering(orientation=orientation, width=23, height=17,
                              hexrows_grow=rows_grow, positions_grow=positions_grow)
        geo = BoardGeometry(numbering, 48.0, margin=28.8)
        hw, hh = geo.half_extent
        for left, top, right, bottom in _boxes(geo.centres, 7):
            if math.isnan(left):
                continue  # a QRectF of NaN is no rectangle the view asks for
            rect = QRectF(left, top, right - left, bottom - top)
            for pad in (0.0, 1.0):
                expected = [i for i, (x, y) in enumerate(geo.centres)
                            if x + hw + pad >= rect.left() and x - hw - pad <= rect.right()
                            and y + hh + pad >= rect.top() and y - hh - pad <= rect.bottom()]
                assert geo.indices_in(rect, pad) == expected, (orientation, rect, pad)


def test_the_lines_near_a_rectangle_are_those_whose_middle_is_within_the_pad() -> None:
    rng = random.Random(11)
    ends = [((rng.uniform(0, 900), rng.uniform(0, 700)), (rng.uniform(0, 900),
                                                          rng.uniform(0, 700)))
            for _ in range(500)]
    middles = _midpoints(ends)
    for left, top, right, bottom in _boxes(list(middles.points), 9):
        if math.isnan(left):
            continue
        rect = QRectF(left, top, right - left, bottom - top)
        expected = [k for k, (x, y) in enumerate(middles.points)
                    if rect.left() - 20 <= x <= rect.right() + 20
                    and rect.top() - 20 <= y <= rect.bottom() + 20]
        assert near(middles, rect, 20.0) == expected
