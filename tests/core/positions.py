"""Small positions built in code for rules tests: a flat-top map, units, and a game on them."""

from __future__ import annotations

from pathlib import Path

from gameapp.core.engine import Game
from gameapp.core.hexgrid import Orientation
from gameapp.core.mapdata import HexMap
from gameapp.core.numbering import Numbering
from gameapp.core.scenario import Reinforcement, Scenario, TurnClock, VictoryHex
from gameapp.core.specialrules import SpecialRule
from gameapp.core.terrain import HexsideFeature, RoadGrade
from gameapp.core.units import Formation, GunType, Side, SmallArms, Unit, UnitDef, UnitKind

# flat-top directions: 0 SE, 1 NE, 2 N, 3 NW, 4 SW, 5 S
N, NE, SE, S, SW, NW = 2, 1, 0, 5, 4, 3


def blank_map(width: int = 12, height: int = 12) -> HexMap:
    return HexMap.blank("test", Numbering(Orientation.FLAT, width, height))


def infantry(
    uid: str,
    side: Side = Side.UNION,
    strength: int = 5,
    brigade: str = "1st",
    weapon: SmallArms = SmallArms.R,
) -> UnitDef:
    return UnitDef(uid, side, uid, UnitKind.INFANTRY, strength, 35, brigade=brigade,
                   division="1st Div", corps="I", weapon=weapon)


def cavalry(uid: str, side: Side = Side.UNION, strength: int = 4) -> UnitDef:
    return UnitDef(uid, side, uid, UnitKind.CAVALRY, strength, 35, brigade="Cav",
                   weapon=SmallArms.C)


def artillery(uid: str, side: Side = Side.UNION, strength: int = 4) -> UnitDef:
    return UnitDef(uid, side, uid, UnitKind.ARTILLERY, strength, 41, brigade="1st",
                   division="1st Div", corps="I", gun=GunType.N, gun_label="1 N 2")


def leader(uid: str, side: Side = Side.UNION, brigade: str = "1st") -> UnitDef:
    return UnitDef(uid, side, uid, UnitKind.LEADER, 0, 0, brigade=brigade, division="1st Div",
                   corps="I", leader_morale_bonus=1, leader_command=2)


def place(defn: UnitDef, game_map: HexMap, hex_id: str, facing: int = N,
          formation: Formation | None = None) -> Unit:
    default = {
        UnitKind.INFANTRY: Formation.LINE,
        UnitKind.CAVALRY: Formation.MOUNTED,
        UnitKind.ARTILLERY: Formation.LIMBERED,
        UnitKind.LEADER: Formation.MOUNTED,
    }[defn.kind]
    return Unit(defn, game_map.parse(hex_id), facing, formation or default)


def game_on(game_map: HexMap, units: list[Unit], special_rules: tuple[SpecialRule, ...] = (),
            reinforcements: tuple[Reinforcement, ...] = (),
            victory_hexes: tuple[VictoryHex, ...] = (),
            **options: str | bool | int) -> Game:
    """A game in the Union movement phase of turn 1 on this map with these units."""
    scenario = Scenario(
        path=Path("test.yaml"),
        name="test",
        description="",
        map=game_map,
        ruleset="tactical",
        options={"stacking": "tec_sl", **options},
        clock=TurnClock(1, 10, 15 * 60, 20),
        first_side=Side.UNION,
        units=units,
        special_rules=special_rules,
        reinforcements=list(reinforcements),
        victory_hexes=list(victory_hexes),
    )
    return Game.from_scenario(scenario)


def seal(game_map: HexMap, hex_id: str, open_sides: tuple[int, ...] = ()) -> None:
    """Put a creek on every side of a hex except `open_sides` (directions as N, NE, ... above)."""
    h = game_map.parse(hex_id)
    for direction in range(6):
        if direction not in open_sides:
            game_map.add_hexside(h, direction, HexsideFeature.CREEK)


def creek_with_bridge() -> HexMap:
    """A creek along every hexside between rows 01-05 (north) and rows 06-12 (south), and a
    road over its one bridge, from 0606 to 0605 (N13: crossed only there, in road column)."""
    m = blank_map()
    north = {h for h in m.hexes() if m.hex_id(h)[2:] <= "05"}
    for h in north:
        for d in range(6):
            n = h.neighbor(d)
            if m.contains(n) and n not in north:
                m.add_hexside(h, d, HexsideFeature.CREEK)
    m.add_road(m.parse("0606"), m.parse("0605"), RoadGrade.ROAD)
    m.add_hexside(m.parse("0606"), N, HexsideFeature.BRIDGE)
    return m
