"""Answering the owner's pick of a rout path (7.6) the way the engine ranks the paths: the first
option, the engine's first best path. For tests about something else than the pick."""

from __future__ import annotations

from gameapp.core.engine import Game
from gameapp.core.events import Event


def first_rout_paths(game: Game) -> list[Event]:
    """Apply the first option of every rout path decision waiting at the head of the queue."""
    events: list[Event] = []
    while (decision := game.pending_decision) is not None and decision.rout is not None:
        events += game.apply(decision.options[0].action)
    return events
