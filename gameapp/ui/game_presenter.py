"""GamePresenter: renders the controller's state into the window's widgets, and passes the
board's pointer events to the controller as intents.

It owns no game state. On every signal it re-reads the controller (selection, highlight, route)
and `game.state`, and redraws: counters, move highlight, route, panels, phase bar, log, and the
enabled state and tooltips of the registry's game and fire actions (the fire presenter draws the
rest of the fire phase).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from PySide6.QtCore import QObject, QPoint
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu

from gameapp.core.hexgrid import Hex
from gameapp.core.rulesets.tactical import tactical
from gameapp.core.units import Unit
from gameapp.present.labels import facing_words
from gameapp.present.markers import unit_markers
from gameapp.ui.actions import (
    ACTIONS,
    BOARD_MENU,
    FIRE,
    GAME,
    UNIT_MENU,
    ActionSpec,
    context_menu,
    set_detail,
)
from gameapp.ui.board.scene import BoardScene
from gameapp.ui.board.view import BoardView
from gameapp.ui.controller import Availability, GameController
from gameapp.ui.fire_controller import FireController
from gameapp.ui.panels.log_panel import LogPanel
from gameapp.ui.panels.move_panel import MovePanel
from gameapp.ui.panels.unit_panel import UnitPanel
from gameapp.ui.phase_bar import PhaseBar

GAME_SPECS = tuple(s for s in ACTIONS if s.target in (GAME, FIRE))
LOOKING_BACK = Availability(False, "you are looking at a past position: go back to the game first")
HISTORY_SPECS = tuple(s for s in GAME_SPECS if s.handler in ("undo", "redo"))
FIRE_SPECS = tuple(s for s in GAME_SPECS if s.target == FIRE)


class GamePresenter(QObject):
    def __init__(
        self,
        controller: GameController,
        view: BoardView,
        unit_panel: UnitPanel,
        move_panel: MovePanel,
        log_panel: LogPanel,
        phase_bar: PhaseBar,
        actions: Mapping[str, QAction],
        show_message: Callable[[str], None],
        fire: FireController,
    ) -> None:
        super().__init__(controller)
        self.controller = controller
        self.fire = fire
        self.view = view
        self.unit_panel = unit_panel
        self.move_panel = move_panel
        self.log_panel = log_panel
        self.phase_bar = phase_bar
        self.actions = actions
        self.menu: QMenu | None = None  # the context menu last shown
        self.available: dict[str, Availability] = {}  # by action id, as last refreshed
        self.looking_back = False  # the log shows a past position: no game action reaches it
        c = controller
        view.stack_selected.connect(self._stack_clicked)
        view.move_requested.connect(c.click_hex)
        view.hex_hovered.connect(c.hover_hex)
        view.facing_dragged.connect(c.preview_facing)
        view.facing_dropped.connect(c.drop_facing)
        view.context_requested.connect(self.show_context_menu)
        c.state_changed.connect(self._state_changed)
        c.selection_changed.connect(self._selection_changed)
        c.highlights_changed.connect(self._highlights_changed)
        c.route_changed.connect(self._route_changed)
        c.message.connect(show_message)
        c.message.connect(self._refused)
        c.history_changed.connect(lambda: self.refresh_actions(HISTORY_SPECS))
        self.fire.changed.connect(lambda: self.refresh_actions(FIRE_SPECS))

    @property
    def board(self) -> BoardScene | None:
        return self.view.board()

    # --- from the board ---------------------------------------------------------------------
    def _stack_clicked(self, units: list[Unit]) -> None:
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
            board.select_hex(h)
            self.unit_panel.show_units(units)
            self.controller.select_stack(units)
        kind = UNIT_MENU if units else BOARD_MENU
        relevant = {i: a.relevant for i, a in self.available.items()}  # as of the selection
        if self.menu is not None:
            self.menu.close()
            self.menu.deleteLater()
        self.menu = context_menu(kind, self.actions, self.view, relevant)
        self.menu.popup(where)
        return self.menu

    # --- to the widgets ---------------------------------------------------------------------
    def _state_changed(self) -> None:
        game, board = self.controller.game, self.board
        self.phase_bar.show_game(game)
        self.log_panel.show_log(game.log if game is not None else [], self.controller.notes)
        markers = unit_markers(game.state) if game is not None else {}
        self.unit_panel.set_markers(markers)
        if game is not None and board is not None:
            board.update_units(game.state.units.values())
            board.set_markers(markers)
        self._selection_changed()

    def _selection_changed(self) -> None:
        game, board, unit = self.controller.game, self.board, self.controller.selected_unit
        if game is not None and board is not None:
            if unit is not None:
                if board.selected_hex != unit.hex:
                    board.select_hex(unit.hex)
                self.unit_panel.show_units(board.units_at(unit.hex), unit.id)
            elif board.selected_hex is not None:  # Esc, or the unit is gone
                board.select_hex(None)
                self.unit_panel.show_units([])
        self._show_unit()
        self.refresh_actions()

    def _show_unit(self) -> None:
        game, unit = self.controller.game, self.controller.selected_unit
        if game is None or unit is None:
            self.move_panel.show_unit(None)
            return
        facing = facing_words(game.map.numbering, unit.facing)
        title = f"{unit.defn.name} ({unit.id}): {unit.formation.value}, facing {facing}"
        if unit.side is not game.current_side:
            self.move_panel.show_unit(title, note=self.controller.cannot_move)
            return
        self.move_panel.show_unit(
            title,
            tactical(game).movement.allowance(unit),
            game.state.mp_spent.get(unit.id, 0),
            tactical(game).movement.remaining(unit),
            self.controller.cannot_move,
        )

    def _highlights_changed(self) -> None:
        board, highlight, game = self.board, self.controller.highlight, self.controller.game
        if board is None:
            return
        if highlight is None or game is None:
            board.moves.clear()
            return
        occupied = {u.hex for u in game.state.units.values()}
        board.moves.show(highlight.origin, highlight.remaining, highlight.stops, occupied)

    def _route_changed(self) -> None:
        board, game = self.board, self.controller.game
        route, preview = self.controller.route, self.controller.facing_preview
        if board is None:
            return
        if preview is not None:
            board.route.show_facing(preview.hex, preview.facing, preview.legal)
        elif route is not None:
            board.route.show_route(route.origin, route.path, route.facing, route.must_stop)
        else:
            board.route.clear()
        target = game.map.hex_id(route.target) if game is not None and route is not None else ""
        self.move_panel.show_route(route, target)

    def _refused(self, message: str) -> None:
        if message.startswith("Not allowed"):  # a refused toggle must lose its tick again
            self.refresh_actions()

    def set_looking_back(self, on: bool) -> None:
        """While a past position is shown, every game action (and its shortcut) is off."""
        self.looking_back = on
        self.refresh_actions()

    def refresh_actions(self, specs: Iterable[ActionSpec] = GAME_SPECS) -> None:
        """Enable each game action only when the engine would accept it; say why in its tip."""
        for spec in specs:
            action = self.actions[spec.id]
            source = self.fire if spec.target == FIRE else self.controller
            available = (LOOKING_BACK if self.looking_back
                         else source.availability(spec.handler, spec.args))
            self.available[spec.id] = available
            action.setEnabled(available.enabled)
            set_detail(action, spec, available.detail)
            if spec.checkable:
                action.setChecked(available.checked)
            if spec.handler in ("undo", "redo") and not self.looking_back:
                action.setText(f"{spec.text} {available.detail}".rstrip())
