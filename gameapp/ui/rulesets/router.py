"""ToolRouter: passes the board view's generic input to the active tools of the ruleset being
played, in their order (a click stops at the first tool that accepts it)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject

if TYPE_CHECKING:  # annotations only: the package is imported before the first frame
    from gameapp.core.hexgrid import Hex
    from gameapp.ui.board.view import BoardView, HexClick, HexDrag
    from gameapp.ui.controller import GameController
    from gameapp.ui.rulesets.base import BoardTool


class ToolRouter(QObject):
    def __init__(self, view: BoardView, controller: GameController) -> None:
        super().__init__(view)
        self.controller = controller
        self.tools: Sequence[BoardTool] = ()
        view.hex_clicked.connect(self.click)
        view.hex_hovered.connect(self.hover)
        view.drag_moved.connect(self.drag)
        view.drag_released.connect(self.drop)

    def _active(self) -> list[BoardTool]:
        return [tool for tool in self.tools if tool.active]

    def click(self, click: HexClick) -> None:
        if self.controller.game is None:
            return
        for tool in self._active():
            tool.click(click)
            if click.accepted:
                return

    def hover(self, h: Hex | None) -> None:
        self.controller.hover_hex(h)
        for tool in self._active():
            tool.hover(h)

    def drag(self, drag: HexDrag) -> None:
        for tool in self._active():
            tool.drag(drag)

    def drop(self, drag: HexDrag) -> None:
        for tool in self._active():
            tool.drop(drag)

