"""Slaughter Mountain (Cedar Mountain, 9 August 1862): the shipped scenario, its map and its order
of battle, checked against the record and against the special rules of 000 22.2."""

from dataclasses import replace
from pathlib import Path

import pytest

from gameapp.cli import main
from gameapp.core.actions import EndPhase, Fire, Move, Pass
from gameapp.core.counters import load_counters
from gameapp.core.engine import Game
from gameapp.core.events import UnitsReleased
from gameapp.core.mapfile import load_map
from gameapp.core.phases import Phase
from gameapp.core.rules.retreat.paths import retreat_paths
from gameapp.core.rulesets.tactical import tactical
from gameapp.core.scenario import load_scenario
from gameapp.core.units import Formation, Side, UnitDef, UnitKind

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = ROOT / "scenarios" / "slaughter_mountain.yaml"
MAP = ROOT / "maps" / "cedar_mountain.yaml"
COUNTERS = ROOT / "counters" / "cedar_mountain.yaml"

# NPS Civil War Sites Advisory Commission: troops engaged.
CWSAC_ENGAGED = {Side.UNION: 8030, Side.CONFEDERATE: 16868}
MEN_PER_SP = 100  # 1 infantry or cavalry SP is about 100 men
GUNNERS_PER_GUN = 20  # a six-gun battery had about 120 officers and men (1 artillery SP = 1 gun)

TRIMBLE_AND_FORNO = {"CS-Trimble", "CS-15AL", "CS-21GA", "CS-21NC", "CS-1NCSS",
                     "CS-Forno", "CS-5LA", "CS-6LA", "CS-7LA", "CS-8LA", "CS-14LA"}
SHELF_GUNS = {"CS-Latimer", "CS-Terry"}


@pytest.fixture(scope="module")
def order_of_battle() -> dict[str, UnitDef]:
    return load_counters(COUNTERS)


def next_phase(game: Game) -> list:
    return game.apply(Pass() if game.phase is Phase.FIRE else EndPhase())


def to_phase(game: Game, side: Side, phase: Phase) -> None:
    while (game.current_side, game.phase) != (side, phase):
        next_phase(game)


# --- the files ---------------------------------------------------------------------------------
def test_the_scenario_and_its_files_validate(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(SCENARIO), str(MAP), str(COUNTERS)]) == 0
    out = capsys.readouterr().out
    assert "slaughter_mountain.yaml: ok (scenario)" in out
    assert "cedar_mountain.yaml: ok (map)" in out and "cedar_mountain.yaml: ok (counters)" in out


def test_the_scenario_settings() -> None:
    scenario = load_scenario(SCENARIO)
    assert scenario.name == "Slaughter Mountain"
    assert scenario.options["stacking"] == "flat_8"
    assert scenario.options["retreat"] == "ss15_4"
    assert scenario.options["engagement"] is True
    assert scenario.options["artillery_duels"] is True  # 002 19-28: the long duel (issue 30)
    clock = scenario.clock
    assert (clock.first_turn, clock.last_turn) == (1, 14)
    assert clock.time_of(1) == "3:00 pm" and clock.time_of(14) == "7:20 pm"
    assert scenario.first_side is Side.CONFEDERATE


# --- the map: 000's numbering on the ground of Cedar Mountain -----------------------------------
def test_hexrows_run_north_to_south_and_positions_east_to_west() -> None:
    m = load_map(MAP)
    n = m.numbering
    assert (n.width, n.height) == (19, 36)
    # hexrow 01 is the top (north) row, hexrow 36 the bottom
    assert n.hex_to_offset(m.parse("0100"))[1] == 0
    assert n.hex_to_offset(m.parse("3600"))[1] == 35
    # 2900 is at the east (right) edge, 2918 at the west (left) edge of the same hexrow
    east, west = m.parse("2900"), m.parse("2918")
    assert n.hex_to_offset(east) == (18, 28) and n.hex_to_offset(west) == (0, 28)
    assert not m.contains(east.neighbor(0))  # nothing east of 2900 (pointy direction 0 is E)
    assert not m.contains(west.neighbor(3))  # nothing west of 2918
    assert m.parse("2917").direction_to(west) == 3  # 2918 lies west of 2917
    assert m.friendly_edges == {"union": ["xx00"], "confederate": ["xx17", "xx18"]}


def test_hexrow_29_climbs_the_north_west_slope_of_the_mountain() -> None:
    m = load_map(MAP)
    row = [m.elevation_at(m.parse(f"29{p:02d}")) for p in range(18, 4, -1)]  # west to east
    assert row == sorted(row), "going east along hexrow 29 the ground only rises"
    plain = m.elevation_at(m.parse("1713"))  # the gate, on the plain
    assert row[0] - plain < 40  # the west end of the hexrow is still on the plain
    assert row[-1] - plain >= 150  # its east end is up on the shelf, some 200 ft above it
    # the summit, about 400 ft above the plain, is in the south of the map
    assert max(m.elevation_at(h) for h in m.hexes()) == 814
    assert m.elevation_at(m.parse("3605")) - plain >= 350


