"""Rosters and trains on the Hazel test map (16.16 with 6.57/6.58): a roster never mixes
pieces aboard a train with pieces on the ground (docs/strategic-rules.md, "Rosters aboard a
train").

An HQ is aboard a train when its whole roster is (6.57: it rides as its roster); an empty HQ
rides as a leader and is aboard when it entrained as one (test_strategic_rail_leaders.py).
Before this rule, assigning a walking unit to an entrained HQ (or an entrained unit to a
walking HQ) left a mixed roster: the HQ no longer counted as entrained, so `detrain HQ` was
refused, the entrained unit could not detrain on its own (it moves with its HQ, 16.16) and it
could not attack (6.58).
"""

from __future__ import annotations

from dataclasses import replace

from gameapp.core.engine import Game
from gameapp.core.rulesets.strategic.actions import (
    Assign,
    Attack,
    Detrain,
    Release,
    RollInitiative,
)
from gameapp.core.rulesets.strategic.combat import Detrained
from gameapp.core.rulesets.strategic.pieces import HQ, Division, Echelon, Leader
from gameapp.core.rulesets.strategic.sequence import StrategicPhase
from gameapp.core.units import Side
from gameapp.present.event_words import words
from tests.rulesets.strategic.battles import train
from tests.rulesets.strategic.positions import add, hazel_game, place, refused, state_of, to_phase
from tests.rulesets.strategic.test_strategic_combat import two_hex_attack

C = Side.CONFEDERATE


def entrain(game: Game, *unit_ids: str) -> None:
    """Put units aboard a train where they stand, as if they had ridden there last week."""
    state = state_of(game)
    for unit_id in unit_ids:
        unit = state.pieces[unit_id]
        assert isinstance(unit, Division)
        state.put(replace(unit, entrained=True))


def test_a_walking_unit_does_not_join_an_hq_aboard_a_train_16_16_6_57() -> None:
    game = hazel_game()  # the Union's command phase, week 1
    # the II Corps (Williams u1, militia u2) came to 0302 by rail and is still aboard;
    # Ricketts (u3) stands at 0302 on foot
    for piece in ("ii-corps", "banks"):
        place(game, piece, "0302")
    entrain(game, "u1", "u2")
    state = state_of(game)
    assert state.entrained(state.pieces["ii-corps"])
    # u3 on the roster would leave the corps half aboard: refused, and not listed
    error = refused(game, Assign("u3", "ii-corps"))
    assert error.rule == "004 16.16"
    assert "aboard a train" in error.reason and "6.57" in error.reason
    assert Assign("u3", "ii-corps") not in list(game.legal_actions())
    # the roster is as it was and the corps still counts as aboard: it can get off
    assert state.pieces["ii-corps"].roster == ("u1", "u2")  # type: ignore[union-attr]
    to_phase(game, StrategicPhase.MOVEMENT)
    game.dice.forced = [1]
    game.apply(RollInitiative("banks"))  # Banks (initiative 2) rolls 1: ordered
    game.apply(Detrain("ii-corps"))
    assert not any(state.pieces[u].entrained for u in ("u1", "u2"))  # type: ignore[union-attr]


def test_a_unit_aboard_a_train_does_not_join_a_walking_hq_16_16_6_57() -> None:
    game = hazel_game()
    # Ricketts (u3) is aboard a train at 0302; the Army of Virginia there is on foot, and so
    # is the II Corps once moved there (its roster, Williams and the militia, walks)
    entrain(game, "u3")
    place(game, "ii-corps", "0302")
    for hq in ("ii-corps", "army-va"):  # army-va has an empty roster: it rides as a leader
        error = refused(game, Assign("u3", hq))
        assert error.rule == "004 16.16" and "aboard a train" in error.reason
        assert Assign("u3", hq) not in list(game.legal_actions())
    # the rule refuses only the mix: the supply train ut1, on foot like the army HQ, joins it
    game.apply(Assign("ut1", "army-va"))
    unit = state_of(game).pieces["u3"]
    assert isinstance(unit, Division) and unit.entrained and not unit.can_attack


def test_pieces_aboard_the_same_train_change_rosters_freely_16_16() -> None:
    game = hazel_game()
    # the II Corps and Ricketts (u3) both aboard at 0302: the roster may change
    for piece in ("ii-corps", "banks"):
        place(game, piece, "0302")
    entrain(game, "u1", "u2", "u3")
    game.apply(Assign("u3", "ii-corps"))
    game.apply(Release("u2"))  # the militia leaves the roster still aboard, and may detrain
    state = state_of(game)
    assert state.entrained(state.pieces["ii-corps"])
    assert state.pieces["u2"].entrained  # type: ignore[union-attr]
    to_phase(game, StrategicPhase.MOVEMENT)
    game.dice.forced = [1]
    game.apply(RollInitiative("banks"))
    # the corps gets off with its whole roster: Williams and Ricketts can attack again
    game.apply(Detrain("ii-corps"))
    for unit_id in ("u1", "u3"):
        unit = state.pieces[unit_id]
        assert isinstance(unit, Division) and not unit.entrained and unit.can_attack


def test_a_train_caught_aboard_with_its_hqs_units_gets_off_with_them_6_58_8_17() -> None:
    # a Confederate corps aboard a train at 0503: Hill (c, 8 SP) and a supply train (ct) on
    # its roster; the Union attacks it from 0603 (x, 12 SP) and 0602 (y, 6 SP)
    game = two_hex_attack()
    state = state_of(game)
    add(game, Leader("jeb", C, "Jeb", 1, 5, 0, 2, game.map.parse("0503")))
    train(game, "ct", C, "0503", 4)
    add(game, HQ("chq", C, "Corps", Echelon.CORPS, game.map.parse("0503"), commander="jeb",
                 roster=("c", "ct")))
    state.put(replace(state.pieces["c"], sp=8, entrained=True))  # type: ignore[type-var]
    state.put(replace(state.pieces["ct"], entrained=True))  # type: ignore[type-var]
    assert state.entrained(state.pieces["chq"])
    # Hill is caught aboard: 8 -> 4 SP (6.58); the train is held out (8.17) but gets off too,
    # or the corps would be left half aboard (its roster mixed: see the module's docstring)
    game.dice.forced = [1]  # 18 : 4 = 4:1, die 1 + 1 (tactical) = row 2: 10/20 r
    events = game.apply(Attack(game.map.parse("0503"), ("x", "y")))
    assert Detrained("c", 4, "004 6.58") in events and Detrained("ct", 0, "004 6.58") in events
    assert not any(state.pieces[u].entrained for u in ("c", "ct"))  # type: ignore[union-attr]
    assert state.pieces["ct"].hex == state.pieces["chq"].hex  # it went back with its corps
    assert words(Detrained("ct", 0, "004 6.58"), game.map.hex_id) == [
        "ct, caught aboard a train, gets off with the troops (004 6.58)"]
