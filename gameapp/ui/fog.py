"""The hot-seat option "hide what your side cannot see": after every redraw, the board keeps only
the counters the screen's side sees (gameapp/core/rules/sight/visibility.py). Off by default."""

from __future__ import annotations

from PySide6.QtCore import QObject

from gameapp.core.rules.sight.visibility import hidden_units
from gameapp.core.units import Side
from gameapp.ui.board.view import BoardView
from gameapp.ui.controller import GameController, units_of


class UnseenFilter(QObject):
    def __init__(self, controller: GameController, view: BoardView) -> None:
        super().__init__(controller)
        self.controller = controller
        self.view = view
        self.enabled = False
        self.viewer: Side | None = None
        self.hidden: set[str] = set()
        self._key: tuple[object, ...] = ()  # what `hidden` was worked out for
        # connected after the presenter's redraw, so it runs after it
        controller.state_changed.connect(self.apply)

    def set_enabled(self, on: bool) -> None:
        self.enabled = on
        self.apply()

    def set_viewer(self, side: Side | None) -> None:
        self.viewer = side
        self.apply()

    def apply(self) -> None:
        game, board = self.controller.game, self.view.board()
        if game is None or board is None:
            self.hidden = set()
            return
        units = units_of(game.state)
        if self.enabled and self.viewer is not None and units:  # none: the ruleset draws its own
            # sight changes only when units come, go, move or change formation
            key = (self.viewer, game.scenario.los_conventions,
                   tuple((u.id, u.hex, u.formation) for u in units.values()))
            if key != self._key:
                self._key = key
                self.hidden = hidden_units(game.map, units.values(), self.viewer,
                                           game.scenario.los_conventions)
        else:
            self._key, self.hidden = (), set()
        board.update_units(u for u in units.values() if u.id not in self.hidden)
