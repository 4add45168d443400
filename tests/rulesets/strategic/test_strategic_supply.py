"""Supply on the Hazel test map (9.4, 12.0, 12.12 as corrected, 12.13, 12.14, combat supply).
Each test says its working in comments."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from gameapp.core.breakdown import IllegalActionError
from gameapp.core.engine import Game
from gameapp.core.rulesets.strategic.actions import Attack, BurnSupply, EndPhase, March
from gameapp.core.rulesets.strategic.crt import combat_tables
from gameapp.core.rulesets.strategic.pieces import HQ, Arm, Depot, Echelon, Leader, Ship, Vessel
from gameapp.core.rulesets.strategic.ruleset import ATTACK
from gameapp.core.rulesets.strategic.sequence import StrategicPhase
from gameapp.core.rulesets.strategic.supply import (
    Attrition,
    SupplyCaptured,
    capture_supply,
    needs_supply,
    supply_net,
)
from gameapp.core.units import Side
from tests.rulesets.strategic.battles import commanded_force, empty_board, train, unit
from tests.rulesets.strategic.positions import (
    HAZEL,
    SMALL_MAP,
    add,
    command,
    hazel_game,
    state_of,
    to_phase,
)

U, C = Side.UNION, Side.CONFEDERATE


def test_the_corrected_attrition_column_12_12() -> None:
    # the errata's 1-10 column, rows 0 to 6 (the die after modifiers)
    assert combat_tables().attrition_row(10) == (0, 0, 1, 1, 1, 2, 2)
    assert combat_tables().attrition_row(1) == (0, 0, 1, 1, 1, 2, 2)


def test_supply_is_not_traced_through_an_enemy_zone_unless_a_friendly_unit_is_there_9_4() -> None:
    game = empty_board()
    unit(game, "c", C, "0506", 6)
    here = game.map.parse("0506")
    # the railroad from Hazelton (0702) runs west through 0601 and 0502: 0506 is four hexes
    # down column 05 from the railhead at 0502
    terms = supply_net(game._context(), C).terms(here)
    assert [(t.label, t.rule) for t in terms] == [
        ("traced 4 hex(es) to the railroad from 0702", "R&C strategic supply")]
    # a Union division at 0604 controls 0504 and 0505: the path is cut
    unit(game, "u", U, "0604", 6)
    terms = supply_net(game._context(), C).terms(here)
    assert terms[0].rule == "004 9.4" and here not in supply_net(game._context(), C).reach
    # a Confederate unit in one of the two hexes is not enough; in both, the path opens
    unit(game, "s1", C, "0504", 2)
    assert here not in supply_net(game._context(), C).reach
    unit(game, "s2", C, "0505", 2)
    assert here in supply_net(game._context(), C).reach


def test_who_needs_supply_12_14() -> None:
    game = empty_board()
    assert needs_supply(unit(game, "g", C, "0105", 2, Arm.GARRISON))  # in parentheses: yes
    assert needs_supply(unit(game, "a", C, "0105", 2, aboard="s"))  # aboard ship: yes
    leader = Leader("l", C, "L", 1, 3, 0, 1, game.map.parse("0105"))
    assert not needs_supply(leader)
    assert not needs_supply(Ship("s", C, Vessel.GUNBOAT, 5, game.map.parse("0105")))


def test_end_of_week_attrition_in_whole_sp_12_12_12_13() -> None:
    game = empty_board()
    unit(game, "c", C, "0105", 8)  # deep in Union territory, far from any Confederate supply
    add(game, Leader("l", C, "L", 1, 3, 0, 1, game.map.parse("0105")))  # needs none (12.14)
    # the end of the week: one die for the stack out of supply (4), then next week's
    # initiative dice
    game.dice.forced = [4, 6, 1]
    events: list = []
    while state_of(game).turn == 1:
        events += game.apply(EndPhase())
    attrition = next(e for e in events if isinstance(e, Attrition))
    # 8 SP: the 1-10 column. Die 4, not in friendly territory, March: row 4 -> 1 SP
    assert attrition.units == ("c",) and attrition.row == 4 and attrition.loss == 1
    assert [(t.label, t.value, t.rule) for t in attrition.terms] == [
        ("die", 4, "004 12.12"),
        ("a force of 8 SP out of supply loses (whole SP)", 1, "004 12.13")]
    # before the die: faces 1-6 read rows 1-6: 0, 1, 1, 1, 2, 2
    assert attrition.chances == {0: Fraction(1, 6), 1: Fraction(1, 2), 2: Fraction(1, 3)}
    assert state_of(game).pieces["c"].sp == 7  # type: ignore[union-attr]
    assert state_of(game).lost[C] == 1


def test_supply_belongs_to_whoever_holds_it_12_0() -> None:
    game = empty_board()
    unit(game, "x", U, "0303", 6)
    add(game, Depot("cd", C, game.map.parse("0403"), 7))
    command(game, "x")
    events = game.apply(March("x", (game.map.parse("0403"),)))
    assert SupplyCaptured("cd", U, 7, "004 12.0") in events
    assert state_of(game).pieces["cd"].side is U


def two_hex(supplied: bool):  # type: ignore[no-untyped-def]
    game = empty_board()
    unit(game, "x", U, "0603", 6)
    unit(game, "y", U, "0602", 3)
    unit(game, "c", C, "0503", 6)
    if supplied:
        train(game, "ut", U, "0603", 5)
    to_phase(game, StrategicPhase.COMBAT)
    commanded_force(game, {"0603": ["x", "ut"] if supplied else ["x"], "0602": ["y"]})
    return game


def test_an_attack_without_combat_supply_goes_in_at_half_strength() -> None:
    game = two_hex(supplied=False)
    preview = ATTACK.preview(game._context(), Attack(game.map.parse("0503"), ("x", "y")), U)
    # 9 SP need 1 point; none within 4 hexes: 9 halved = 4.5 : 6 -> below 1:1, column 1:2
    assert preview.attack_terms[-1].label == "without enough combat supply: half"
    assert preview.attack == Fraction(9, 2) and preview.odds_label == "1:2"
    game.dice.forced = [3]
    game.apply(Attack(game.map.parse("0503"), ("x", "y")))
    assert state_of(game).supply_gone == {}  # nothing spent


def test_supply_points_may_be_destroyed_by_their_holder_12_0() -> None:
    game = two_hex(supplied=True)
    with pytest.raises(IllegalActionError) as error:
        game.apply(BurnSupply("ut", 6))
    assert error.value.rule == "004 12.0"
    game.apply(BurnSupply("ut", 2))
    assert state_of(game).pieces["ut"].supply == 3  # type: ignore[union-attr]
    assert state_of(game).supply_gone == {"destroyed": 2}


def test_a_leader_out_of_supply_rolls_one_less_for_his_initiative() -> None:
    from gameapp.core.rulesets.strategic.actions import DeclareSpan, RollInitiative
    from gameapp.core.rulesets.strategic.events import CommandGiven

    game = empty_board()
    unit(game, "x", U, "1006", 6)  # deep in Confederate country, more than 4 hexes from
    # any Union supply (the Hazel River included)
    add(game, Leader("far", U, "Far", 2, 4, 0, 2, game.map.parse("1006")))
    game.apply(DeclareSpan("far", ("x",)))
    to_phase(game, StrategicPhase.MOVEMENT)
    game.dice.forced = [4]
    given = next(e for e in game.apply(RollInitiative("far")) if isinstance(e, CommandGiven))
    # initiative 4, out of supply -1: he needs 3 or less; the 4 fails (chance 3/6 before it)
    assert [(t.label, t.value) for t in given.terms] == [("Far's initiative", 4),
                                                        ("Far is out of supply", -1)]
    assert given.needed == 3 and given.chance == Fraction(1, 2) and not given.success


def test_the_union_draws_supply_from_the_rail_off_the_maps_edge() -> None:
    """Our design (after wbts.md 7.7): a rail hex on the map's edge the Union controls is a
    source; the railroad runs on to the North."""
    game = empty_board()
    close_the_river(game)  # the Hazel's water would feed 0306 (a hex from 0405) otherwise
    state = state_of(game)
    state.control[game.map.parse("0102")] = C  # Westport, the Union's supply place, is lost
    ctx = game._context()
    # 0201 is on the map's north edge (row 01) and on the railroad 0102-0201-0302: the rail
    # net the Union holds (0201, 0302) reaches 0306, four hexes down column 03 from 0302
    net = supply_net(ctx, U)
    assert net.terms(game.map.parse("0201"))[0].label == \
        "traced 0 hex(es) to the railroad off the map's edge at 0201"
    assert net.terms(game.map.parse("0306"))[0].label == \
        "traced 4 hex(es) to the railroad from 0201"
    # with 0201 lost too nothing is left: 0306 is out of supply; the Confederacy never draws
    # on the map's edge
    state.control[game.map.parse("0201")] = C
    assert game.map.parse("0306") not in supply_net(game._context(), U).reach
    assert "off the map's edge" not in " ".join(
        what for what, _ in supply_net(game._context(), C).reach.values())


def test_the_union_draws_supply_from_a_port_it_holds(tmp_path: Path) -> None:
    """Our design: every port the Union controls is a source (its sea lanes); Westport made
    a port only (not a supply place) in a copy of the map."""
    (tmp_path / "small_theatre.yaml").write_text(
        SMALL_MAP.read_text(encoding="utf-8").replace("roles: [supply]\n", "roles: [port]\n", 1))
    (tmp_path / "hazel.yaml").write_text(HAZEL.read_text(encoding="utf-8"))
    game = hazel_game(path=tmp_path / "hazel.yaml")
    state_of(game).pieces.clear()
    net = supply_net(game._context(), U)
    assert net.terms(game.map.parse("0102"))[0].label == \
        "traced 0 hex(es) to the port of Westport, MD"
    state_of(game).control[game.map.parse("0102")] = C  # the Confederates take it
    assert "the port of Westport, MD" not in {
        what for what, _ in supply_net(game._context(), U).reach.values()}


def close_the_river(game: Game, at: tuple[str, ...] = ("0401", "0501", "0506")) -> None:
    """Confederate gunboats on the Hazel River's water at the map's edges (9.5): the Union's
    water off the map is closed there."""
    for h in at:
        add(game, Ship(f"closed_{h}", C, Vessel.GUNBOAT, 20, game.map.parse(h)))


def water_only(game: Game) -> None:
    """The Union loses Westport (0102) and the railhead 0201: only the river's water from the
    map's north edge (0401, 0501) is left; a gunboat closes its south end (0506)."""
    state = state_of(game)
    for h in ("0102", "0201"):
        state.control[game.map.parse(h)] = C
    close_the_river(game, ("0506",))


