"""MovePresenter: the tactical movement on screen: the selected unit's move highlight and hovered
route (or the facing a right-drag offers) on the board, its allowance and the route's cost in the
Movement panel, and its stack in the Stack panel. It owns no game state: it re-reads the move
controller and `game.state` on every change."""

from __future__ import annotations

from PySide6.QtCore import QObject

from gameapp.core.rulesets.tactical import tactical
from gameapp.core.units import Unit
from gameapp.present.labels import facing_words
from gameapp.ui.board.scene import BoardScene
from gameapp.ui.board.view import BoardView
from gameapp.ui.panels.move_panel import MovePanel
from gameapp.ui.panels.unit_panel import UnitPanel
from gameapp.ui.rulesets.tactical.move_controller import MoveController


class MovePresenter(QObject):
    def __init__(self, moves: MoveController, view: BoardView, move_panel: MovePanel,
                 unit_panel: UnitPanel) -> None:
        super().__init__(moves)
        self.moves = moves
        self.controller = moves.controller
        self.view = view
        self.move_panel = move_panel
        self.unit_panel = unit_panel
        self._stack_shown = False  # the Stack panel shows the selected unit's stack
        view.stack_selected.connect(self.show_stack)
        moves.highlights_changed.connect(self._highlights_changed)
        moves.route_changed.connect(self._route_changed)
        self.controller.selection_changed.connect(self._selection_changed)
        self.controller.state_changed.connect(self._selection_changed)

    @property
    def board(self) -> BoardScene | None:
        return self.view.board()

    def show_stack(self, units: list[Unit]) -> None:
        """A stack the board selected, before the controller picks its unit."""
        self.unit_panel.show_units(units)

    def _selection_changed(self) -> None:
        game, board, unit = self.controller.game, self.board, self.controller.selected_unit
        if game is not None and board is not None:
            if unit is not None:
                self.unit_panel.show_units(board.units_at(unit.hex), unit.id)
            elif self._stack_shown:  # Esc, or the unit is gone
                self.unit_panel.show_units([])
            self._stack_shown = unit is not None
        self._show_unit()

    def _show_unit(self) -> None:
        game, unit = self.controller.game, self.controller.selected_unit
        if game is None or unit is None:
            self.move_panel.show_unit(None)
            return
        facing = facing_words(game.map.numbering, unit.facing)
        title = f"{unit.defn.name} ({unit.id}): {unit.formation.value}, facing {facing}"
        if unit.side is not game.current_side:
            self.move_panel.show_unit(title, note=self.moves.cannot_move)
            return
        self.move_panel.show_unit(
            title,
            tactical(game).movement.allowance(unit),
            game.state.mp_spent.get(unit.id, 0),
            tactical(game).movement.remaining(unit),
            self.moves.cannot_move,
        )

    def _highlights_changed(self) -> None:
        board, highlight, game = self.board, self.moves.highlight, self.controller.game
        if board is None:
            return
        if highlight is None or game is None:
            board.moves.clear()
            return
        occupied = {u.hex for u in game.state.units.values()}
        board.moves.show(highlight.origin, highlight.remaining, highlight.stops, occupied)

    def _route_changed(self) -> None:
        board, game = self.board, self.controller.game
        route, preview = self.moves.route, self.moves.facing_preview
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
