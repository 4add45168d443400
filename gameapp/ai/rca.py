"""One generic candidate-action loop, after Wesnoth's RCA AI ("register, evaluate, execute").

A computer player is a list of candidate actions. Each time the engine asks its side to act,
the loop asks every candidate action to `evaluate` the game: a score above zero means "I have
something to do" (and the candidate action may keep what it found for `execute`). The highest
score wins, and its `execute` returns the action with the one line that explains it. Ties go to
the candidate action listed first, so a player is deterministic however its scores are built.
When nothing scores above zero the player ends its part of the game's step: what that is (which
action, which words) is the ruleset's `end`, since the loop knows no step or action by name.

Unlike Wesnoth's loop, which executes moves itself until no candidate action is left, this one
returns one action a call: the engine applies it and asks again, so the log, undo and the
window's pacing see every action. A candidate action whose choice the engine would refuse must
therefore never score above zero (it checks legality in `evaluate`), or the player would ask
for the same illegal action again.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from gameapp.core.engine import Game
from gameapp.core.units import Side


class NotMyTurnError(RuntimeError):
    """The player was asked to act when its side is not the acting side."""


@dataclass(frozen=True)
class Choice:
    """A player's action and the one line that says why (shown in the log)."""

    action: Any  # an action of the game's ruleset (the tactical `Action`, a strategic one, ...)
    why: str


class CandidateAction(Protocol):
    """One kind of thing a player may do; a ruleset's AI is a list of them."""

    @property
    def name(self) -> str: ...

    def evaluate(self, game: Game) -> float:
        """How much this candidate action wants to act now; above zero to be considered.
        It may keep what it found for `execute`."""
        ...

    def execute(self, game: Game) -> Choice:
        """The action to take (legal now) and why; called only right after `evaluate` won."""
        ...


@runtime_checkable
class ExplainingPlayer(Protocol):
    """A player that says why it chose its action (the log shows it)."""

    def decide(self, game: Game) -> Choice: ...


EndPart = Callable[[Game], Choice]  # what a player does when no candidate action scores


def best_candidate(game: Game, candidates: Sequence[CandidateAction]
                   ) -> tuple[CandidateAction, float] | None:
    """The candidate action with the highest score above zero, and its score (the first listed
    of those tied); None when none scores above zero. Every one is evaluated, in order."""
    best: tuple[CandidateAction, float] | None = None
    for candidate in candidates:
        score = candidate.evaluate(game)
        if score > 0 and (best is None or score > best[1]):
            best = (candidate, score)
    return best


def decide(game: Game, candidates: Sequence[CandidateAction], end: EndPart) -> Choice:
    """One decision: the best candidate action's choice, else `end`."""
    found = best_candidate(game, candidates)
    return found[0].execute(game) if found is not None else end(game)


def check_turn(game: Game, side: Side) -> None:
    """Raise NotMyTurnError unless `side` is the side to act."""
    acting = game.acting_side
    if acting is not side:
        whose = f"{acting.label}'s turn" if acting else "no side's turn"
        raise NotMyTurnError(f"{side.label} was asked to act, but it is {whose}")


@dataclass
class RCAPlayer:
    """A computer player that is nothing but its candidate actions and its way of ending its
    part: what a ruleset registers when its candidate actions keep all they need themselves."""

    side: Side
    candidates: Sequence[CandidateAction]
    end: EndPart

    def decide(self, game: Game) -> Choice:
        check_turn(game, self.side)
        return decide(game, self.candidates, self.end)

    def choose(self, game: Game) -> Any:
        return self.decide(game).action
