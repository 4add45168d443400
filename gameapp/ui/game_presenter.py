"""GamePresenter: renders the controller's state into the window's generic widgets, and passes
the board's selection and context-menu requests to the controller.

It owns no game state. On every signal it re-reads the controller (the selection) and
`game.state`, and redraws: counters and their markers, the selected hex, phase bar, log, and the
enabled state and tooltips of every game action of the registry, the ruleset's commands
included (`set_commands`). The ruleset's UI draws the rest (gameapp/ui/rulesets).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, Protocol, runtime_checkable

from PySide6.QtCore import QObject, QPoint
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu

from gameapp.core.hexgrid import Hex
from gameapp.core.state import GameState
from gameapp.core.units import Unit
from gameapp.present.markers import Marker
from gameapp.ui.actions import (
    ACTIONS,
    BOARD_MENU,
    GAME,
    UNIT_MENU,
    WINDOW,
    ActionSpec,
    context_menu,
    set_detail,
)
from gameapp.ui.board.scene import BoardScene
from gameapp.ui.board.view import BoardView
from gameapp.ui.controller import Availability, GameController, units_of
from gameapp.ui.panels.log_panel import LogPanel
from gameapp.ui.phase_bar import PhaseBar

LOOKING_BACK = Availability(False, "you are looking at a past position: go back to the game first")
HISTORY_SPECS = tuple(s for s in ACTIONS if s.target == GAME and s.handler in ("undo", "redo"))
Markers = Callable[[GameState], Mapping[str, frozenset[Marker]]]


class GamePresenter(QObject):
    def __init__(
        self,
        controller: GameController,
        view: BoardView,
        log_panel: LogPanel,
        phase_bar: PhaseBar,
        actions: Mapping[str, QAction],
        show_message: Callable[[str], None],
    ) -> None:
        super().__init__(controller)
        self.controller = controller
        self.view = view
        self.log_panel = log_panel
        self.phase_bar = phase_bar
        self.actions = actions
        self.specs: tuple[ActionSpec, ...] = ACTIONS  # the registry, the ruleset's included
        self.sources: dict[str, object] = {GAME: controller}  # who says what is available
        self.markers_of: Markers = lambda state: {}  # the ruleset's markers on the counters
        self.menu: QMenu | None = None  # the context menu last shown
        self.available: dict[str, Availability] = {}  # by action id, as last refreshed
        self.looking_back = False  # the log shows a past position: no game action reaches it
        c = controller
        view.context_requested.connect(self.show_context_menu)
        c.state_changed.connect(self._state_changed)
        c.selection_changed.connect(self._selection_changed)
        c.message.connect(show_message)
        c.message.connect(self._refused)
        c.history_changed.connect(lambda: self.refresh_actions(HISTORY_SPECS))

    def set_commands(self, specs: tuple[ActionSpec, ...], sources: Mapping[str, object],
                     markers_of: Markers) -> None:
        """The ruleset being played: the registry with its entries, the objects its entries'
        targets name (each with `availability(handler, args)`), and its counter markers."""
        self.specs = specs
        self.sources = {GAME: self.controller, **sources}
        self.markers_of = markers_of
        self.available = {}

    @property
    def game_specs(self) -> tuple[ActionSpec, ...]:
        return tuple(s for s in self.specs if s.target != WINDOW)

    @property
    def board(self) -> BoardScene | None:
        return self.view.board()

    # --- from the board ---------------------------------------------------------------------
    def stack_clicked(self, units: list[Unit]) -> None:
        """The board selected a stack (connected by the window, after the ruleset's UI has
        shown it: the selection then marks the unit chosen)."""
        if self.controller.game is not None:
            self.controller.select_stack(units)

    def show_context_menu(self, h: Hex | None, where: QPoint) -> QMenu | None:
        """Right-click: a unit's commands on a counter (selecting its stack first if need be),
        the board's (undo, redo, end phase) elsewhere."""
        game, board = self.controller.game, self.board
        if game is None or board is None:
            return None
        units = board.units_at(h) if h is not None else []
        if units and self.controller.selected not in {u.id for u in units}:
            self.view.select_stack(h)  # as a click on it would
        kind = UNIT_MENU if units else BOARD_MENU
        relevant = {i: a.relevant for i, a in self.available.items()}  # as of the selection
        if self.menu is not None:
            self.menu.close()
            self.menu.deleteLater()
        self.menu = context_menu(kind, self.actions, self.view, relevant, self.specs)
        self.menu.popup(where)
        return self.menu

    # --- to the widgets ---------------------------------------------------------------------
    def _state_changed(self) -> None:
        game, board = self.controller.game, self.board
        self.phase_bar.show_game(game)
        self.log_panel.show_log(game.log if game is not None else [], self.controller.notes)
        markers = self.markers_of(game.state) if game is not None else {}
        if game is not None and board is not None:
            board.update_units(units_of(game.state).values())
            board.set_markers(markers)
        self._selection_changed()

    def _selection_changed(self) -> None:
        game, board, unit = self.controller.game, self.board, self.controller.selected_unit
        if game is not None and board is not None:
            if unit is not None:
                if board.selected_hex != unit.hex:
                    board.select_hex(unit.hex)
            elif board.selected_hex is not None:  # Esc, or the unit is gone
                board.select_hex(None)
        self.refresh_actions()

    def _refused(self, message: str) -> None:
        if message.startswith("Not allowed"):  # a refused toggle must lose its tick again
            self.refresh_actions()

    def set_looking_back(self, on: bool) -> None:
        """While a past position is shown, every game action (and its shortcut) is off."""
        self.looking_back = on
        self.refresh_actions()

    def refresh_actions(self, specs: Iterable[ActionSpec] | None = None) -> None:
        """Enable each game action only when the engine would accept it; say why in its tip."""
        for spec in self.game_specs if specs is None else specs:
            action = self.actions[spec.id]
            source = self.sources[spec.target]
            assert isinstance(source, _Available)
            available = (LOOKING_BACK if self.looking_back
                         else source.availability(spec.handler, spec.args))
            self.available[spec.id] = available
            action.setEnabled(available.enabled)
            set_detail(action, spec, available.detail)
            if spec.checkable:
                action.setChecked(available.checked)
            if spec.handler in ("undo", "redo") and not self.looking_back:
                action.setText(f"{spec.text} {available.detail}".rstrip())


@runtime_checkable
class _Available(Protocol):
    def availability(self, handler: str, args: tuple[Any, ...] = ()) -> Availability: ...
