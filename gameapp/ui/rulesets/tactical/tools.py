"""The tactical board tools: what a click, a hover or a drag on the board means in the tactical
game. They see a click in this order: charges (never keeping the click from the others), moves,
fire, then the line-of-sight tool's drags."""

from __future__ import annotations

from PySide6.QtCore import Qt

from gameapp.core.hexgrid import Hex
from gameapp.ui.board.view import BoardView, HexClick, HexDrag
from gameapp.ui.charge_presenter import ChargePresenter
from gameapp.ui.fire_controller import FireController
from gameapp.ui.fire_presenter import FirePresenter
from gameapp.ui.rulesets.base import BoardTool
from gameapp.ui.rulesets.tactical.move_controller import MoveController

RIGHT, LEFT = Qt.MouseButton.RightButton, Qt.MouseButton.LeftButton


class ChargeTool(BoardTool):
    """A click on a path the owner may pick takes it; on a hex the selected unit may charge,
    declares the charge; in the charge phase, on a declared charge, opens the charge dialog.
    The click then goes on to the other tools (and may select the stack) as before."""

    def __init__(self, charges: ChargePresenter) -> None:
        self.charges = charges

    def click(self, click: HexClick) -> None:
        self.charges.click_hex(click.hex)


class MoveTool(BoardTool):
    """A click on a hex of the move highlight moves the selected unit there; hovering shows the
    route; a right-drag out of the unit's hex offers a facing, and the release turns it."""

    def __init__(self, moves: MoveController, view: BoardView) -> None:
        self.moves = moves
        self.view = view

    def click(self, click: HexClick) -> None:
        board = self.view.board()
        if not click.ctrl and board is not None and click.hex in board.moves:
            click.accept()
            self.moves.click_hex(click.hex)

    def hover(self, h: Hex | None) -> None:
        self.moves.hover_hex(h)

    def drag(self, drag: HexDrag) -> None:
        if drag.button == RIGHT:
            self.moves.preview_facing(drag.start, drag.direction)

    def drop(self, drag: HexDrag) -> None:
        if drag.button == RIGHT:
            self.moves.drop_facing(drag.start, drag.direction)


class FireTool(BoardTool):
    """Ctrl+click on a stack adds its next unit able to fire to the firers (or takes them out);
    a click on a target opens the combat dialog."""

    def __init__(self, fire: FirePresenter, view: BoardView) -> None:
        self.fire = fire
        self.view = view

    def click(self, click: HexClick) -> None:
        board = self.view.board()
        if click.ctrl:
            click.accept()
            if click.units:
                self.fire.fire.add_firers(click.units)
        elif board is not None and click.hex in board.fire:
            click.accept()
            self.fire.open_fire(click.hex)


class SightTool(BoardTool):
    """While the line-of-sight tool is on, a left drag measures from hex to hex."""

    def __init__(self, fire: FireController) -> None:
        self.fire = fire

    @property
    def active(self) -> bool:
        return self.fire.los_tool

    def drag(self, drag: HexDrag) -> None:
        if drag.button == LEFT and drag.end is not None:
            self.fire.measure(drag.start, drag.end)

    def drop(self, drag: HexDrag) -> None:
        self.drag(drag)
