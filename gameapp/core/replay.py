"""The one replay step that saves, the history, the past board and the replay window share:
apply a logged action to a game and check it rolled what the log says.

    events = replay_action(game, action, recorded_rolls)   # ReplayMismatch if it does not replay

A save replays from its seed, so its dice must roll again what was recorded; the history feeds
the dice the recorded faces first (`forced_faces`), so a game whose dice were forced, as tests
force them, replays as well.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from gameapp.core.breakdown import IllegalActionError
from gameapp.core.dice import Roll
from gameapp.core.engine import Game, LogEntry


class ReplayMismatch(ValueError):
    """A logged action that does not replay: `illegal` (the rules refuse it now) or `dice` (it
    rolled other dice than the log says)."""

    def __init__(self, kind: str, reason: str) -> None:
        self.kind = kind
        self.reason = reason
        super().__init__(reason)


def replay_action(game: Game, action: Any, recorded: Sequence[Roll], *,
                  exact: bool = False) -> list[Any]:
    """Apply `action` as the log recorded it. `recorded` are the rolls it made then, compared by
    their faces, and also by what each was for when `exact` (a save, which states both)."""
    text = action.to_text(game.map.numbering)
    rolled = len(game.dice.history)
    try:
        events = game.apply(action)
    except IllegalActionError as error:
        raise ReplayMismatch("illegal", f"'{text}' does not replay: {error}") from None
    rolls = game.dice.history[rolled:]
    if exact and rolls != list(recorded):
        raise ReplayMismatch("dice", "the recorded dice do not match what the game's seed "
                             "rolls for this action")
    faces = [r.dice for r in rolls]
    if faces != [r.dice for r in recorded]:
        raise ReplayMismatch("dice", f"'{text}' rolled {faces}, the log says "
                             f"{[r.dice for r in recorded]}")
    return events


def forced_faces(entries: Iterable[LogEntry]) -> list[int]:
    """The dice faces a log's entries rolled, in order, to feed a fresh game's dice."""
    return [face for entry in entries for roll in entry.rolls for face in roll.dice]
