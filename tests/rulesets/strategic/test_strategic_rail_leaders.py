"""Leaders and empty HQs on the rails (6.57 "as leaders do", 6.58; docs/strategic-rules.md,
"Leaders and empty HQs aboard"): they get on and off a train as a unit does.

Hand-worked on the Hazel test map: the railroad runs 0102-0201-0302-0401-...; a leader's MA is
4, so entraining costs 2 MP and detraining 2 more; a leader weighs nothing on the rails.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from gameapp.ai.strategic.player import StrategicPlayer
from gameapp.core.engine import Game
from gameapp.core.rulesets.strategic.actions import Attack, Detrain, March, Rail, RollInitiative
from gameapp.core.rulesets.strategic.combat import Detrained
from gameapp.core.rulesets.strategic.events import LeftTrain, RailMoved
from gameapp.core.rulesets.strategic.pieces import HQ, Echelon, Leader
from gameapp.core.rulesets.strategic.ruleset import ATTACK
from gameapp.core.rulesets.strategic.sequence import StrategicPhase
from gameapp.core.units import Side
from gameapp.present.event_words import words
from gameapp.present.strategic import piece_line
from tests.rulesets.strategic.positions import add, hazel_game, refused, state_of, to_phase
from tests.rulesets.strategic.test_strategic_combat import two_hex_attack

RAIL = "R&C strategic rail"
LEADERS = "R&C strategic rail leaders"


def ordered(game: Game, leader: str) -> None:
    """The Union's movement phase: `leader` rolls a 1 for his initiative and moves."""
    to_phase(game, StrategicPhase.MOVEMENT)
    game.dice.forced = [1]
    game.apply(RollInitiative(leader))


def rail(game: Game, piece: str, to: str) -> RailMoved:
    return next(e for e in game.apply(Rail(piece, game.map.parse(to)))
                if isinstance(e, RailMoved))


def test_a_lone_leader_entrains_once_rides_on_and_detrains_before_marching_6_57_6_58() -> None:
    game = hazel_game()
    ordered(game, "halleck")  # Halleck at Westport (0102), on the rail, moves
    state = state_of(game)
    # entraining: half a leader's MA of 4 = 2 MP; he weighs nothing (Union capacity 8 stays 8)
    moved = rail(game, "halleck", "0201")
    assert [(t.label, t.value, t.rule) for t in moved.terms] == [
        ("a leader", 0, "004 6.57"),
        ("entraining: half the MA (a leader entrains as a unit does)", 2.0, LEADERS)]
    assert moved.weight == 0 and moved.capacity_left == 8
    halleck = state.pieces["halleck"]
    assert isinstance(halleck, Leader) and halleck.entrained
    assert state.entrained(halleck) and state.mp_spent["halleck"] == 2
    assert piece_line(halleck).endswith(", entrained")
    # aboard, he does not march (2 MP left would take him a hex) ...
    assert refused(game, March("halleck", (game.map.parse("0202"),))).rule == "004 6.58"
    assert not any(isinstance(a, March) and a.piece == "halleck"
                   for a in game.legal_actions())
    # ... but rides on with no second entraining: 0201 -> 0302, still 2 MP spent
    again = rail(game, "halleck", "0302")
    assert [t.label for t in again.terms] == ["a leader"]
    assert state.mp_spent["halleck"] == 2
    # detraining costs the other half: 2 + 2 = all 4 MP, and says so
    assert Detrain("halleck") in list(game.legal_actions())
    events = game.apply(Detrain("halleck"))
    left = next(e for e in events if isinstance(e, LeftTrain))
    assert [(t.label, t.value, t.rule) for t in left.terms] == [
        ("detraining: half the MA (a leader detrains as a unit does)", 2.0, LEADERS)]
    assert words(left, game.map.hex_id) == [
        "halleck got off the train at 0302 · detraining: half the MA (a leader detrains as a"
        " unit does) 2 (R&C strategic rail leaders)"]
    assert not state.entrained(state.pieces["halleck"])
    assert state.mp_spent["halleck"] == 4
    # on the ground with his MA spent: no new ride, and only a forced march (+2 MP, 6.33)
    mine = [a for a in game.legal_actions() if getattr(a, "piece", None) == "halleck"]
    assert mine and all(isinstance(a, March) and a.forced for a in mine)


