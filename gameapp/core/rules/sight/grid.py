"""A map as the line-of-sight rules read it: flat numpy arrays, one cell per hex plus one more.

`sight_map(game_map)` builds, once per map, what a sight line meets in each hex (ground, the
obstacle's height, whether the trees are woods or an orchard, whether the hex is inside a deep
cut or on high ground) from `data/los.yaml` (see `losdata.py`). Cells are indexed by the flat map
index `row * width + col`; the extra last cell stands for every hex off the map, which has no
ground and no obstacle, so a line that grazes the map's edge is never blocked there.

The cache notices edits: it is keyed by the map object and a checksum of its arrays.
"""

from __future__ import annotations

import weakref
import zlib
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from gameapp.core.hexgrid import AXIAL_DIRECTIONS, Orientation
from gameapp.core.mapdata import HexMap
from gameapp.core.rules.front import DEEP_CUT_MIN_SIDES
from gameapp.core.rules.sight.obstacles import LosTables, ObstacleKind, los_tables
from gameapp.core.terrain import HexsideFeature, Terrain

OFF_MAP_GROUND = -1.0e9


@dataclass(frozen=True)
class SightMap:
    width: int
    height: int
    orientation: Orientation
    odd_shoved: bool
    tables: LosTables
    ground: np.ndarray  # float64 [n+1]: feet
    raised: np.ndarray  # float64 [n+1]: the highest point of the hex, its crests included
    terrain_obstacle: np.ndarray  # float64 [n+1]: height of the hex terrain's obstacle
    feature_obstacle: np.ndarray  # float64 [n+1]: height of the tallest hex feature
    trees: np.ndarray  # float64 [n+1]: height of woods or orchard trees, else 0
    orchard: np.ndarray  # bool [n+1]
    deep_cut: np.ndarray  # bool [n+1]: inside a deep cut (N18)
    high: np.ndarray  # bool [n+1]: above the lowest ground of the map (same hill)
    hexsides: np.ndarray  # uint16 [n+1, 6]: HexsideFeature flags

    @property
    def off_map(self) -> int:
        """The index of the cell that stands for every hex off the map."""
        return self.width * self.height

    def flat_index(self, q: np.ndarray, r: np.ndarray) -> np.ndarray:
        """Flat map index of each axial (q, r); `off_map` for hexes off the map."""
        if self.orientation is Orientation.FLAT:
            col, row = q, r + _half(q, self.odd_shoved)
        else:
            col, row = q + _half(r, self.odd_shoved), r
        inside = (col >= 0) & (col < self.width) & (row >= 0) & (row < self.height)
        return np.where(inside, row * self.width + col, self.off_map)


def _half(n: np.ndarray, odd_shoved: bool) -> np.ndarray:
    odd = n & 1
    half: np.ndarray = (n - odd) // 2 if odd_shoved else (n + odd) // 2
    return half


def build_sight_map(game_map: HexMap, tables: LosTables | None = None) -> SightMap:
    tables = tables or los_tables()
    numbering = game_map.numbering
    n = game_map.width * game_map.height
    terrain = game_map.terrain.ravel()
    features = game_map.features.ravel()
    ground = _with_off_map(game_map.elevation.ravel().astype(np.float64), OFF_MAP_GROUND)

    terrain_height = np.zeros(256)
    tree_height = np.zeros(256)
    for t in Terrain:
        terrain_height[t] = tables.terrain_height[t]
        if tables.terrain_kind[t] is not ObstacleKind.NONE:
            tree_height[t] = tables.terrain_height[t]
    feature_obstacle = np.zeros(n)
    for feature, height in tables.feature_height.items():
        feature_obstacle = np.where(features & int(feature), np.maximum(feature_obstacle, height),
                                    feature_obstacle)
    hexsides = np.zeros((n + 1, 6), dtype=np.uint16)
    hexsides[:n] = game_map.hexsides.reshape(n, 6)
    cut_sides = ((hexsides[:n] & int(HexsideFeature.DEEP_CUT)) != 0).sum(axis=1)

    sm = SightMap(
        width=game_map.width,
        height=game_map.height,
        orientation=numbering.orientation,
        odd_shoved=numbering.odd_shoved,
        tables=tables,
        ground=ground,
        raised=ground,
        terrain_obstacle=_with_off_map(terrain_height[terrain], 0.0),
        feature_obstacle=_with_off_map(feature_obstacle, 0.0),
        trees=_with_off_map(tree_height[terrain], 0.0),
        orchard=_with_off_map(terrain == int(Terrain.ORCHARD), False),
        deep_cut=_with_off_map(cut_sides >= DEEP_CUT_MIN_SIDES, False),
        high=_with_off_map(ground[:n] > ground[:n].min(), False),
        hexsides=hexsides,
    )
    object.__setattr__(sm, "raised", _raised(sm, game_map))
    return sm


def _with_off_map(values: np.ndarray, off_map: float | bool) -> np.ndarray:
    return np.append(values, np.asarray(off_map, dtype=values.dtype))


def _raised(sm: SightMap, game_map: HexMap) -> np.ndarray:
    """The highest point of each hex under LoB's `highest_point`: its ground, or the brow of any
    crest along its sides (the higher neighbour's ground plus the brow)."""
    n = sm.off_map
    rows, cols = np.divmod(np.arange(n), sm.width)
    if sm.orientation is Orientation.FLAT:
        q, r = cols, rows - _half(cols, sm.odd_shoved)
    else:
        q, r = cols - _half(rows, sm.odd_shoved), rows
    raised = sm.ground.copy()
    for d, (dq, dr) in enumerate(AXIAL_DIRECTIONS):
        neighbour = sm.flat_index(q + dq, r + dr)
        crest = (sm.hexsides[:n, d] & int(HexsideFeature.CREST)) != 0
        brow = np.maximum(sm.ground[:n], sm.ground[neighbour]) + sm.tables.crest_brow
        raised[:n] = np.where(crest, np.maximum(raised[:n], brow), raised[:n])
    return raised


_CACHE: dict[int, tuple[weakref.ref[HexMap], int, SightMap]] = {}


def _checksum(game_map: HexMap) -> int:
    crc = 0
    for array in (game_map.terrain, game_map.elevation, game_map.features, game_map.hexsides):
        crc = zlib.crc32(np.ascontiguousarray(array).data, crc)
    return crc


def sight_map(game_map: HexMap) -> SightMap:
    """The sight map of `game_map`, built once and rebuilt when the map's arrays change."""
    key = id(game_map)
    checksum = _checksum(game_map)
    cached = _CACHE.get(key)
    if cached is not None and cached[0]() is game_map and cached[1] == checksum:
        return cached[2]
    built = build_sight_map(game_map)
    _CACHE[key] = (weakref.ref(game_map, _forget(key)), checksum, built)
    return built


def _forget(key: int) -> Callable[[weakref.ref[HexMap]], None]:
    def forget(_ref: weakref.ref[HexMap]) -> None:
        _CACHE.pop(key, None)

    return forget