def test_the_union_draws_supply_up_the_river_from_the_maps_edge_7_7() -> None:
    """wbts.md 7.7 and our design: a unit tracing 4 hexes to water joined by water free of
    enemy warships to the Union's water (here the Hazel River, navigable from the map's north
    edge at 0401/0501 down to 0405/0505) is in supply."""
    game = empty_board()
    water_only(game)
    unit(game, "u", U, "0306", 6)
    net = supply_net(game._context(), U)
    # 0405 is on the river, reached from 0401: 0306 traces one hex to it
    assert net.terms(game.map.parse("0405"))[0].label == \
        "traced 0 hex(es) to the water off the map's edge at 0401"
    assert net.terms(game.map.parse("0306"))[0].label == \
        "traced 1 hex(es) to the water off the map's edge at 0401"
    assert net.terms(game.map.parse("0306"))[0].rule == "R&C strategic water supply"
    # the Confederacy has no water off the map's edge (nor ports: the blockade)
    assert not any("water" in what for what, _ in supply_net(game._context(), C).reach.values())


def test_enemy_warships_close_the_water_to_supply_9_5() -> None:
    game = empty_board()
    water_only(game)
    unit(game, "u", U, "0306", 6)
    # one gunboat at 0402 leaves the east channel (0501-0502-...) open
    add(game, Ship("g1", C, Vessel.GUNBOAT, 20, game.map.parse("0402")))
    assert game.map.parse("0306") in supply_net(game._context(), U).reach
    # a second at 0502 closes the river below them: 0306 is cut off
    add(game, Ship("g2", C, Vessel.GUNBOAT, 20, game.map.parse("0502")))
    assert game.map.parse("0306") not in supply_net(game._context(), U).reach
    # a transport controls nothing (9.5): it would not have closed the water
    state_of(game).pieces.pop("g2")
    add(game, Ship("t2", C, Vessel.TRANSPORT, 0, game.map.parse("0502"), capacity=6))
    assert game.map.parse("0306") in supply_net(game._context(), U).reach


