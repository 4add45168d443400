"""Movement on the Hazel test map: 6.13, 6.24, 6.33 with 3.23, rail (6.57, 6.58), stacking.
Every march shows its cost term by term (term, value, rule)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from gameapp.core.engine import Game
from gameapp.core.rulesets.strategic.actions import Detrain, March, Rail, Release, RollInitiative
from gameapp.core.rulesets.strategic.events import ForcedMarchLoss, Marched, RailMoved
from gameapp.core.rulesets.strategic.movement import friendly_territory
from gameapp.core.rulesets.strategic.pieces import Arm, Division
from gameapp.core.rulesets.strategic.sequence import StrategicPhase
from gameapp.core.rulesets.strategic.zoc import Board, exerts_zoc
from gameapp.core.units import Side
from tests.rulesets.strategic.positions import (
    HAZEL,
    SMALL_MAP,
    add,
    command,
    hazel_game,
    path,
    place,
    refused,
    remove,
    state_of,
    to_phase,
)

M = "R&C strategic movement"


def union_unit(game: Game, unit_id: str, at: str, sp: int = 6, arm: Arm = Arm.INFANTRY,
               ma: int = 3) -> None:
    add(game, Division(unit_id, Side.UNION, unit_id, arm, sp, ma, game.map.parse(at)))


def terms(event: Marched) -> list[tuple[str, float, str]]:
    return [(t.label, t.value, t.rule) for t in event.terms]


def test_no_guaranteed_one_hex_move_6_13() -> None:
    game = hazel_game()
    remove(game, "c2")  # no Confederate zone of control near the river here
    union_unit(game, "x", "0404")
    union_unit(game, "g", "0404", sp=2, arm=Arm.GARRISON, ma=1)
    command(game, "x", "g")
    # 0404 -> 0505: forest 2 + crossing the Hazel River 2 = 4 MP; the division has 3
    error = refused(game, March("x", path(game, "0505")))
    assert error.rule == "004 6.13" and "needs 4 MP" in error.reason and "has 3" in error.reason
    # forced, it has 3 + 2 = 5: it crosses, and the march shows each term
    game.dice.forced = [1]  # the forced-march die: no loss
    marched = next(e for e in game.apply(March("x", path(game, "0505"), forced=True))
                   if isinstance(e, Marched))
    assert terms(marched) == [("movement allowance", 3, M), ("forced march", 2, "004 6.33"),
                              ("0505 forest", 2, M), ("crossing Hazel River", 2, M)]
    assert marched.cost == 4 and marched.allowance == 5
    # a garrison (MA 1) never can: even forced it has 3
    error = refused(game, March("g", path(game, "0505"), forced=True))
    assert error.rule == "004 6.13" and "has 3" in error.reason


def test_a_road_crosses_the_river_by_its_bridge() -> None:
    game = hazel_game()
    remove(game, "c2")
    union_unit(game, "x", "0403")
    command(game, "x")
    marched = next(e for e in game.apply(March("x", path(game, "0504", "0503")))
                   if isinstance(e, Marched))
    # the Valley Pike from 0403 to 0504 costs 1 whatever the forest and river; 0503 clear 1
    assert terms(marched)[1:] == [("0504 along the main road", 1, M), ("0503 clear", 1, M)]
    assert marched.cost == 2


def test_entering_an_enemy_zone_of_control_ends_the_march_6_24() -> None:
    game = hazel_game()
    union_unit(game, "x", "0403")
    command(game, "x")
    # Stuart's cavalry (c2) at 0604 controls 0504: the march may not go on through it
    error = refused(game, March("x", path(game, "0504", "0503")))
    assert error.rule == "004 6.24"
    # but may end there; then its move is over
    marched = next(e for e in game.apply(March("x", path(game, "0504")))
                   if isinstance(e, Marched))
    assert marched.stopped_by_zoc
    assert refused(game, March("x", path(game, "0503"))).rule == "004 6.24"


def test_a_unit_starting_in_a_zone_may_leave_even_into_another_6_24() -> None:
    game = hazel_game()
    union_unit(game, "x", "0504")  # in c2's zone (0604 is next to it)
    command(game, "x")
    # straight into 0505, also controlled by c2: allowed, and it stops there
    marched = next(e for e in game.apply(March("x", path(game, "0505")))
                   if isinstance(e, Marched))
    assert marched.stopped_by_zoc and state_of(game).pieces["x"].hex == game.map.parse("0505")
    assert all(a.piece != "x" for a in game.legal_actions() if isinstance(a, March))


def test_no_zone_of_control_across_the_major_river() -> None:
    game = hazel_game()
    board = Board.of(state_of(game), game.rules.terrain)
    m = game.map
    add(game, Division("cx", Side.CONFEDERATE, "cx", Arm.INFANTRY, 5, 3, m.parse("0504")))
    board = Board.of(state_of(game), game.rules.terrain)
    # 0504's neighbours 0403 and 0404 lie across the Hazel River: not controlled
    assert board.enemy_zoc(Side.UNION, m.parse("0503"))
    assert not board.enemy_zoc(Side.UNION, m.parse("0403"))
    assert not board.enemy_zoc(Side.UNION, m.parse("0404"))


def forced_loss(events: list) -> ForcedMarchLoss:
    return next(e for e in events if isinstance(e, ForcedMarchLoss))


def test_forced_march_losses_depend_on_where_the_march_ends_6_33_3_23() -> None:
    game = hazel_game()
    command(game, "u3", "u6", at="0302")
    # u3 (6 SP) ends in 0202, Union territory: it loses on a 5 or 6 (a chance of 2 in 6);
    # a tenth of 6 SP is 0.6, at least 1 SP (whole SP, 12.13)
    game.dice.forced = [5]
    loss = forced_loss(game.apply(March("u3", path(game, "0202"), forced=True)))
    assert loss.friendly and loss.lose_on == 5 and loss.chance == Fraction(2, 6)
    assert loss.loss == 1 and state_of(game).pieces["u3"].sp == 5
    assert [(t.label, t.value, t.rule) for t in loss.terms] == [
        ("the march ends in friendly territory: loses on", 5, "004 6.33"),
        ("the die", 5, "004 6.33"), ("10% of 6 SP, at least 1", -1, "004 12.13")]
    # u6 (7 SP) ends in 0402, Confederate territory: a 4 is enough to lose there (3 in 6)
    game.dice.forced = [4]
    loss = forced_loss(game.apply(March("u6", path(game, "0402"), forced=True)))
    assert not loss.friendly and loss.lose_on == 4 and loss.chance == Fraction(3, 6)
    assert loss.loss == 1 and state_of(game).pieces["u6"].sp == 6
    # the forced march ended its move
    assert refused(game, March("u6", path(game, "0401"))).rule == "004 6.33"


def test_a_forced_march_roll_can_spare_the_unit() -> None:
    game = hazel_game()
    command(game, "u3", at="0302")
    game.dice.forced = [4]  # in friendly territory a 4 does not lose
    loss = forced_loss(game.apply(March("u3", path(game, "0202"), forced=True)))
    assert loss.loss == 0 and state_of(game).pieces["u3"].sp == 6


def test_hex_control_makes_territory_enemy_3_23() -> None:
    game = hazel_game()
    m = game.map
    command(game, "u3", at="0302")
    game.apply(March("u3", path(game, "0402", "0401")))
    ctx = game._context()
    h = m.parse("0402")
    # the Union now controls 0402, Confederate by birth: enemy territory to both sides
    assert state_of(game).control[h] is Side.UNION
    assert not friendly_territory(ctx, Side.CONFEDERATE, h)
    assert not friendly_territory(ctx, Side.UNION, h)
    assert friendly_territory(ctx, Side.UNION, m.parse("0302"))


def test_stacking_at_the_end_of_a_march() -> None:
    game = hazel_game()
    for name in ("s1", "s2", "s3"):
        union_unit(game, name, "0202", sp=5)
    command(game, "u3", at="0302")
    error = refused(game, March("u3", path(game, "0202")))
    assert error.rule == "R&C strategic stacking" and "at most 3 units" in error.reason
    # passing through is allowed: 0202 on the way to 0203
    remove(game, "u4")
    game.apply(March("u3", path(game, "0202", "0203")))


def test_rail_capacity_counts_trains_and_supply_points_6_57() -> None:
    game = hazel_game()
    command(game, "ut1", "u3", at="0302")
    # the train weighs 1 and its 5 supply points 5: 6 of the Union's 8
    moved = next(e for e in game.apply(Rail("ut1", game.map.parse("0201")))
                 if isinstance(e, RailMoved))
    assert [(t.label, t.value, t.rule) for t in moved.terms] == [
        ("the supply train ut1", 1, "004 6.57"), ("5 supply points", 5, "004 6.57"),
        ("entraining: half the MA", 1.5, "R&C strategic rail")]
    assert moved.weight == 6 and moved.capacity_left == 2
    # Ricketts' 6 SP no longer fit
    error = refused(game, Rail("u3", game.map.parse("0201")))
    assert error.rule == "R&C strategic rail" and "2 of its 8" in error.reason


def union_lines(game: Game, *hexes: str) -> None:
    """The Union controls these hexes of the railroad east of its territory (3.23)."""
    for h in hexes:
        state_of(game).control[game.map.parse(h)] = Side.UNION


def test_entraining_in_an_enemy_zone_and_riding_past_one_6_58() -> None:
    game = hazel_game()
    m = game.map
    union_lines(game, "0401", "0502", "0601")
    # a Confederate unit at 0402 controls 0302 (where u3 entrains) and 0401 (on the line east)
    add(game, Division("cx", Side.CONFEDERATE, "cx", Arm.INFANTRY, 5, 3, m.parse("0402")))
    command(game, "u3", at="0302")
    # east, the line passes 0401 in its zone with no Union unit there: no way through
    assert Rail("u3", m.parse("0601")) not in list(game.legal_actions())
    assert refused(game, Rail("u3", m.parse("0601"))).rule == "R&C strategic rail"
    # it may stop in the zone (0401) or go west, entraining in the zone (6.58)
    assert Rail("u3", m.parse("0401")) in list(game.legal_actions())
    game.apply(Rail("u3", m.parse("0201")))
    unit = state_of(game).pieces["u3"]
    assert isinstance(unit, Division) and unit.entrained and not unit.can_attack
    # entrained: it controls no zone (Sigel, u6, who shared its hex, is sent away)
    place(game, "u6", "0306")
    assert not exerts_zoc(unit)
    assert m.parse("0201") not in Board.of(state_of(game), game.rules.terrain).combat[Side.UNION]
    game.apply(Detrain("u3"))
    assert not state_of(game).pieces["u3"].entrained  # type: ignore[union-attr]


def test_a_friendly_unit_opens_the_rail_through_an_enemy_zone_6_58_9_4() -> None:
    game = hazel_game()
    m = game.map
    add(game, Division("cx", Side.CONFEDERATE, "cx", Arm.INFANTRY, 5, 3, m.parse("0402")))
    union_lines(game, "0401", "0502", "0601")
    place(game, "u6", "0401")
    command(game, "u3", at="0302")
    assert Rail("u3", m.parse("0601")) in list(game.legal_actions())


def test_the_railroads_run_only_through_hexes_the_side_controls() -> None:
    """R&C strategic rail lines (3.23): the line east of the Union's columns 01-03 is the
    Confederacy's until Union troops take its hexes; before session 8 a train ran on through
    them, and in West '62 Lovell's 5 SP rode from New Orleans into an empty Louisville."""
    game = hazel_game()
    m = game.map
    command(game, "u3", at="0302")
    rides = {a.to for a in game.legal_actions() if isinstance(a, Rail) and a.piece == "u3"}
    assert m.parse("0201") in rides and m.parse("0401") not in rides
    error = refused(game, Rail("u3", m.parse("0502")))
    assert error.rule == "R&C strategic rail lines" and "does not control" in error.reason
    union_lines(game, "0401")  # taken as far as 0401: the train goes that far, no further
    rides = {a.to for a in game.legal_actions() if isinstance(a, Rail) and a.piece == "u3"}
    assert m.parse("0401") in rides and m.parse("0502") not in rides


def winter_game(tmp_path: Path) -> Game:
    """The Hazel scenario started on 5 January 1863: winter (December to February)."""
    (tmp_path / "small_theatre.yaml").write_text(SMALL_MAP.read_text(encoding="utf-8"))
    path = tmp_path / "hazel.yaml"
    path.write_text(HAZEL.read_text(encoding="utf-8").replace('"1862-03-01"', '"1863-01-05"'))
    game = hazel_game(path=path)
    clock = game.scenario.clock
    assert clock.is_winter(1) and not clock.is_winter(9)  # week 9 starts on 2 March
    return game


def test_in_winter_rivers_are_crossed_by_road_and_trains_keep_to_roads(tmp_path: Path) -> None:
    game = winter_game(tmp_path)
    remove(game, "c2")
    union_unit(game, "x", "0404")
    union_unit(game, "y", "0403")
    command(game, "x", "y", "ut1", at="0403")
    place(game, "x", "0404")
    # 0404 -> 0505 crosses the Hazel River off the road: not in winter, even forced
    error = refused(game, March("x", path(game, "0505"), forced=True))
    assert error.rule == "R&C strategic winter" and "by road" in error.reason
    # the Valley Pike's bridge still serves: 0403 -> 0504
    game.apply(March("y", path(game, "0504")))
    # the supply train keeps to the road: off it to 0303 it may not go
    error = refused(game, March("ut1", path(game, "0303")))
    assert error.rule == "R&C strategic winter" and "roads" in error.reason
    assert all(a.path[0] != game.map.parse("0303") for a in game.legal_actions()
               if isinstance(a, March) and a.piece == "ut1")


def test_an_hq_rides_with_its_roster_and_marches_only_once_off_the_train_6_57() -> None:
    game = hazel_game()
    for piece in ("ii-corps", "banks"):
        place(game, piece, "0302")
    game.apply(Release("u2"))  # the corps keeps Williams (8 SP), the Union's whole capacity
    to_phase(game, StrategicPhase.MOVEMENT)
    game.dice.forced = [1]
    game.apply(RollInitiative("banks"))
    moved = next(e for e in game.apply(Rail("ii-corps", game.map.parse("0201")))
                 if isinstance(e, RailMoved))
    assert moved.weight == 8 and moved.capacity_left == 0  # the HQ weighs its roster
    assert state_of(game).pieces["u1"].hex == game.map.parse("0201")
    error = refused(game, March("ii-corps", path(game, "0202")))
    assert error.rule == "004 6.58"
    game.apply(Detrain("ii-corps"))  # half of 3 MP to entrain, half to detrain: all spent
    assert not state_of(game).entrained(state_of(game).pieces["ii-corps"])
