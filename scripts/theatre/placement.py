"""Where geography lands on a map: the similarity fit of projection.py, then a small smooth
correction that moves each reference city onto the centre of its printed hex.

The fit leaves residuals of up to about 0.8 hex (the projection of the 1977 maps is unknown).
The correction is a Gaussian radial-basis field, exact at the reference cities and fading with a
scale of four hexes, so that geography moves with the cities near it and stays put far away.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from theatre.projection import SQRT3, Fit, best_fit, hex_centre

SIGMA = 4 * SQRT3  # the correction's fade, in map hex units (four hexes)


@dataclass(frozen=True)
class Placement:
    fit: Fit
    anchors: np.ndarray  # [k, 2] the fitted positions of the reference cities
    weights: np.ndarray  # [k, 2] radial-basis weights of the correction

    def to_map(self, lonlat: np.ndarray) -> np.ndarray:
        """[n, 2] map hex units of [n, 2] (lon, lat) points."""
        lonlat = np.asarray(lonlat, float).reshape(-1, 2)
        plain = self.fit.to_map(lonlat[:, 0], lonlat[:, 1])
        return plain + _kernel(plain, self.anchors) @ self.weights


def _kernel(points: np.ndarray, anchors: np.ndarray) -> np.ndarray:
    gaps = np.linalg.norm(points[:, None, :] - anchors[None, :, :], axis=-1)
    return np.exp(-((gaps / SIGMA) ** 2))


def place(lonlats: list[tuple[float, float]], cells: list[tuple[int, int]]) -> Placement:
    """The placement that puts each (lon, lat) on the centre of its (col, row) hex."""
    fit = best_fit(lonlats, cells)
    lon, lat = np.array(lonlats).T
    anchors = fit.to_map(lon, lat)
    targets = np.array([hex_centre(c, r, fit.odd_shoved) for c, r in cells])
    weights = np.linalg.solve(_kernel(anchors, anchors), targets - anchors)
    return Placement(fit, anchors, weights)
