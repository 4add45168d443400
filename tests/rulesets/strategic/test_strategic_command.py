"""Command and initiative on the Hazel test map (5.27, 5.28, 6.43, 10.1, 10.14, 10.15, 10.2,
15.13, 19.44). Each test says its working in comments."""

from __future__ import annotations

from fractions import Fraction

from gameapp.core.engine import Game
from gameapp.core.rulesets.strategic.actions import (
    DeclareSpan,
    EndPhase,
    GiveOrder,
    March,
    RollInitiative,
)
from gameapp.core.rulesets.strategic.command import base_force
from gameapp.core.rulesets.strategic.events import CommandGiven
from gameapp.core.rulesets.strategic.pieces import HQ, Arm, Division, Echelon, Leader
from gameapp.core.rulesets.strategic.sequence import StrategicPhase
from gameapp.core.units import Side
from tests.rulesets.strategic.positions import add, hazel_game, place, refused, state_of, to_phase


def hexes(game: Game, *ids: str) -> tuple:
    return tuple(game.map.parse(i) for i in ids)


def test_nothing_but_ships_moves_without_a_command_5_27() -> None:
    game = hazel_game()
    to_phase(game, StrategicPhase.MOVEMENT)
    # Ricketts (u3) stands at 0302 in no commanded force: no march, even one hex
    error = refused(game, March("u3", hexes(game, "0202")))
    assert error.rule == "004 5.27" and "without a command" in error.reason
    assert March("u3", hexes(game, "0202")) not in list(game.legal_actions())
    # the supply train and a leader need a command too
    assert refused(game, March("ut1", hexes(game, "0202"))).rule == "004 5.27"
    assert refused(game, March("mcdowell", hexes(game, "0202"))).rule == "004 5.27"


def test_each_force_finishes_its_move_before_the_next_5_28() -> None:
    game = hazel_game()
    game.apply(DeclareSpan("mcdowell", ("u3",)))
    game.apply(EndPhase())
    game.apply(GiveOrder("mcdowell"))  # the Union's one order this week
    game.apply(March("u3", hexes(game, "0202")))
    # trying Bayard's initiative begins his force's move: McDowell's is over
    game.dice.forced = [1]
    game.apply(RollInitiative("bayard"))
    error = refused(game, March("u3", hexes(game, "0203")))
    assert error.rule == "004 5.28"
    # and McDowell cannot be commanded again this phase
    assert refused(game, RollInitiative("mcdowell")).rule == "004 5.28"


def test_a_commanded_force_may_split_up_6_43() -> None:
    game = hazel_game()
    game.apply(DeclareSpan("mcdowell", ("u3", "ut1")))
    game.apply(EndPhase())
    game.apply(GiveOrder("mcdowell"))
    # Ricketts goes west, the train north-west, the army HQ stays: one command, three ways
    game.apply(March("u3", hexes(game, "0202")))
    game.apply(March("ut1", hexes(game, "0301")))
    state = state_of(game)
    assert state.pieces["u3"].hex == game.map.parse("0202")
    assert state.pieces["ut1"].hex == game.map.parse("0301")
    assert state.pieces["army-va"].hex == game.map.parse("0302")


def test_an_hq_is_commanded_only_by_its_own_leader_on_it_10_1() -> None:
    game = hazel_game()
    # McDowell may not take Banks' II Corps into his span: only Banks, on it, commands it
    error = refused(game, DeclareSpan("mcdowell", ("ii-corps",)))
    assert error.rule == "004 10.1" and "own commander" in error.reason
    # Banks on his HQ commands it and its roster
    assert base_force(state_of(game), state_of(game).pieces["banks"]) == (
        "banks", "ii-corps", "u1", "u2")
    # Banks rides off to 0203: the corps has no commander; he commands only himself
    place(game, "banks", "0203")
    assert base_force(state_of(game), state_of(game).pieces["banks"]) == ("banks",)
    to_phase(game, StrategicPhase.MOVEMENT)
    # the commanderless HQ moves only by a direct order (an order to the HQ itself)
    events = game.apply(GiveOrder("ii-corps"))
    assert any(isinstance(e, CommandGiven) and e.by_order for e in events)
    game.apply(March("ii-corps", hexes(game, "0304")))
    assert state_of(game).pieces["u1"].hex == game.map.parse("0304")  # its roster with it


