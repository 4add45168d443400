"""What a ruleset brings to the window (the counterpart, on screen, of the core's `Ruleset`).

The board view reports only generic input (gameapp/ui/board/view.py: a hex clicked, hovered,
dragged from and to, a context menu asked for, a stack selected). A ruleset's UI gives it a
meaning through its **tools**, and adds its **docks**, its **commands** (menu, toolbar and
context-menu entries, such as a unit's formations) and its **markers** on the counters. The main
window asks the registry (registry.py) for the UI of the ruleset its game names
(`game.scenario.ruleset`) and knows nothing else about it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QDockWidget, QMainWindow, QWidget

from gameapp.ui.board.scene import BoardScene

if TYPE_CHECKING:  # the game's types: the registry and a scenario's first board (map_board)
    # are imported before the first frame, without the rules (start-up, issue 28)
    from PySide6.QtGui import QAction

    from gameapp.core.engine import Game
    from gameapp.core.events import Event
    from gameapp.core.hexgrid import Hex
    from gameapp.core.scenario import Scenario
    from gameapp.core.state import GameState
    from gameapp.present.markers import Marker
    from gameapp.ui.actions import ActionSpec
    from gameapp.ui.board.view import HexClick, HexDrag
    from gameapp.ui.main_window import MainWindow


class BoardTool:
    """Receives the board's input while `active`. The tools of a ruleset see each click in
    their order until one accepts it (`click.accept()`); hovers and drags go to every active
    tool. Every method does nothing unless overridden."""

    @property
    def active(self) -> bool:
        return True

    def click(self, click: HexClick) -> None:
        """A click on a hex; call `click.accept()` to keep it from later tools and from
        selecting the stack there."""

    def hover(self, h: Hex | None) -> None:
        """The mouse is over `h` (None: off the map)."""

    def drag(self, drag: HexDrag) -> None:
        """A drag out of a hex, still held."""

    def drop(self, drag: HexDrag) -> None:
        """That drag released."""


@dataclass(frozen=True)
class DockSpec:
    """A dock of the ruleset's (see `make_dock`), on the right of the window. The window adds
    them in order with its Log among them (just before the first marked `log_before`, which
    starts out tabbed with it, else last) and tabs the Log behind the first dock; then it tabs
    each dock behind the one `tab_with` names (by object name). It brings forward those marked
    `front` when a board is shown, and shares the height among those with a `stretch` the
    first time (without a saved layout)."""

    dock: QDockWidget
    tab_with: str = ""
    front: bool = False
    stretch: int = 0
    log_before: bool = False


def make_dock(window: QMainWindow, title: str, name: str, widget: QWidget) -> QDockWidget:
    """A dock showing `widget`; `name` is its object name, by which the window's saved layout
    finds it again."""
    dock = QDockWidget(title, window)
    dock.setObjectName(name)
    dock.setWidget(widget)
    return dock


def map_board(scenario: Scenario) -> BoardScene:
    """A scenario's tactical map with its units' counters: the board `RulesetUI.board_scene`
    gives unless a ruleset's UI draws its own."""
    from gameapp.ui import settings

    return BoardScene(scenario.map, scenario.units, progressive=True,
                      upright=settings.upright_counters())


class RulesetUI(QObject):
    """One ruleset's part of the window. A subclass is built with the window (its controller,
    board view, phase bar and message line are there to use) and must not name another
    ruleset's anything. Register it with `register_ruleset_ui(name, cls)`."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window

    def tools(self) -> Sequence[BoardTool]:
        """The board tools, in the order they see a click."""
        return ()

    def docks(self) -> Sequence[DockSpec]:
        return ()

    def commands(self) -> Sequence[ActionSpec]:
        """The ruleset's menu, toolbar and context-menu entries (gameapp/ui/actions.py)."""
        return ()

    def command_targets(self) -> Mapping[str, object]:
        """The objects the commands' `target` names: each has the handlers the commands call,
        and `availability(handler, args)` (see GameController.availability)."""
        return {}

    def actions_built(self, actions: Mapping[str, QAction]) -> None:
        """The commands' QActions exist (by id): hook them to what else shows them."""

    def markers(self, state: GameState) -> Mapping[str, frozenset[Marker]]:
        """The markers to draw on each unit's counter, by unit id."""
        return {}

    def board_scene(self, scenario: Scenario) -> BoardScene:
        """The board a scenario is played on: by default its tactical map with its units'
        counters (a ruleset on a theatre map gives a TheatreBoardScene and draws its pieces)."""
        return map_board(scenario)

    def board_shown(self, scenario: Scenario) -> None:
        """A scenario's board is now on screen (before its game starts)."""

    # --- its words (GameController.words: RulesetWords) ---------------------------------------
    def end_phase_text(self, game: Game) -> str:
        """What End phase does now, for its tooltip."""
        from gameapp.ui.controller import PlainWords

        return PlainWords().end_phase_text(game)

    def event_notes(self, events: Sequence[Event], game: Game) -> list[str]:
        """What an action's events did, in lines under it in the log."""
        return []

    def event_messages(self, events: Sequence[Event]) -> list[str]:
        """What the status bar says of events (the phase started, by default)."""
        from gameapp.ui.controller import PlainWords

        return PlainWords().event_messages(events)

    def uninstall(self) -> None:
        """Another ruleset's UI takes over: let go of the window's signals."""
