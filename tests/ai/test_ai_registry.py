"""Each ruleset's computer players are found by the ruleset's name (gameapp/ai/registry.py). A
new ruleset's AI plugs in by registering its candidate actions: the one below, for a toy race
game defined only here, edits nothing in gameapp/ai."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

import pytest

from gameapp.ai.player import AIPlayer
from gameapp.ai.random_player import RandomPlayer
from gameapp.ai.rca import Choice, RCAPlayer
from gameapp.ai.registry import (
    Player,
    UnknownAIError,
    ai_for,
    make_player,
    register_ai,
    unregister_ai,
)
from gameapp.ai.settings import Difficulty
from gameapp.core.actions import Action
from gameapp.core.engine import Game
from gameapp.core.units import Side
from gameapp.headless import make_players, play

DEMO = Path(__file__).resolve().parents[2] / "scenarios" / "demo.yaml"


# --- a toy ruleset: players add 1 or 2 to a running total; whoever reaches 10 wins -----------
@dataclass(frozen=True)
class Add:
    n: int


@dataclass(frozen=True)
class Stop:
    pass


@dataclass
class Race:
    total: int = 0
    acting_side: Side | None = Side.UNION
    log: list[tuple[Side, object, str]] = field(default_factory=list)

    def apply(self, side: Side, action: object, why: str) -> None:
        self.log.append((side, action, why))
        if isinstance(action, Add):
            self.total += action.n
        self.acting_side = None if self.total >= 10 or isinstance(action, Stop) \
            else side.other


def race(game: Game) -> Race:
    return cast(Race, game)


@dataclass
class Win:
    """Reaches 10 when it can: the race's best move, so its score is the highest."""

    name: str = "win"

    def evaluate(self, game: Game) -> float:
        return 10.0 if race(game).total >= 8 else 0.0

    def execute(self, game: Game) -> Choice:
        n = 10 - race(game).total
        return Choice(cast(Action, Add(n)), f"adds {n} to reach 10")


@dataclass
class LeaveSeven:
    """Leaves the other player 7, from which it cannot win at once."""

    name: str = "leave seven"
    n: int = 0

    def evaluate(self, game: Game) -> float:
        self.n = 7 - race(game).total
        return 5.0 if self.n in (1, 2) else 0.0

    def execute(self, game: Game) -> Choice:
        return Choice(cast(Action, Add(self.n)), f"adds {self.n} to leave 7")


@dataclass
class Creep:
    name: str = "creep"

    def evaluate(self, game: Game) -> float:
        return 1.0 if race(game).total < 5 else 0.0

    def execute(self, game: Game) -> Choice:
        return Choice(cast(Action, Add(1)), "adds 1")


def give_up(game: Game) -> Choice:
    return Choice(cast(Action, Stop()), "stops: nothing worth doing")


def race_player(side: Side, level: str, seed: int, fog: bool) -> Player:
    return RCAPlayer(side, [Win(), LeaveSeven(), Creep()], end=give_up)


@pytest.fixture
def race_ai() -> Iterator[None]:
    register_ai("race", race_player, levels=("normal",))
    yield
    unregister_ai("race")


def test_a_new_rulesets_ai_plugs_in_by_registering_its_candidate_actions(race_ai: None) -> None:
    players = {side: make_player("race", side) for side in Side}
    game = Race()
    while game.acting_side is not None:
        side = game.acting_side
        player = players[side]
        assert isinstance(player, RCAPlayer)
        choice = player.decide(cast(Game, game))
        game.apply(side, choice.action, choice.why)
    assert [(s.value, a, why) for s, a, why in game.log] == [
        ("union", Add(1), "adds 1"),
        ("confederate", Add(1), "adds 1"),
        ("union", Add(1), "adds 1"),
        ("confederate", Add(1), "adds 1"),
        ("union", Add(1), "adds 1"),  # to 5: leaving 7 would take 3
        ("confederate", Add(2), "adds 2 to leave 7"),
        ("union", Stop(), "stops: nothing worth doing"),
    ]


def test_the_headless_driver_finds_a_rulesets_players_by_its_name(race_ai: None) -> None:
    with pytest.raises(UnknownAIError, match="no level 'random'"):  # the race has no random one
        make_players(1, "usa", ruleset="race")
    ai_players = make_players(1, "both", ruleset="race")
    assert all(isinstance(p, RCAPlayer) for p in ai_players.values())


def test_the_tactical_ai_is_registered_at_its_four_levels() -> None:
    tactical = ai_for("tactical")
    assert tactical.levels == ("easy", "normal", "hard", "random")
    assert tactical.default == "normal"
    hard = make_player("tactical", Side.UNION, "hard", seed=4, fog=True)
    assert isinstance(hard, AIPlayer)
    assert (hard.difficulty, hard.seed, hard.fog) == (Difficulty.HARD, 4, True)
    assert cast(AIPlayer, make_player("tactical", Side.UNION)).difficulty is Difficulty.NORMAL
    assert isinstance(make_player("tactical", Side.CONFEDERATE, "random"), RandomPlayer)
    names = [ca.name for ca in hard.candidates]
    assert names == ["answer a decision", "move a unit", "fire", "resolve a charge",
                     "first legal action"]


def test_unknown_rulesets_and_levels_say_what_there_is() -> None:
    with pytest.raises(UnknownAIError, match=r"ruleset 'chess' \(known: .*tactical"):
        make_player("chess", Side.UNION)
    with pytest.raises(UnknownAIError, match=r"no level 'brutal'.*easy, normal, hard, random"):
        make_player("tactical", Side.UNION, "brutal")
    with pytest.raises(ValueError, match="default level 'hard' is not one of its levels"):
        register_ai("race", race_player, levels=("normal",), default="hard")


def test_a_registered_ai_replaces_the_one_before(race_ai: None) -> None:
    first = ai_for("race")
    register_ai("race", race_player, levels=("normal", "fast"), default="fast")
    assert ai_for("race") is not first and ai_for("race").default == "fast"


def test_headless_play_gets_the_scenarios_rulesets_players() -> None:
    game = Game.from_scenario(DEMO, seed=2)
    outcome = play(game, 2, turns=1, players=make_players(2, "usa", ruleset="tactical"))
    reasons = outcome.reasons
    assert reasons, "the Union's AI explains its choices"
    sides = {cast(Any, outcome.game.log[i]).side for i in reasons}
    assert sides == {Side.UNION}  # the random Confederates explain nothing


def test_a_scenario_whose_ruleset_has_no_ai_is_a_message_not_a_traceback(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from gameapp.ai import registry
    from gameapp.cli import run_headless

    ai_for("tactical")  # the built-in AIs are registered; now take the tactical one away
    monkeypatch.delitem(registry._AIS, "tactical")
    assert run_headless(DEMO, seed=1, turns=1) == 1
    assert "no computer player for the ruleset 'tactical'" in capsys.readouterr().err