def test_the_landmarks_of_the_field() -> None:
    m = load_map(MAP)
    terrain = {hex_id: m.terrain_at(m.parse(hex_id)).label for hex_id in
               ("1713", "1512", "1806", "2409", "1107", "1514")}
    assert terrain == {"1713": "clear",       # the gate
                       "1512": "clear",       # the wheat field
                       "1806": "cornfield",   # the cornfield in front of Augur
                       "2409": "pine",        # the Cedars
                       "1107": "woods",       # Crawford's woods
                       "1514": "woods"}       # Garnett's woods
    for building in ("2210", "2413", "2016"):  # the Crittenden house, Major house, schoolhouse
        assert m.features_at(m.parse(building)).label == "buildings"
    # the Culpeper-Orange road crosses the map from the east edge to the west edge by the gate
    for hex_id in ("1200", "1303", "1713", "2318"):
        h = m.parse(hex_id)
        assert any(m.road_at(h, d) for d in range(6)), hex_id


# --- the order of battle --------------------------------------------------------------------
def men(defs: list[UnitDef]) -> int:
    foot_and_horse = sum(d.strength for d in defs
                         if d.kind in (UnitKind.INFANTRY, UnitKind.CAVALRY)) * MEN_PER_SP
    gunners = sum(d.strength for d in defs if d.kind is UnitKind.ARTILLERY) * GUNNERS_PER_GUN
    return foot_and_horse + gunners


GREGG = {"CS-Gregg", "CS-1SC", "CS-1SCR", "CS-12SC", "CS-13SC", "CS-14SC"}


@pytest.mark.parametrize("side", list(Side))
def test_the_totals_on_the_field_are_within_ten_per_cent_of_the_cwsac_figures(
        order_of_battle: dict[str, UnitDef], side: Side) -> None:
    defs = [d for d in order_of_battle.values() if d.side is side and d.id not in GREGG]
    assert abs(men(defs) - CWSAC_ENGAGED[side]) <= 0.10 * CWSAC_ENGAGED[side]


def test_the_guns_and_the_divisions(order_of_battle: dict[str, UnitDef]) -> None:
    guns = {side: sum(d.strength for d in order_of_battle.values()
                      if d.side is side and d.kind is UnitKind.ARTILLERY) for side in Side}
    assert guns == {Side.UNION: 34, Side.CONFEDERATE: 27}
    # the fact sheet's smaller points: Carpenter one gun in action, Poague two rifles and a
    # Napoleon forward, Brown one gun and Dement three
    strength = {d.id: (d.strength, d.gun_label) for d in order_of_battle.values()}
    assert strength["CS-Carpenter"][0] == 1
    assert (strength["CS-Poague"], strength["CS-PoagueN"]) == ((2, "1 R 3"), (1, "1 N 3"))
    assert (strength["CS-Brown"][0], strength["CS-Dement"][0]) == (1, 3)
    infantry = {(d.division, d.brigade): 0 for d in order_of_battle.values()}
    for d in order_of_battle.values():
        if d.kind is UnitKind.INFANTRY:
            infantry[d.division, d.brigade] += d.strength
    # the brigade figures on record: Crawford 88 officers and 1,679 men (OR XII/2 152),
    # Geary 1,121, Prince 1,435, Greene 457 (fact sheet): 3,013, Augur's figure, which included
    # his 16 guns' gunners, so about 2,700 infantry
    assert infantry["Williams' Division (1st)", "Crawford's Brigade"] == 18
    assert infantry["Augur's Division (2nd)", "Geary's Brigade"] == 10
    assert infantry["Augur's Division (2nd)", "Prince's Brigade"] == 13
    assert infantry["Augur's Division (2nd)", "Greene's Brigade"] == 4
    # Early about 1,350 engaged: 1,700 effective less about 350 on picket (his report)
    assert infantry["Ewell's Division", "Early's Brigade"] == 14


def test_every_counter_cites_its_source(order_of_battle: dict[str, UnitDef]) -> None:
    unsourced = [d.id for d in order_of_battle.values() if not d.source.strip()]
    assert unsourced == []


def test_winder_is_a_leader_and_every_counter_but_gregg_is_on_the_field(
        order_of_battle: dict[str, UnitDef]) -> None:
    assert order_of_battle["CS-Winder"].kind is UnitKind.LEADER
    scenario = load_scenario(SCENARIO)
    placed = {u.id for u in scenario.units}
    placed |= {u.id for group in scenario.reinforcements for u in group.units}
    # Gregg guarded the Rapidan crossings: his counters are kept only for a "what if"
    assert placed == set(order_of_battle) - GREGG


def test_the_arrivals_follow_the_record() -> None:
    scenario = load_scenario(SCENARIO)
    turn = {u.id: group.turn for group in scenario.reinforcements for u in group.units}
    assert turn["CS-Branch"] == 8 and turn["CS-Thomas"] == 8  # Thomas to Early's right
    assert (turn["CS-Field"], turn["CS-Stafford"]) == (13, 14)  # at sunset and at dark
    winder = next(r for r in scenario.special_rules if getattr(r, "unit", "") == "CS-Winder")
    assert winder.turn == 4  # about 4 pm, the Official Records (docs/slaughter-mountain.md)