def test_spans_are_declared_again_for_combat_10_1() -> None:
    game = hazel_game()
    game.apply(DeclareSpan("mcdowell", ("u3",)))
    assert set(state_of(game).forces) == {"mcdowell"}
    to_phase(game, StrategicPhase.COMBAT)
    assert state_of(game).forces == {}  # the movement phase's spans lapse
    # and McDowell may now name another span: Sigel's division, brought to him
    place(game, "u6", "0302")
    game.apply(DeclareSpan("mcdowell", ("u6",)))
    assert "u6" in state_of(game).forces["mcdowell"].members
    assert "u3" not in state_of(game).forces["mcdowell"].members


def test_corps_commanders_try_when_the_army_commander_fails_10_14() -> None:
    game = hazel_game()
    # McDowell, on the Army of Virginia's HQ at 0302, takes in Banks (0303, next to him)
    game.apply(DeclareSpan("mcdowell", ("banks",)))
    assert {"banks", "ii-corps", "u1", "u2"} <= set(state_of(game).forces["mcdowell"].members)
    game.apply(EndPhase())
    # Banks may not try for himself first
    assert refused(game, RollInitiative("banks")).rule == "004 10.14"
    # McDowell, initiative 3, rolls a 5 and fails; his chance was 3 in 6
    game.dice.forced = [5]
    failed = next(e for e in game.apply(RollInitiative("mcdowell"))
                  if isinstance(e, CommandGiven))
    assert not failed.success and failed.chance == Fraction(1, 2)
    assert refused(game, March("u3", hexes(game, "0202"))).rule == "004 5.27"
    # now Banks (initiative 2) tries: a 2 commands his corps
    game.dice.forced = [2]
    given = next(e for e in game.apply(RollInitiative("banks")) if isinstance(e, CommandGiven))
    assert given.success and given.chance == Fraction(2, 6) and given.needed == 2
    assert [(t.label, t.value, t.rule) for t in given.terms] == [
        ("Banks's initiative", 2, "R&C strategic command")]
    game.apply(March("ii-corps", hexes(game, "0304")))


def test_the_army_commanders_command_covers_the_corps_in_his_span_10_14() -> None:
    game = hazel_game()
    game.apply(DeclareSpan("mcdowell", ("banks",)))
    game.apply(EndPhase())
    game.dice.forced = [3]  # at his initiative of 3: commanded
    game.apply(RollInitiative("mcdowell"))
    game.apply(March("ii-corps", hexes(game, "0304")))
    assert state_of(game).pieces["u2"].hex == game.map.parse("0304")


def bayard_next_to_mcdowell_with_sigel() -> Game:
    """Hazel, with Bayard (span 2) and Sigel's 7 SP division at 0202, next to McDowell's army
    HQ (0302)."""
    game = hazel_game()
    place(game, "bayard", "0202")
    place(game, "u6", "0202")
    state = state_of(game)
    assert state.pieces["bayard"].hex.distance(state.pieces["mcdowell"].hex) == 1
    return game


def test_an_army_commander_takes_in_a_leader_with_the_span_he_declared_10_1_10_14() -> None:
    game = bayard_next_to_mcdowell_with_sigel()
    game.apply(DeclareSpan("bayard", ("u6",)))
    # Bayard has declared: McDowell may still take him in, and Sigel's division comes with him
    # (before, "bayard is already in bayard's span" refused it)
    game.apply(DeclareSpan("mcdowell", ("bayard",)))
    assert {"bayard", "u6"} <= set(state_of(game).forces["mcdowell"].members)
    game.apply(EndPhase())
    game.dice.forced = [3]  # McDowell's initiative 3: commanded, and Sigel with him
    game.apply(RollInitiative("mcdowell"))
    game.apply(March("u6", hexes(game, "0302")))
    assert state_of(game).pieces["u6"].hex == game.map.parse("0302")


