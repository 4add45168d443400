"""The undo stack's commands: one engine action each, undone by `Game.undo`.

A command is pushed only after `Game.apply` accepted its action, so an illegal action never
reaches the stack. `QUndoStack.push` calls `redo()` at once; that first call finds the action
already applied and does nothing. Every later redo (after an undo) applies the same action again.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtGui import QUndoCommand

from gameapp.core.breakdown import IllegalActionError
from gameapp.core.engine import Game
from gameapp.core.events import Event

Changed = Callable[[list[Event]], None]
Refused = Callable[[IllegalActionError], None]


class ActionCommand(QUndoCommand):
    def __init__(self, game: Game, action: Any, changed: Changed, refused: Refused) -> None:
        super().__init__(action.to_text(game.map.numbering))
        self.game = game
        self.action = action
        self._changed = changed
        self._refused = refused
        self._applied = True  # pushed right after Game.apply

    def redo(self) -> None:
        if self._applied:
            return
        try:
            events = self.game.apply(self.action)
        except IllegalActionError as error:  # the state differs from when it was first applied
            self._refused(error)
            self.setObsolete(True)
            return
        self._applied = True
        self._changed(events)

    def undo(self) -> None:
        try:
            self.game.undo()
        except IllegalActionError as error:
            self._refused(error)
            return
        self._applied = False
        self._changed([])