def test_the_banks_close_a_river_unless_a_friendly_unit_or_gunboat_holds_them_9_4() -> None:
    game = empty_board()
    water_only(game)
    unit(game, "u", U, "0306", 6)
    # Confederates at 0603 and 0302 hold the river's banks: their zones of control cover its
    # hexes on each side (0503, 0504; 0401, 0402) and no Union unit stands there
    unit(game, "c1", C, "0603", 3)
    unit(game, "c2", C, "0302", 3)
    assert game.map.parse("0306") not in supply_net(game._context(), U).reach
    # a Union gunboat at 0402 and at 0403 keeps the west channel open past the bank
    for i, h in enumerate(("0402", "0403")):
        add(game, Ship(f"ug{i}", U, Vessel.GUNBOAT, 20, game.map.parse(h)))
    assert game.map.parse("0306") in supply_net(game._context(), U).reach


def test_on_the_east_map_the_sea_supplies_the_union_and_not_the_blockaded_confederacy() -> None:
    """East '62, week 1: Fort Monroe (C3018) and Burnside's expedition (C3122) are fed by sea;
    the water itself supplies troops aboard ship (12.14); the Confederacy's supply never goes
    by sea (the blockade)."""
    from gameapp.core.engine import Game as StrategicGame

    game = StrategicGame.from_scenario(
        Path(__file__).resolve().parents[3] / "scenarios" / "east_1862.yaml", seed=1)
    ctx = game._context()
    union = supply_net(ctx, U)
    for h in ("C3018", "C3122"):
        assert "water" in union.terms(game.map.parse(h))[0].label, h
    terrain = ctx.rules.terrain
    assert any(terrain.terrain(h).is_water for h in union.reach)
    confederate = supply_net(ctx, C)
    assert not any(terrain.terrain(h).is_water for h in confederate.reach)


