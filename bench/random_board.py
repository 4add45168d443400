"""Random but plausible boards for benchmarks and look-see renders: rolling hills, woods and field
patches, winding streams and fences along hexsides, roads between towns, and a crowd of counters."""

from __future__ import annotations

import random

import numpy as np

from gameapp.core.hexgrid import Hex, Orientation
from gameapp.core.mapdata import HexMap
from gameapp.core.numbering import Numbering
from gameapp.core.terrain import HexFeature, HexsideFeature, RoadGrade, Terrain
from gameapp.core.units import (
    FORMATIONS_BY_KIND,
    GunType,
    Side,
    SmallArms,
    Status,
    Unit,
    UnitDef,
    UnitKind,
)

_PATCHES = (
    (Terrain.WOODS, 8),
    (Terrain.OAK, 4),
    (Terrain.OAK_AND_BRUSH, 3),
    (Terrain.PINE, 3),
    (Terrain.PINE_AND_BRUSH, 2),
    (Terrain.BRUSH, 3),
    (Terrain.ROCKY_WOODS, 2),
    (Terrain.ORCHARD, 3),
    (Terrain.CORNFIELD, 4),
    (Terrain.TOWN, 1),
)
_LINES = (
    HexsideFeature.STREAM,
    HexsideFeature.CREEK,
    HexsideFeature.FENCE,
    HexsideFeature.STONE_WALL,
    HexsideFeature.POST_AND_RAIL_FENCE,
    HexsideFeature.CREST,
    HexsideFeature.EMBANKMENT,
    HexsideFeature.DEEP_CUT,
    HexsideFeature.HIGH_EMBANKMENT,
)


def random_map(
    width: int, height: int, seed: int = 1, orientation: Orientation = Orientation.FLAT
) -> HexMap:
    rng = random.Random(seed)
    hex_map = HexMap.blank(f"random {width}x{height}", Numbering(orientation, width, height))
    hexes = hex_map.hexes()
    _hills(hex_map, rng)
    scale = width * height / 2400
    for terrain, count in _PATCHES:
        for _ in range(max(1, round(count * scale))):
            _patch(hex_map, rng.choice(hexes), terrain, rng.randint(1, 3), rng)
    for feature in _LINES:
        for _ in range(max(1, round(2 * scale))):
            _hexside_chain(hex_map, rng.choice(hexes), feature, rng.randint(4, 12), rng)
    for grade in (RoadGrade.PIKE, RoadGrade.ROAD, RoadGrade.LANE, RoadGrade.PATH):
        for _ in range(max(1, round(2 * scale))):
            _road(hex_map, rng.choice(hexes), grade, rng.randint(8, 25), rng)
    for feature in HexFeature:
        if feature.value:
            for _ in range(max(1, round(4 * scale))):
                hex_map.add_features(rng.choice(hexes), feature)
    return hex_map


def _hills(hex_map: HexMap, rng: random.Random) -> None:
    h, w = hex_map.height, hex_map.width
    rows, cols = np.mgrid[0:h, 0:w]
    elevation = np.zeros((h, w))
    for _ in range(max(3, w * h // 300)):
        cr, cc = rng.uniform(0, h), rng.uniform(0, w)
        spread = rng.uniform(3, 9)
        elevation += rng.uniform(40, 140) * np.exp(
            -((rows - cr) ** 2 + (cols - cc) ** 2) / (2 * spread**2)
        )
    hex_map.elevation[:] = (np.round(elevation / 10) * 10).astype(np.int16)


def _patch(hex_map: HexMap, centre: Hex, terrain: Terrain, radius: int, rng: random.Random) -> None:
    for h in centre.range(radius):
        if hex_map.contains(h) and rng.random() < 0.8:
            hex_map.set_terrain(h, terrain)


def _hexside_chain(
    hex_map: HexMap, start: Hex, feature: HexsideFeature, length: int, rng: random.Random
) -> None:
    """Sides along the left bank of a wandering line of hexes: a connected chain of hexsides."""
    h, k = start, rng.randrange(6)
    for _ in range(length):
        for d in (k + 1, k + 2):
            if hex_map.contains(h) or hex_map.contains(h.neighbor(d)):
                hex_map.add_hexside(h, d, feature)
        if rng.random() < 0.25:
            k = (k + rng.choice((-1, 1))) % 6
        h = h.neighbor(k)


def _road(hex_map: HexMap, start: Hex, grade: RoadGrade, length: int, rng: random.Random) -> None:
    h, k = start, rng.randrange(6)
    for _ in range(length):
        nxt = h.neighbor(k)
        if not hex_map.contains(nxt):
            return
        hex_map.add_road(h, nxt, grade)
        h = nxt
        if rng.random() < 0.3:
            k = (k + rng.choice((-1, 1))) % 6


def random_units(hex_map: HexMap, count: int, seed: int = 2) -> list[Unit]:
    rng = random.Random(seed)
    hexes = hex_map.hexes()
    units: list[Unit] = []
    kinds = (UnitKind.INFANTRY,) * 6 + (
        UnitKind.CAVALRY,
        UnitKind.ARTILLERY,
        UnitKind.ARTILLERY,
        UnitKind.LEADER,
    )
    h = rng.choice(hexes)
    for n in range(count):
        if rng.random() < 0.6:
            h = rng.choice(hexes)
        side = Side.UNION if (hex_map.index(h)[1] < hex_map.width / 2) else Side.CONFEDERATE
        kind = rng.choice(kinds)
        defn = UnitDef(
            id=f"u{n}",
            side=side,
            name=_name(kind, n, rng),
            kind=kind,
            strength=rng.randint(2, 12) if kind is not UnitKind.LEADER else 0,
            morale=rng.choice((24, 31, 33, 35, 42, 44, 46)),
            brigade=f"{n % 7 + 1}th Brigade",
            weapon=rng.choice(list(SmallArms))
            if kind in (UnitKind.INFANTRY, UnitKind.CAVALRY)
            else None,
            fire_power=rng.choice((1.0, 1.5, 2.0)),
            gun=rng.choice(list(GunType)) if kind is UnitKind.ARTILLERY else None,
            gun_label="1 R 3" if kind is UnitKind.ARTILLERY else "",
            leader_morale_bonus=rng.randint(1, 3) if kind is UnitKind.LEADER else 0,
        )
        status = frozenset(s for s in Status if rng.random() < 0.08)
        units.append(Unit(defn, h, rng.randrange(6), rng.choice(FORMATIONS_BY_KIND[kind]), status))
    return units


_SURNAMES = (
    "Gibbon",
    "Hood",
    "Law",
    "Iron",
    "Ward",
    "Kemper",
    "Pickett",
    "Barksdale",
    "Meade",
    "Hays",
)


def _name(kind: UnitKind, n: int, rng: random.Random) -> str:
    if kind is UnitKind.LEADER:
        return rng.choice(_SURNAMES)
    if kind is UnitKind.ARTILLERY:
        return f"Btty {chr(65 + n % 26)}"
    state = rng.choice(("Va", "NC", "Ga", "Pa", "NY", "Mass", "Wis", "Ala"))
    return f"{n % 40 + 1}th {state}" + (" Cav" if kind is UnitKind.CAVALRY else "")