def test_a_leader_taken_in_before_he_declared_still_declares_and_brings_his_span_10_1() -> None:
    game = bayard_next_to_mcdowell_with_sigel()
    game.apply(DeclareSpan("mcdowell", ("bayard",)))  # Bayard alone: he has declared nothing
    assert "u6" not in state_of(game).forces["mcdowell"].members
    # Bayard is still offered his declaration, and what he takes joins McDowell's force
    assert DeclareSpan("bayard", ("u6",)) in list(game.legal_actions())
    game.apply(DeclareSpan("bayard", ("u6",)))
    assert "u6" in state_of(game).forces["mcdowell"].members
    # declared once, he is not offered it again
    assert not any(isinstance(a, DeclareSpan) and a.leader == "bayard"
                   for a in game.legal_actions())


def test_a_span_is_declared_once_and_before_the_command_is_tried_10_1() -> None:
    game = bayard_next_to_mcdowell_with_sigel()
    game.apply(DeclareSpan("bayard", ("u6",)))
    assert "already declared" in refused(game, DeclareSpan("bayard", ())).reason
    # in the combat phase spans are declared again; Bayard (initiative 4, no span declared)
    # tries his initiative with a 6 and fails: he may not now declare a span and try again
    to_phase(game, StrategicPhase.COMBAT)
    game.dice.forced = [6]
    game.apply(RollInitiative("bayard"))
    error = refused(game, DeclareSpan("bayard", ("u6",)))
    assert error.rule == "004 10.1" and "has been tried" in error.reason
    assert not any(isinstance(a, DeclareSpan) and a.leader == "bayard"
                   for a in game.legal_actions())


def test_a_corps_commander_may_not_extend_command_10_15() -> None:
    game = hazel_game()
    place(game, "bayard", "0303")
    error = refused(game, DeclareSpan("banks", ("bayard",)))
    assert error.rule == "004 10.15"


def test_any_general_commands_cavalry_and_a_cavalry_general_a_corps_10_2_15_13() -> None:
    game = hazel_game()
    state = state_of(game)
    at = game.map.parse("0201")
    # a non-cavalry general with a span of 5 sits on five cavalry units and commands them all
    add(game, Leader("lee", Side.UNION, "Lee", 3, 5, 2, 5, at))
    for i in range(5):
        add(game, Division(f"cav{i}", Side.UNION, f"Cavalry {i}", Arm.CAVALRY, 2, 4, at))
    game.apply(DeclareSpan("lee", tuple(f"cav{i}" for i in range(5))))
    assert len(state.forces["lee"].members) == 6
    # Bayard, a cavalry general, given a corps HQ, commands it with no bonus or penalty
    add(game, HQ("cav-corps", Side.UNION, "Cavalry Corps", Echelon.CORPS,
                 game.map.parse("0203"), "bayard", ("u4",)))
    to_phase(game, StrategicPhase.MOVEMENT)
    game.dice.forced = [4]
    given = next(e for e in game.apply(RollInitiative("bayard")) if isinstance(e, CommandGiven))
    # his initiative of 4, nothing added or taken for his arm
    assert given.success and given.needed == 4 and len(given.terms) == 1
    game.apply(March("cav-corps", hexes(game, "0204")))
    assert state.pieces["u4"].hex == game.map.parse("0204")


def test_grant_under_halleck_cannot_roll_his_own_initiative_19_44() -> None:
    game = hazel_game()
    to_phase(game, StrategicPhase.MOVEMENT)
    error = refused(game, RollInitiative("grant"))
    assert error.rule == "004 19.44" and "Halleck" in error.reason
    assert RollInitiative("grant") not in list(game.legal_actions())
    assert GiveOrder("grant") in list(game.legal_actions())  # an order still moves him


def test_orders_are_limited_and_every_roll_shows_its_chance() -> None:
    game = hazel_game()
    to_phase(game, StrategicPhase.MOVEMENT)
    game.apply(GiveOrder("mcdowell"))
    # the Union has one order a week (the scenario's `orders`)
    assert refused(game, GiveOrder("bayard")).rule == "R&C strategic command"
    game.dice.forced = [6]
    tried = next(e for e in game.apply(RollInitiative("bayard")) if isinstance(e, CommandGiven))
    assert tried.chance == Fraction(4, 6) and not tried.success and tried.roll == 6
    assert refused(game, RollInitiative("bayard")).reason.endswith("has tried once this phase")
