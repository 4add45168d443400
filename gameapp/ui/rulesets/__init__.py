"""Each ruleset's part of the window: its board tools, docks, commands and markers (base.py),
found by the ruleset's name (registry.py). The tactical ruleset's is registered here.

A ruleset's UI plugs in by registration alone, with no edit to the main window or the board:

    class OrdersTool(BoardTool):
        def __init__(self, controller: GameController) -> None:
            self.controller = controller

        def click(self, click: HexClick) -> None:
            if click.units:                      # a click on one of its counters
                click.accept()                   # the board selects nothing then
                self.controller.apply(GiveOrder(click.units[0].id))

    class StrategicUI(RulesetUI):
        def __init__(self, window: MainWindow) -> None:
            super().__init__(window)
            self.tool = OrdersTool(window.controller)
            self.dock = make_dock(window, "Supply", "supply_dock", SupplyPanel())

        def tools(self) -> Sequence[BoardTool]:
            return (self.tool,)

        def docks(self) -> Sequence[DockSpec]:
            return (DockSpec(self.dock, front=True),)

    register_ruleset_ui("strategic", StrategicUI)

A game whose scenario says `ruleset: strategic` is then played with that dock and that tool
(tests/ui/test_ruleset_ui.py does this with a toy UI)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QGraphicsScene

from gameapp.ui.rulesets.base import BoardTool, DockSpec, RulesetUI, map_board
from gameapp.ui.rulesets.registry import (
    PositionBoard,
    RouteMark,
    board_preview,
    default_ruleset_name,
    first_board,
    position_board,
    register_board_preview,
    register_first_board,
    register_position_board,
    register_ruleset_editor,
    register_ruleset_ui,
    ruleset_editor_factory,
    ruleset_name_of,
    ruleset_ui_factory,
    unregister_ruleset_ui,
)
from gameapp.ui.rulesets.router import ToolRouter

if TYPE_CHECKING:
    from gameapp.ui.main_window import MainWindow


def _tactical(window: MainWindow) -> RulesetUI:
    from gameapp.ui.rulesets.tactical.ui import TacticalUI  # imported when first played

    return TacticalUI(window)


def _strategic(window: MainWindow) -> RulesetUI:
    from gameapp.ui.rulesets.strategic.ui import StrategicUI

    return StrategicUI(window)


def _strategic_preview(scenario: Any) -> QGraphicsScene:
    from gameapp.ui.rulesets.strategic.render import strategic_board

    return strategic_board(scenario)


def _strategic_editor(window: Any) -> Any:
    from gameapp.ui.rulesets.strategic.editor import StrategicEditor

    return StrategicEditor(window)


def _tactical_positions(scenario: Any) -> PositionBoard:
    from gameapp.ui.rulesets.tactical.positions import TacticalPositions

    return TacticalPositions(scenario)


def _strategic_positions(scenario: Any) -> PositionBoard:
    from gameapp.ui.rulesets.strategic.positions import StrategicPositions

    return StrategicPositions(scenario)


register_ruleset_ui("tactical", _tactical)
register_first_board("tactical", map_board)  # TacticalUI plays on the plain map board
register_ruleset_ui("strategic", _strategic)
register_board_preview("strategic", _strategic_preview)
register_position_board("tactical", _tactical_positions)
register_position_board("strategic", _strategic_positions)
register_ruleset_editor("strategic", _strategic_editor)

__all__ = [
    "BoardTool",
    "DockSpec",
    "PositionBoard",
    "RouteMark",
    "RulesetUI",
    "ToolRouter",
    "board_preview",
    "default_ruleset_name",
    "first_board",
    "position_board",
    "register_board_preview",
    "register_first_board",
    "register_position_board",
    "register_ruleset_editor",
    "register_ruleset_ui",
    "ruleset_editor_factory",
    "ruleset_name_of",
    "ruleset_ui_factory",
    "unregister_ruleset_ui",
]