def test_a_captured_train_leaves_its_old_hq_s_roster_12_0_16_16() -> None:
    game = empty_board()
    train(game, "ct", C, "0403", 4)
    add(game, HQ("cq", C, "Corps HQ", Echelon.CORPS, game.map.parse("0403"), roster=("ct",)))
    # a Union division in the hex and no Confederate combat unit: the train changes hands
    unit(game, "x", U, "0403", 6)
    events = capture_supply(game._context())
    assert events == [SupplyCaptured("ct", U, 4, "004 12.0")]
    state = state_of(game)
    assert state.pieces["ct"].side is U
    assert state.pieces["cq"].roster == () and state.hq_of("ct") is None


def test_a_lone_leader_takes_the_enemy_depot_he_rides_onto_12_0() -> None:
    # random play found Rosecrans riding alone onto a Confederate depot and standing beside it
    game = empty_board()
    add(game, Depot("cd", C, game.map.parse("0403"), 12))
    add(game, Leader("ros", U, "Rosecrans", 3, 3, 0, 2, game.map.parse("0403"), entrained=True))
    events = capture_supply(game._context())
    assert events == [SupplyCaptured("cd", U, 12, "004 12.0")]
    assert state_of(game).pieces["cd"].side is U


def test_a_depot_with_its_own_combat_unit_is_not_taken_by_an_enemy_leader_12_0() -> None:
    game = empty_board()
    add(game, Depot("cd", C, game.map.parse("0403"), 12))
    unit(game, "c", C, "0403", 4)
    add(game, Leader("ros", U, "Rosecrans", 3, 3, 0, 2, game.map.parse("0403")))
    assert capture_supply(game._context()) == []
    assert state_of(game).pieces["cd"].side is C
