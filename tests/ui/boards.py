"""Small boards built in code for the UI tests, so no test depends on data files.

`showcase_map` puts every terrain, hexside feature, road grade and hex feature on one 12x8 map;
`sample_units` places a few counters of each side and kind, with a stack in hex 0304.
"""

from __future__ import annotations

import itertools
from pathlib import Path

from gameapp.core.hexgrid import Hex, Orientation
from gameapp.core.mapdata import HexMap
from gameapp.core.numbering import Numbering, ScreenDirection
from gameapp.core.scenario import Scenario, TurnClock
from gameapp.core.terrain import HexFeature, HexsideFeature, RoadGrade, Terrain
from gameapp.core.units import Formation, GunType, Side, SmallArms, Status, Unit, UnitDef, UnitKind


def showcase_map(orientation: Orientation = Orientation.FLAT) -> HexMap:
    m = HexMap.blank("showcase", _numbering(orientation))

    def at(cr: str) -> Hex:  # "CCRR": 1-based screen column and row
        return m.numbering.offset_to_hex(int(cr[:2]) - 1, int(cr[2:]) - 1)

    terrains = [t for t in Terrain if t is not Terrain.CLEAR]
    for i, terrain in enumerate(terrains):  # row 2 (positions 02) left to right, then row 3
        col, row = (i % 6) * 2 + 1, 2 + (i // 6) * 2
        m.set_terrain(at(f"{col + 1:02d}{row:02d}"), terrain)
        m.set_terrain(at(f"{col + 1:02d}{row + 1:02d}"), terrain)
    for k, hex_id in enumerate(("0106", "0206", "0306", "0406", "0506", "0606")):
        m.set_elevation(at(hex_id), 20 * k)
    for col in range(1, 13):
        for row in (7, 8):
            m.set_elevation(at(f"{col:02d}{row:02d}"), 60 + 10 * col)
    sides = [f for f in HexsideFeature if f.value]
    for i, feature in enumerate(sides):
        h = at(f"{i + 1:02d}07")
        m.add_hexside(h, 2, feature)
    m.add_hexside(at("0807"), 2, HexsideFeature.STREAM | HexsideFeature.FORD)
    m.add_hexside(at("1107"), 2, HexsideFeature.CREEK | HexsideFeature.BRIDGE)
    for grade, row in ((RoadGrade.PIKE, 1), (RoadGrade.ROAD, 5), (RoadGrade.LANE, 6)):
        for col in range(1, 12):
            m.add_road(at(f"{col:02d}{row:02d}"), at(f"{col + 1:02d}{row:02d}"), grade)
    path = [at(x) for x in ("0708", "0707", "0706", "0705")]
    for a, b in itertools.pairwise(path):
        m.add_road(a, b, RoadGrade.PATH)
    for k, hex_feature in enumerate(f for f in HexFeature if f.value):
        m.add_features(at(f"{9 + k % 4:02d}{5 + k // 4:02d}"), hex_feature)
    m.add_features(at("1006"), HexFeature.SUNKEN_ROAD)
    return m


def _numbering(orientation: Orientation) -> Numbering:
    if orientation is Orientation.FLAT:
        return Numbering(orientation, 12, 8)
    return Numbering(
        orientation, 12, 8, hexrows_grow=ScreenDirection.DOWN, positions_grow=ScreenDirection.RIGHT
    )


def make_unit(
    unit_id: str,
    hex_: Hex,
    side: Side = Side.UNION,
    kind: UnitKind = UnitKind.INFANTRY,
    name: str = "",
    strength: int = 6,
    morale: int = 35,
    facing: int = 2,
    formation: Formation = Formation.LINE,
    status: frozenset[Status] = frozenset(),
) -> Unit:
    defn = UnitDef(
        id=unit_id,
        side=side,
        name=name or unit_id,
        kind=kind,
        strength=strength,
        morale=morale,
        brigade="Iron Brigade",
        division="1st Division",
        corps="I Corps",
        weapon=SmallArms.R if kind in (UnitKind.INFANTRY, UnitKind.CAVALRY) else None,
        fire_power=1.5,
        gun=GunType.N if kind is UnitKind.ARTILLERY else None,
        gun_label="1 N 2" if kind is UnitKind.ARTILLERY else "",
        leader_morale_bonus=2 if kind is UnitKind.LEADER else 0,
        leader_command=3 if kind is UnitKind.LEADER else 0,
        source="test fixture",
    )
    return Unit(defn, hex_, facing, formation, status)


def sample_units(m: HexMap) -> list[Unit]:
    def at(cr: str) -> Hex:
        return m.numbering.offset_to_hex(int(cr[:2]) - 1, int(cr[2:]) - 1)

    return [
        make_unit("wis2", at("0304"), name="2nd Wisconsin", strength=7, morale=44),
        make_unit(
            "wis6",
            at("0304"),
            name="6th Wisconsin",
            strength=5,
            morale=42,
            status=frozenset({Status.MOVED}),
        ),
        make_unit("meredith", at("0304"), kind=UnitKind.LEADER, name="Meredith"),
        make_unit(
            "cav1",
            at("0504"),
            kind=UnitKind.CAVALRY,
            name="8th Illinois Cav",
            formation=Formation.MOUNTED,
            facing=1,
        ),
        make_unit(
            "btyb",
            at("0704"),
            kind=UnitKind.ARTILLERY,
            name="Battery B",
            formation=Formation.UNLIMBERED,
            strength=6,
            facing=3,
        ),
        make_unit(
            "va26",
            at("0904"),
            side=Side.CONFEDERATE,
            name="26th North Carolina",
            strength=9,
            morale=33,
            facing=4,
            status=frozenset({Status.SHAKEN, Status.CHARGE, Status.LOW_AMMUNITION, Status.COVER}),
        ),
        make_unit(
            "ala5",
            at("1104"),
            side=Side.CONFEDERATE,
            name="5th Alabama",
            facing=5,
            formation=Formation.COLUMN,
            status=frozenset({Status.ROUTED}),
        ),
    ]


def make_scenario(m: HexMap, units: list[Unit], name: str = "Showcase") -> Scenario:
    return Scenario(
        path=Path("showcase.yaml"),
        name=name,
        description="Every terrain and feature on one small map.",
        map=m,
        ruleset="tactical",
        options={},
        clock=TurnClock(first_turn=1, last_turn=10, start_minutes=14 * 60, minutes_per_turn=20),
        first_side=Side.UNION,
        units=units,
    )


def plain_hex(m: HexMap, terrain: Terrain, avoid: list[Unit]) -> Hex:
    """A hex of `terrain` with no counters, features, hexside features or roads on it."""
    occupied = {u.hex for u in avoid}
    for h in m.hexes():
        if (
            m.terrain_at(h) is terrain
            and h not in occupied
            and not m.features_at(h)
            and not any(m.hexside_at(h, d) or m.road_at(h, d) for d in range(6))
        ):
            return h
    raise LookupError(f"no plain {terrain.label} hex")
