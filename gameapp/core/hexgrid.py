"""Hex arithmetic in axial/cube integers, hexside identity and the hex <-> pixel layout.

All rules work in axial coordinates (q, r); the third cube coordinate is s = -q - r. Offset
coordinates and printed hex ids live in `numbering.py`, at the edges of the program.

Directions are numbered 0..5 counter-clockwise on screen. In screen terms:
- flat-top hexes: 0 SE, 1 NE, 2 N, 3 NW, 4 SW, 5 S;
- pointy-top hexes: 0 E, 1 NE, 2 NW, 3 W, 4 SW, 5 SE.
A unit's facing is one of these direction numbers: the hexside its front faces.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:  # numpy is imported by the rounding, when first used: not at start-up
    import numpy as np
    import numpy.typing as npt

AXIAL_DIRECTIONS: tuple[tuple[int, int], ...] = (
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, 0),
    (-1, 1),
    (0, 1),
)


class Hex(NamedTuple):
    """A hex in axial coordinates. A named tuple: hashing and building one is fast, which the
    searches that create and look up thousands of hexes per call rely on."""

    q: int
    r: int

    @property
    def s(self) -> int:
        return -self.q - self.r

    def __add__(self, other: Hex) -> Hex:  # type: ignore[override]
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Hex) -> Hex:
        return Hex(self.q - other.q, self.r - other.r)

    def neighbor(self, direction: int) -> Hex:
        dq, dr = AXIAL_DIRECTIONS[direction % 6]
        return Hex(self.q + dq, self.r + dr)

    def neighbors(self) -> list[Hex]:
        return [Hex(self.q + dq, self.r + dr) for dq, dr in AXIAL_DIRECTIONS]

    def distance(self, other: Hex) -> int:
        dq = self.q - other.q
        dr = self.r - other.r
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    def direction_to(self, other: Hex) -> int | None:
        """The direction number of `other` if it is a neighbour, else None."""
        delta = (other.q - self.q, other.r - self.r)
        try:
            return AXIAL_DIRECTIONS.index(delta)
        except ValueError:
            return None

    def ring(self, radius: int) -> list[Hex]:
        """The hexes exactly `radius` away, in order around the ring."""
        if radius < 0:
            raise ValueError("radius must be >= 0")
        if radius == 0:
            return [self]
        result: list[Hex] = []
        dq, dr = AXIAL_DIRECTIONS[4]
        h = Hex(self.q + dq * radius, self.r + dr * radius)
        for side in range(6):
            for _ in range(radius):
                result.append(h)
                h = h.neighbor(side)
        return result

    def range(self, radius: int) -> Iterator[Hex]:
        """Every hex within `radius` (inclusive), this hex first."""
        for dq in range(-radius, radius + 1):
            for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
                yield Hex(self.q + dq, self.r + dr)

    def line_to(self, other: Hex) -> list[Hex]:
        """The hexes on the straight line from here to `other`, both ends included.

        Where the line runs exactly along hexsides this picks one side consistently (the
        positive nudge); `lines_to` gives both choices.
        """
        return _line(self, other, +1)

    def lines_to(self, other: Hex) -> tuple[list[Hex], list[Hex]]:
        """The line nudged both ways. The two differ only where the line runs along hexsides."""
        return _line(self, other, +1), _line(self, other, -1)


_NUDGE = (1e-6, 2e-6, -3e-6)


def _line(a: Hex, b: Hex, sign: int) -> list[Hex]:
    if a == b:
        return [a]
    return [Hex(a.q + q, a.r + r) for q, r in _line_from_origin(b.q - a.q, b.r - a.r, sign)]


@lru_cache(maxsize=4096)
def _line_from_origin(dq: int, dr: int, sign: int) -> tuple[tuple[int, int], ...]:
    """The nudged line from (0, 0) to (dq, dr); a line elsewhere is this one moved, so the few
    hundred distinct offsets a game uses are rounded once each."""
    import numpy as np

    n = Hex(dq, dr).distance(Hex(0, 0))
    aq, ar, as_ = sign * _NUDGE[0], sign * _NUDGE[1], sign * _NUDGE[2]
    t = np.arange(n + 1) / n
    qs, rs = cube_round(aq + dq * t, ar + dr * t, as_ + (-dq - dr) * t)
    return tuple(zip(qs.tolist(), rs.tolist(), strict=True))


def cube_round(fq: npt.ArrayLike, fr: npt.ArrayLike, fs: npt.ArrayLike | None = None
               ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """The axial (q, r) of the hexes holding fractional cube coordinates, element by element.

    `fs` defaults to -fq - fr; the lines pass the s they interpolate beside q and r. Halves
    round to even, then the coordinate that moved most is rebuilt from the other two (the Red
    Blob Games rounding). The one rounding of the program: points, lines and map compiling.
    """
    import numpy as np

    fq, fr = np.asarray(fq, dtype=float), np.asarray(fr, dtype=float)
    fs = -fq - fr if fs is None else np.asarray(fs, dtype=float)
    q, r, s = np.rint(fq), np.rint(fr), np.rint(fs)
    dq, dr, ds = np.abs(q - fq), np.abs(r - fr), np.abs(s - fs)
    fix_q = (dq > dr) & (dq > ds)
    fix_r = ~fix_q & (dr > ds)
    q = np.where(fix_q, -r - s, q)
    r = np.where(fix_r, -q - s, r)
    return q.astype(np.int64), r.astype(np.int64)


@dataclass(frozen=True, slots=True, order=True)
class Hexside:
    """One side shared by two neighbouring hexes, the same key whichever hex you start from.

    Canonical form: the hex on one side and a direction in 0..2 from it.
    """

    hex: Hex
    direction: int

    @staticmethod
    def of(h: Hex, direction: int) -> Hexside:
        direction %= 6
        if direction < 3:
            return Hexside(h, direction)
        return Hexside(h.neighbor(direction), direction - 3)

    @staticmethod
    def between(a: Hex, b: Hex) -> Hexside:
        direction = a.direction_to(b)
        if direction is None:
            raise ValueError(f"{a} and {b} are not neighbours")
        return Hexside.of(a, direction)

    def hexes(self) -> tuple[Hex, Hex]:
        return self.hex, self.hex.neighbor(self.direction)


class Orientation(Enum):
    FLAT = "flat"
    POINTY = "pointy"


_SQRT3 = math.sqrt(3.0)

# forward matrix (f0..f3), inverse matrix (b0..b3) and the angle of corner 0, in units of 60 degrees
_MATRICES = {
    Orientation.FLAT: ((1.5, 0.0, _SQRT3 / 2, _SQRT3), (2 / 3, 0.0, -1 / 3, _SQRT3 / 3), 0.0),
    Orientation.POINTY: ((_SQRT3, _SQRT3 / 2, 0.0, 1.5), (_SQRT3 / 3, -1 / 3, 0.0, 2 / 3), 0.5),
}


@dataclass(frozen=True, slots=True)
class Layout:
    """Hex <-> pixel conversion. `size` is the centre-to-corner distance; y grows downward."""

    orientation: Orientation = Orientation.FLAT
    size: float = 1.0
    origin: tuple[float, float] = (0.0, 0.0)

    def hex_to_pixel(self, h: Hex) -> tuple[float, float]:
        f0, f1, f2, f3 = _MATRICES[self.orientation][0]
        x = (f0 * h.q + f1 * h.r) * self.size
        y = (f2 * h.q + f3 * h.r) * self.size
        return x + self.origin[0], y + self.origin[1]

    def pixel_to_fractional(self, x: float, y: float) -> tuple[float, float, float]:
        b0, b1, b2, b3 = _MATRICES[self.orientation][1]
        px = (x - self.origin[0]) / self.size
        py = (y - self.origin[1]) / self.size
        q = b0 * px + b1 * py
        r = b2 * px + b3 * py
        return q, r, -q - r

    def pixel_to_hex(self, x: float, y: float) -> Hex:
        q, r = cube_round(*self.pixel_to_fractional(x, y))
        return Hex(int(q), int(r))

    def corner_offset(self, corner: int) -> tuple[float, float]:
        """Offset of corner `corner` (0..5, counter-clockwise on screen) from the hex centre.

        Flat-top corner 0 is east; pointy-top corner 0 is 30 degrees above east.
        """
        angle = math.pi / 3 * (corner + _MATRICES[self.orientation][2])
        return self.size * math.cos(angle), -self.size * math.sin(angle)

    def corners(self, h: Hex) -> list[tuple[float, float]]:
        cx, cy = self.hex_to_pixel(h)
        return [(cx + dx, cy + dy) for dx, dy in (self.corner_offset(i) for i in range(6))]

    def direction_angle(self, direction: int) -> float:
        """Screen angle in degrees, counter-clockwise from east (y up), to neighbour `direction`."""
        x1, y1 = self.hex_to_pixel(Hex(0, 0).neighbor(direction))
        x0, y0 = self.origin
        return math.degrees(math.atan2(-(y1 - y0), x1 - x0)) % 360.0

    def hexside_endpoints(
        self, side: Hexside
    ) -> tuple[tuple[float, float], tuple[float, float]]:
        """The two corners, in pixels, that bound a hexside."""
        cx, cy = self.hex_to_pixel(side.hex)
        theta = math.radians(self.direction_angle(side.direction))
        half = math.pi / 6
        inner = self.size
        a = (cx + inner * math.cos(theta - half), cy - inner * math.sin(theta - half))
        b = (cx + inner * math.cos(theta + half), cy - inner * math.sin(theta + half))
        return a, b