# --- playing it headless ----------------------------------------------------------------------
def test_a_headless_game_plays_a_full_turn_and_the_stonewall_brigade_arrives() -> None:
    game = Game.from_scenario(SCENARIO, seed=3)
    assert (game.state.turn, game.current_side, game.phase) == (1, Side.CONFEDERATE,
                                                                 Phase.MOVEMENT)
    while game.state.turn == 1:
        next_phase(game)
    assert (game.state.turn, game.current_side, game.phase) == (2, Side.CONFEDERATE,
                                                                 Phase.MOVEMENT)
    assert game.clock == "3:20 pm"
    assert game.map.hex_id(game.state.units["CS-Caskie"].hex) == "2318"  # on the Orange road
    assert "CS-5VA" not in game.state.units  # Ronald's brigade is due on turn 3
    while game.state.turn == 2:
        next_phase(game)
    assert (game.state.turn, game.current_side, game.phase) == (3, Side.CONFEDERATE,
                                                                 Phase.MOVEMENT)
    # nobody moved on from 2318, so it has no room for Ronald's brigade: the 5th Virginia
    # comes on at the nearest edge hex with room (002 6; docs/rules.md "Over-stacking")
    assert game.map.hex_id(game.state.units["CS-5VA"].hex) == "2218"


# --- 22.2: Trimble and Forno wait, Latimer and Terry fire -------------------------------------
def test_latimer_and_terry_fire_on_turn_1_but_cannot_move() -> None:
    game = Game.from_scenario(SCENARIO, seed=1)
    assert set(game.state.held) == TRIMBLE_AND_FORNO | SHELF_GUNS
    for unit_id in (*SHELF_GUNS, "CS-15AL", "CS-5LA"):
        assert tactical(game).movement.reachable(unit_id) == {}, unit_id
    assert tactical(game).movement.reachable("CS-12GA")  # Early's men are free
    while not (game.phase is Phase.FIRE and game.acting_side is Side.CONFEDERATE):
        next_phase(game)
    assert game.state.turn == 1
    legal = list(game.legal_actions())
    for gun in SHELF_GUNS:
        assert any(isinstance(a, Fire) and a.firers == (gun,) for a in legal), gun
    assert not any(isinstance(a, Fire) and "CS-15AL" in a.firers for a in legal)


def union_column_at(game: Game, unit_id: str, hex_id: str) -> None:
    unit = game.state.units[unit_id]
    game.state.units[unit_id] = replace(unit, hex=game.map.parse(hex_id),
                                        formation=Formation.COLUMN)


def test_a_union_unit_entering_2905_releases_them_from_the_next_phase() -> None:
    game = Game.from_scenario(SCENARIO, seed=1)
    to_phase(game, Side.UNION, Phase.MOVEMENT)
    union_column_at(game, "US-1DC", "2705")
    union_column_at(game, "US-78NY", "2805")
    game.apply(Move("US-1DC", (game.map.parse("2805"),)))  # hexrow 28: nothing happens
    assert set(game.state.held) == TRIMBLE_AND_FORNO | SHELF_GUNS
    game.apply(Move("US-78NY", (game.map.parse("2905"),)))  # hexrow 29
    assert set(game.state.held) == TRIMBLE_AND_FORNO | SHELF_GUNS  # not in this phase
    events = game.apply(EndPhase())
    released = [e for e in events if isinstance(e, UnitsReleased)]
    assert len(released) == 1 and released[0].why == "an enemy entered hexrow 29"
    assert set(released[0].unit_ids) == TRIMBLE_AND_FORNO | SHELF_GUNS
    assert game.state.held == {}


def test_jacksons_order_releases_them_on_turn_10() -> None:
    game = Game.from_scenario(SCENARIO, seed=1)
    released = []
    while game.state.turn < 10:
        events = next_phase(game)
        released += [(game.state.turn, e.why) for e in events if isinstance(e, UnitsReleased)]
        if game.state.turn < 10:
            assert set(game.state.held) == TRIMBLE_AND_FORNO | SHELF_GUNS
    assert released == [(10, "its named turn")]
    assert game.state.held == {}


def test_retreats_head_for_each_sides_own_edge() -> None:
    """000 15.4 on this map: the Union retreats east toward xx00, the Confederates west toward
    xx17/xx18; each hex of the chosen path brings the unit nearer its own edge."""
    game = Game.from_scenario(SCENARIO)
    state = game.state
    for side, edge_digits in ((Side.UNION, "00"), (Side.CONFEDERATE, "17")):
        unit = next(u for u in state.side_units(side) if u.kind.value == "infantry")
        causers = [u for u in state.side_units(side.other) if u.kind.value != "leader"][:1]
        options = retreat_paths(unit, 2, causers, state.units, game.map, "ss15_4", "flat_8")
        assert options.paths, f"{unit.id} has somewhere to go"
        ids = options.chosen.hex_ids
        positions = [int(h[2:]) for h in ids]
        if edge_digits == "00":
            assert positions == sorted(positions, reverse=True) and positions[-1] < positions[0]
        else:
            assert positions == sorted(positions) and positions[-1] > positions[0]
