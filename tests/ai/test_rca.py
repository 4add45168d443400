"""The generic candidate-action loop (gameapp/ai/rca.py), on candidate actions that know no
ruleset: the best score above zero wins, ties go to the first listed, nothing above zero ends
the player's part, and only the winner executes."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, cast

import pytest

from gameapp.ai.rca import Choice, NotMyTurnError, RCAPlayer, best_candidate, decide
from gameapp.core.actions import Action
from gameapp.core.engine import Game
from gameapp.core.units import Side


@dataclass(frozen=True)
class Say:
    """A stand-in action: the loop passes actions through without looking at them."""

    word: str


@dataclass
class Fixed:
    """A candidate action with a fixed score that records what the loop asked of it."""

    name: str
    score: float
    evaluated: int = 0
    executed: int = 0

    def evaluate(self, game: Game) -> float:
        self.evaluated += 1
        return self.score

    def execute(self, game: Game) -> Choice:
        self.executed += 1
        return Choice(cast(Action, Say(self.name)), f"{self.name} scored {self.score}")


@dataclass
class FakeGame:
    acting_side: Side | None = Side.UNION
    ends: list[str] = field(default_factory=list)


def game(acting: Side | None = Side.UNION) -> Game:
    return cast(Game, FakeGame(acting))


def end(g: Game) -> Choice:
    cast(Any, g).ends.append("end")
    return Choice(cast(Action, Say("end")), "nothing to do: ends its part")


def test_the_highest_score_above_zero_wins_and_only_it_executes() -> None:
    cas = [Fixed("a", 0.5), Fixed("b", 2.0), Fixed("c", 1.0), Fixed("d", -3.0)]
    choice = decide(game(), cas, end)
    assert choice == Choice(cast(Action, Say("b")), "b scored 2.0")
    assert [c.evaluated for c in cas] == [1, 1, 1, 1]  # every one is asked
    assert [c.executed for c in cas] == [0, 1, 0, 0]


def test_ties_go_to_the_candidate_action_listed_first() -> None:
    first, second = Fixed("first", 1.5), Fixed("second", 1.5)
    assert decide(game(), [first, second], end).why == "first scored 1.5"
    assert decide(game(), [second, first], end).why == "second scored 1.5"
    found = best_candidate(game(), [Fixed("low", 0.1), second, first])
    assert found is not None and found[0] is second and found[1] == 1.5


@pytest.mark.parametrize("scores", [[], [0.0], [0.0, -1.0, -0.0001]])
def test_nothing_above_zero_ends_the_players_part(scores: list[float]) -> None:
    cas = [Fixed(str(i), s) for i, s in enumerate(scores)]
    g = game()
    choice = decide(g, cas, end)
    assert choice.why == "nothing to do: ends its part"
    assert cast(Any, g).ends == ["end"]
    assert all(c.executed == 0 for c in cas)
    assert best_candidate(g, cas) is None


def test_a_candidate_action_executes_what_its_evaluation_found() -> None:
    @dataclass
    class Counting:
        """Finds the next number in `evaluate`; `execute` plays what was found."""

        name: str = "count"
        seen: int = 0
        found: int | None = None

        def evaluate(self, game: Game) -> float:
            self.seen += 1
            self.found = self.seen if self.seen <= 2 else None
            return 1.0 if self.found is not None else 0.0

        def execute(self, game: Game) -> Choice:
            return Choice(cast(Action, Say(str(self.found))), f"counts {self.found}")

    player = RCAPlayer(Side.UNION, [Counting()], end)
    assert [player.decide(game()).why for _ in range(3)] == [
        "counts 1", "counts 2", "nothing to do: ends its part"]


def test_a_player_asked_out_of_turn_refuses() -> None:
    player = RCAPlayer(Side.CONFEDERATE, [Fixed("a", 1.0)], end)
    with pytest.raises(NotMyTurnError, match="Confederate was asked to act, but it is Union's"):
        player.choose(game(Side.UNION))
    with pytest.raises(NotMyTurnError, match="no side's turn"):
        player.choose(game(None))
    assert player.choose(game(Side.CONFEDERATE)) == Say("a")


@pytest.mark.parametrize("module", ["rca.py", "registry.py"])
def test_the_loop_and_the_registry_name_no_phase_and_no_action_of_a_ruleset(module: str) -> None:
    """The seam: what a ruleset's phases and actions are is its candidate actions' business."""
    import re
    from pathlib import Path
    from typing import get_args

    from gameapp.core.phases import Phase

    text = (Path(__file__).resolve().parents[2] / "gameapp" / "ai" / module).read_text()
    words = {a.__name__ for a in get_args(Action)} | {p.name for p in Phase} | {
        p.value for p in Phase} | {"Phase", "phases"}
    named = sorted(w for w in words if re.search(rf"\b{re.escape(w)}\b", text))
    assert named == []
