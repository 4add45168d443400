"""PointGrid: points (hex centres, line midpoints) in square cells, to pick those near a rectangle
without looking at every one, in plain Python (the board draws its first frame without numpy,
issue 28: start-up)."""

from __future__ import annotations

import math
from collections.abc import Sequence

Point = tuple[float, float]


class PointGrid:
    """The points of a list, by the square cell of side `cell` (scene units) each lies in."""

    def __init__(self, points: Sequence[Point], cell: float) -> None:
        self.points = points
        self.cell = cell
        self._cells: dict[tuple[int, int], list[int]] = {}
        for i, (x, y) in enumerate(points):
            self._cells.setdefault((math.floor(x / cell), math.floor(y / cell)), []).append(i)
        columns = [column for column, _ in self._cells]
        rows = [row for _, row in self._cells]
        self._columns = (min(columns, default=0), max(columns, default=-1))
        self._rows = (min(rows, default=0), max(rows, default=-1))

    def candidates(self, left: float, top: float, right: float, bottom: float) -> list[int]:
        """The indices, in order, of every point inside the box (its edges included) and of some
        points near it, in the cells it meets: the caller tests each one exactly."""
        if not (left <= right and top <= bottom):  # an empty box, or one with NaN
            return []
        cell = self.cell
        first_column = max(self._columns[0], _floor(left / cell) - 1)
        last_column = min(self._columns[1], _floor(right / cell) + 1)
        first_row = max(self._rows[0], _floor(top / cell) - 1)
        last_row = min(self._rows[1], _floor(bottom / cell) + 1)
        found: list[int] = []
        cells = self._cells
        for column in range(first_column, last_column + 1):
            for row in range(first_row, last_row + 1):
                found.extend(cells.get((column, row), ()))
        found.sort()
        return found


def _floor(value: float) -> int:
    """math.floor, kept within a range a loop can count (a box may reach to infinity)."""
    if value != value:  # NaN
        return 0
    return math.floor(max(-1e9, min(1e9, value)))
