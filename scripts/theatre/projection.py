"""From longitude and latitude to a map's hex units: a Lambert conformal conic projection, then the
similarity transform (scale, rotation, offset) that puts the errata's reference cities on their
printed hexes.

The projection is spherical (radius 6371 km) with standard parallels 31 and 39 N, which bracket
both theatres (25-42 N); its scale error there is under 1.5%, a tenth of a hex across a map.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

EARTH_KM = 6371.0
_PHI1, _PHI2, _LON0 = math.radians(31.0), math.radians(39.0), math.radians(-84.0)
_N = math.log(math.cos(_PHI1) / math.cos(_PHI2)) / math.log(
    math.tan(math.pi / 4 + _PHI2 / 2) / math.tan(math.pi / 4 + _PHI1 / 2)
)
_F = math.cos(_PHI1) * math.tan(math.pi / 4 + _PHI1 / 2) ** _N / _N
SQRT3 = math.sqrt(3.0)


def lcc_km(lon: np.ndarray, lat: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(x east, y north) in km of the Lambert conformal conic used for both theatres."""
    lam, phi = np.radians(lon), np.radians(lat)
    rho = EARTH_KM * _F / np.tan(np.pi / 4 + phi / 2) ** _N
    theta = _N * (lam - _LON0)
    return rho * np.sin(theta), EARTH_KM * _F - rho * np.cos(theta)


def hex_centre(col: int, row: int, odd_shoved: bool) -> tuple[float, float]:
    """The centre of a flat-top hex at screen offset (col, row), in map hex units (y down)."""
    shoved = (col % 2 == 1) if odd_shoved else (col % 2 == 0)
    return 1.5 * col, SQRT3 * row + (SQRT3 / 2 if shoved else 0.0)


@dataclass(frozen=True)
class Fit:
    """z_map = a * conj(z_km) + b, in complex numbers (conj: the map's y axis points south)."""

    a: complex
    b: complex
    odd_shoved: bool
    residuals: tuple[float, ...]  # per reference city, in hexes (centre-to-centre units)

    @property
    def km_per_hex(self) -> float:
        """Distance between neighbouring hex centres, in km."""
        return SQRT3 / abs(self.a)

    @property
    def rotation_degrees(self) -> float:
        return math.degrees(math.atan2(self.a.imag, self.a.real))

    def to_map(self, lon: np.ndarray, lat: np.ndarray) -> np.ndarray:
        """[n, 2] map hex units of points given in degrees."""
        x, y = lcc_km(np.asarray(lon, float), np.asarray(lat, float))
        z = self.a * (x - 1j * y) + self.b
        return np.stack([z.real, z.imag], axis=-1)


def fit(
    points: list[tuple[float, float]], cells: list[tuple[int, int]], odd_shoved: bool
) -> Fit:
    """Least-squares similarity from (lon, lat) points to the centres of their (col, row) hexes."""
    lon, lat = np.array(points, float).T
    x, y = lcc_km(lon, lat)
    src = x - 1j * y
    dst = np.array([complex(*hex_centre(c, r, odd_shoved)) for c, r in cells])
    design = np.stack([src, np.ones_like(src)], axis=1)
    (a, b), *_ = np.linalg.lstsq(design, dst, rcond=None)
    residuals = np.abs(design @ np.array([a, b]) - dst) / SQRT3
    return Fit(complex(a), complex(b), odd_shoved, tuple(float(r) for r in residuals))


def best_fit(points: list[tuple[float, float]], cells: list[tuple[int, int]]) -> Fit:
    """The better of the two shoving conventions (odd or even columns shoved down)."""
    fits = [fit(points, cells, shoved) for shoved in (True, False)]
    return min(fits, key=lambda f: (sum(r * r for r in f.residuals), not f.odd_shoved))
