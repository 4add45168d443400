"""The advance after a battle on the Hazel map (our design, `R&C strategic advance`): the
battle's survivors may go into the hex it emptied, as the very next action."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gameapp.core.breakdown import IllegalActionError
from gameapp.core.engine import Game
from gameapp.core.rulesets.strategic.actions import Advance, Attack, BurnSupply
from gameapp.core.rulesets.strategic.advance import ADVANCE, Advanced
from gameapp.core.rulesets.strategic.sequence import StrategicPhase
from gameapp.core.units import Side
from tests.rulesets.strategic.battles import commanded_force, empty_board, train, unit
from tests.rulesets.strategic.positions import state_of, to_phase

U, C = Side.UNION, Side.CONFEDERATE


def battle(defender_sp: int, die: int = 6) -> Game:
    """x (12 SP) at 0603 and y (6, on a corps HQ's roster) at 0602 attack c at 0503; the die
    is forced (6 unless given)."""
    game = empty_board()
    unit(game, "x", U, "0603", 12)
    unit(game, "y", U, "0602", 6)
    unit(game, "c", C, "0503", defender_sp)
    train(game, "ut", U, "0603", 5)
    to_phase(game, StrategicPhase.COMBAT)
    commanded_force(game, {"0603": ["x", "ut"], "0602": ["y"]})
    game.dice.forced = [die]
    game.apply(Attack(game.map.parse("0503"), ("x", "y")))
    return game


def test_the_survivors_may_advance_into_the_hex_the_battle_emptied() -> None:
    # c (1 SP) loses at least 1 SP at 10 % or more: it is gone and 0503 is empty
    game = battle(1)
    target = game.map.parse("0503")
    assert "c" not in state_of(game).pieces
    legal = [a for a in game.legal_actions() if isinstance(a, Advance)]
    # together first (18 SP fit the stacking limit of 30), then each alone
    assert legal == [Advance(target, ("x", "y")), Advance(target, ("x",)), Advance(target, ("y",))]
    events = game.apply(Advance(target, ("y",)))
    moved = next(e for e in events if isinstance(e, Advanced))
    assert [t.label for t in moved.terms] == [
        "y leaves Corps 0's roster (16.16)", "y advances from 0602 into 0503"]
    state = state_of(game)
    hq = state.pieces["sub0-hq"]
    assert state.pieces["y"].hex == target and "y" not in hq.roster
    assert state.control[target] is U  # 3.23: Confederate ground, now Union-held
    # one advance a battle: x may not follow now
    with pytest.raises(IllegalActionError) as refused:
        game.check(Advance(target, ("x",)))
    assert refused.value.rule == ADVANCE


def test_no_advance_while_a_defender_holds_the_hex_nor_after_another_action() -> None:
    # c (30 SP) against 18 at 1:2, the die 3: c loses 3 SP and holds 0503 (no retreat)
    game = battle(30, die=3)
    target = game.map.parse("0503")
    assert state_of(game).pieces["c"].hex == target
    assert not [a for a in game.legal_actions() if isinstance(a, Advance)]
    with pytest.raises(IllegalActionError) as refused:
        game.check(Advance(target, ("x",)))
    assert refused.value.rule == ADVANCE
    # an emptied hex, but the player does something else first: the chance is gone
    game = battle(1)
    game.apply(BurnSupply("ut", 1))
    assert not [a for a in game.legal_actions() if isinstance(a, Advance)]


def test_an_advance_respects_the_stacking_limit() -> None:
    game = battle(1)
    target = game.map.parse("0503")
    # x made 25 SP: x and y together (31) exceed the 30 SP a hex holds
    state = state_of(game)
    state.put(replace(state.pieces["x"], sp=25))  # type: ignore[type-var]
    legal = [a for a in game.legal_actions() if isinstance(a, Advance)]
    assert legal[0] == Advance(target, ("x",))  # the strongest that fit together: x alone
    with pytest.raises(IllegalActionError) as refused:
        game.check(Advance(target, ("x", "y")))
    assert refused.value.rule == "R&C strategic stacking" and "31 SP" in refused.value.reason
