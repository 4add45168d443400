"""6.76: the owner of a hex where infantry stands with guns chooses, step by step, which unit
takes each casualty step of fire at personnel (a LOSSES decision); the AI and the random
player answer it."""

from gameapp.ai.decisions import answer
from gameapp.ai.random_player import RandomPlayer
from gameapp.core.actions import Fire, StackRoll, TakeLoss
from gameapp.core.decisions import DecisionKind
from gameapp.core.dice import Dice
from gameapp.core.engine import Game
from gameapp.core.events import CasualtiesTaken
from gameapp.core.units import Side
from tests.core.test_fire_at_guns import battery_with_infantry


def fired_at_personnel() -> tuple[Game, list]:
    # u's 8 rifle SPs at 1 hex: small arms 6. Density at personnel: 4 infantry + 4 crew x 2 =
    # 12 SPs, +6. The roll 55 + 6 = 65: C2, two casualty steps and a morale check for all.
    game = battery_with_infantry()
    game.dice = Dice.forcing([55])
    events = game.apply(Fire(("u",), game.map.parse("0605")))
    return game, events


def test_the_owner_is_asked_for_each_step() -> None:
    game, events = fired_at_personnel()
    decision = game.pending_decision
    assert decision is not None and decision.kind is DecisionKind.LOSSES
    assert decision.side is Side.CONFEDERATE and decision.rule == "6.76"
    assert [o.notation for o in decision.options] == ["loss c", "loss g"]
    assert "2 casualty steps" in decision.question
    assert not any(isinstance(e, CasualtiesTaken) for e in events)  # nothing off yet
    game.apply(TakeLoss("g"))  # the gunners take the first
    decision = game.pending_decision
    assert decision is not None and decision.kind is DecisionKind.LOSSES
    assert "1 casualty step " in decision.question
    events = game.apply(TakeLoss("c"))
    assert [e for e in events if isinstance(e, CasualtiesTaken)] == [
        CasualtiesTaken("c", 1, "FCRT results"), CasualtiesTaken("g", 1, "FCRT results")]
    assert (game.state.units["c"].losses, game.state.units["g"].losses) == (1, 1)
    # then C: both check, and their owner chooses one roll or one each (note 3)
    decision = game.pending_decision
    assert decision is not None and decision.kind is DecisionKind.STACK_ROLL
    assert game.log[-2].notation == "loss g" and game.log[-1].notation == "loss c"


def test_all_losses_may_come_off_the_infantry() -> None:
    game, _ = fired_at_personnel()
    game.apply(TakeLoss("c"))
    game.apply(TakeLoss("c"))
    assert (game.state.units["c"].losses, game.state.units["g"].losses) == (2, 0)


def test_the_computer_spares_the_gunners_and_the_random_player_answers() -> None:
    game, _ = fired_at_personnel()
    action, why = answer(game, Side.CONFEDERATE)
    assert action == TakeLoss("c") and "6.76" in why
    player = RandomPlayer(Side.CONFEDERATE, seed=3)
    while game.pending_decision is not None and game.pending_decision.kind is DecisionKind.LOSSES:
        choice = player.choose(game)
        assert isinstance(choice, TakeLoss)
        game.apply(choice)
    assert game.state.units["c"].losses + game.state.units["g"].losses == 2
    assert isinstance(game.pending_decision.options[0].action, StackRoll)  # type: ignore[union-attr]


def test_no_question_without_guns_and_other_personnel_together() -> None:
    # At the guns, the batteries take every step: no choice is asked.
    game = battery_with_infantry()
    game.dice = Dice.forcing([66, 11, 11])
    game.apply(Fire(("u",), game.map.parse("0605"), at_guns=True))
    assert game.pending_decision is None or game.pending_decision.kind is not DecisionKind.LOSSES
