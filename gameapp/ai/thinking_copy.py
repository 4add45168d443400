"""A computer player's own copy of the game, so it can think on another thread.

The window lets the computer decide on a worker thread while the board keeps drawing. The
player must then change nothing the window reads, and read nothing the window changes: not the
game's state, not its dice, not its move-cost caches. `ThinkingCopy` is a `Game` over copies of
the real game's state, log and dice, with rules (and their caches) of its own. Only what is
worked out from the map alone (`costs.MapCaches`) is shared with the window's game, by design:
its entries are only ever added, each made whole before it is stored, and a key always gets the
same value, so either thread finds nothing or the finished entry. `follow` brings the same copy
up to date before each decision (on the window's thread), so what the player keeps for a phase
(its context holds the game it was given) always reads the position as it is now. Legality is
the copy's own: its state is the real one, and the engine is deterministic, so its legal
actions are the real game's.

A copy never plays (`apply` and `undo` refuse): the window applies the choice to the real game.
"""

from __future__ import annotations

from gameapp.core.actions import Action
from gameapp.core.breakdown import IllegalActionError
from gameapp.core.engine import Game
from gameapp.core.events import Event


class ThinkingCopy(Game):
    """`game` as it was at the last `follow`."""

    def __init__(self, game: Game) -> None:
        super().__init__(game.scenario, game.state.copy(), game.dice.copy(), game.ruleset,
                         list(game.log))
        self.real = game

    def follow(self) -> ThinkingCopy:
        """Copy the real game's position again (its revision too, which names it)."""
        self.state = self.real.state.copy()
        self.dice = self.real.dice.copy()
        self.log = list(self.real.log)
        return self

    def apply(self, action: Action) -> list[Event]:
        raise IllegalActionError("a computer player's copy of the game cannot be played: "
                                 "apply the action to the game", "R&C actions")

    def undo(self) -> None:
        raise IllegalActionError("a computer player's copy of the game cannot be undone",
                                 "R&C undo")


def thinking_copy(game: Game, copy: ThinkingCopy | None = None) -> ThinkingCopy:
    """A copy of `game` as it is now: `copy` brought up to date when it follows this game."""
    if copy is not None and copy.real is game:
        return copy.follow()
    return ThinkingCopy(game)
