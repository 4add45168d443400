"""PointRows: points (hex centres, line midpoints) in rows of one y each, sorted by x, so that the
points in a rectangle are found by bisection, in plain Python (the board draws its first frame
without numpy, issue 28: start-up), in time that grows with the rows the rectangle spans."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Sequence

Point = tuple[float, float]
Bound = Callable[[float], bool]


class PointRows:
    def __init__(self, points: Sequence[Point]) -> None:
        self.points = points
        rows: dict[float, list[tuple[float, int]]] = {}
        for i, (x, y) in enumerate(points):
            rows.setdefault(y, []).append((x, i))
        self._ys = sorted(rows)
        ordered = [sorted(rows[y]) for y in self._ys]
        self._xs = [[x for x, _ in row] for row in ordered]
        self._indices = [[i for _, i in row] for row in ordered]

    def inside(self, x_from: Bound, x_to: Bound, y_from: Bound, y_to: Bound) -> list[int]:
        """The indices, in order, of the points (x, y) for which all four hold. Each must be
        monotone in its coordinate: `x_from`, `y_from` false below some value and true from it
        on, `x_to`, `y_to` true up to some value and false above it (as `x >= left` and
        `x <= right` are, exactly as written, in floating point)."""
        ys = self._ys
        first = bisect_left(ys, True, key=y_from)
        last = bisect_left(ys, True, lo=first, key=lambda y: not y_to(y))
        found: list[int] = []
        for row in range(first, last):
            xs = self._xs[row]
            start = bisect_left(xs, True, key=x_from)
            found.extend(self._indices[row][start:bisect_left(xs, True, lo=start,
                                                              key=lambda x: not x_to(x))])
        found.sort()
        return found