def test_a_leader_with_too_few_mp_left_cannot_detrain_until_next_week() -> None:
    game = hazel_game()
    ordered(game, "halleck")
    state = state_of(game)
    rail(game, "halleck", "0201")
    state.mp_spent["halleck"] = Fraction(3)  # say he had marched a hex first: 1 MP left
    assert Detrain("halleck") not in list(game.legal_actions())
    error = refused(game, Detrain("halleck"))
    assert error.rule == RAIL and "entraining costs 2 MP; 1 are left" in error.reason


def test_an_empty_hq_rides_as_a_leader_and_is_aboard_until_it_detrains_6_57() -> None:
    game = hazel_game()
    ordered(game, "mcdowell")  # his Army of Virginia HQ, at 0302, has an empty roster
    state = state_of(game)
    state.control[game.map.parse("0401")] = Side.UNION  # taken: the line runs there (3.23)
    moved = rail(game, "army-va", "0401")
    assert [(t.label, t.value, t.rule) for t in moved.terms] == [
        ("an empty HQ", 0, "004 6.57"),
        ("entraining: half the MA (an empty HQ, as a leader, entrains as a unit does)", 2.0,
         LEADERS)]
    hq = state.pieces["army-va"]
    assert isinstance(hq, HQ) and state.entrained(hq)
    assert refused(game, March("army-va", (game.map.parse("0402"),))).rule == "004 6.58"
    game.apply(Detrain("army-va"))
    assert not state.entrained(state.pieces["army-va"])
    assert state.mp_spent["army-va"] == 4


def test_leaders_and_hqs_caught_aboard_get_off_with_the_troops_6_58() -> None:
    # Hill (c, 6 SP) defends 0503 against x (12 SP) and y (6 SP), with a general and an empty
    # corps HQ aboard a train there: the battle puts them on the ground at no loss
    game = two_hex_attack()
    state = state_of(game)
    at = game.map.parse("0503")
    add(game, Leader("jeb", Side.CONFEDERATE, "Jeb", 1, 5, 0, 2, at, entrained=True))
    add(game, HQ("chq", Side.CONFEDERATE, "Corps", Echelon.CORPS, at, commander="jeb",
                 entrained=True))
    state.put(replace(state.pieces["c"], entrained=True))  # type: ignore[type-var]
    game.dice.forced = [1]
    events = game.apply(Attack(at, ("x", "y")))
    assert Detrained("jeb", 0, "004 6.58") in events
    assert Detrained("chq", 0, "004 6.58") in events
    assert not state.entrained(state.pieces["jeb"]) and not state.entrained(state.pieces["chq"])


def test_a_leader_aboard_a_train_leads_no_attack_6_58() -> None:
    # x (12 SP) and y (6) attack c (6) at 0503, their army commander (tactical +1) with x at
    # 0603: on the ground he leads the attack (+1 to the die); aboard a train there, he does not
    game = two_hex_attack()
    state = state_of(game)
    action = Attack(game.map.parse("0503"), ("x", "y"))
    assert [(t.label, t.value) for t in ATTACK.preview(game._context(), action,
                                                         Side.UNION).modifier_terms] == [
        ("General leads the attack", 1)]
    state.put(replace(state.pieces["gen"], entrained=True))  # type: ignore[type-var]
    assert ATTACK.preview(game._context(), action, Side.UNION).modifier_terms == ()


def test_the_computer_gets_a_leader_off_the_train() -> None:
    game = hazel_game()
    ordered(game, "halleck")
    state = state_of(game)
    state.put(replace(state.pieces["halleck"], entrained=True))  # type: ignore[type-var]
    player = StrategicPlayer(Side.UNION)
    chosen = []
    while game.current_side is Side.UNION and not any(
            isinstance(a, Detrain) for a, _ in chosen):
        choice = player.decide(game)
        chosen.append((choice.action, choice.why))
        game.apply(choice.action)
    assert (Detrain("halleck"), "detrains halleck at Westport, MD") in chosen
    assert not state.entrained(state.pieces["halleck"])
