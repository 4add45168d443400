"""The ruleset UIs, by the name of their ruleset (a scenario's `ruleset:` key)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtWidgets import QGraphicsScene

from gameapp.core.hexgrid import Hex
from gameapp.core.scenario import Scenario

if TYPE_CHECKING:
    from gameapp.ui.board.scene import BoardScene
    from gameapp.ui.editor.ruleset_editor import RulesetEditor
    from gameapp.ui.editor.window import EditorWindow
    from gameapp.ui.main_window import MainWindow
    from gameapp.ui.rulesets.base import RulesetUI

RulesetUIFactory = Callable[["MainWindow"], "RulesetUI"]
BoardPreview = Callable[[Any], QGraphicsScene]  # a scenario's board with its set-up
FirstBoard = Callable[[Any], "BoardScene"]  # the board a scenario is played on



@dataclass(frozen=True)
class RouteMark:
    """The way a piece went in one step: from `origin` through `path`, arriving facing
    `facing` (a hex side, 0-5)."""

    origin: Hex
    path: Sequence[Hex]
    facing: int


class PositionBoard(Protocol):
    """A ruleset's board that shows any position of its games, read-only (the past board's and
    the replay window's): `scene` is the board, `show(state)` puts the position's pieces on it,
    `route(before, after, action)` is the way a step's piece went, if it marched."""

    @property
    def scene(self) -> BoardScene: ...

    def show(self, state: Any) -> None: ...

    def route(self, before: Any, after: Any, action: Any) -> RouteMark | None: ...


PositionBoardFactory = Callable[[Any], PositionBoard]  # a scenario -> its position board

RulesetEditorFactory = Callable[["EditorWindow"], "RulesetEditor"]

_FACTORIES: dict[str, RulesetUIFactory] = {}
_EDITORS: dict[str, RulesetEditorFactory] = {}
_PREVIEWS: dict[str, BoardPreview] = {}
_FIRST_BOARDS: dict[str, FirstBoard] = {}
_POSITION_BOARDS: dict[str, PositionBoardFactory] = {}


def register_board_preview(name: str, preview: BoardPreview) -> None:
    """Scenarios of ruleset `name` are previewed (the new-game dialog's picture) as the scene
    `preview(scenario)` gives: its board with the set-up on it."""
    _PREVIEWS[name] = preview


def board_preview(scenario: Any) -> QGraphicsScene:
    """A scenario's board with its set-up: its ruleset's preview, else its tactical map and
    units."""
    preview = _PREVIEWS.get(scenario.ruleset)
    if preview is not None:
        return preview(scenario)
    from gameapp.ui.board.scene import BoardScene

    return BoardScene(scenario.map, scenario.units)


def register_first_board(name: str, board: FirstBoard) -> None:
    """Scenarios of ruleset `name` are played on the scene `board(scenario)` gives, which the
    window can therefore draw before it has built the rest (its docks, menus and the ruleset's
    UI, which then plays on that scene without asking its `board_scene`): a ruleset whose UI
    draws its own board registers none."""
    _FIRST_BOARDS[name] = board


def first_board(scenario: Any) -> BoardScene | None:
    """The board a scenario is played on, made before the ruleset's UI, if its ruleset
    registered one (register_first_board)."""
    board = _FIRST_BOARDS.get(scenario.ruleset)
    return board(scenario) if board is not None else None


def register_position_board(name: str, factory: PositionBoardFactory) -> None:
    """The past positions of ruleset `name`'s games are drawn on `factory(scenario)`."""
    _POSITION_BOARDS[name] = factory


def position_board(scenario: Any) -> PositionBoard | None:
    """A board for any position of a scenario's games, or None if its ruleset draws none."""
    factory = _POSITION_BOARDS.get(scenario.ruleset)
    return factory(scenario) if factory is not None else None


def register_ruleset_editor(name: str, factory: RulesetEditorFactory) -> None:
    """Scenarios of ruleset `name` are edited in the scenario editor window through
    `factory(window)` (a RulesetEditor: its board, docks and gestures). The tactical ruleset
    registers none: the window edits its scenarios itself."""
    _EDITORS[name] = factory


def ruleset_editor_factory(name: str) -> RulesetEditorFactory | None:
    return _EDITORS.get(name)


def register_ruleset_ui(name: str, factory: RulesetUIFactory) -> None:
    """Games of ruleset `name` are played in the window through `factory(window)` (usually a
    RulesetUI subclass). The first registered is the window's before any game is open."""
    _FACTORIES[name] = factory


def unregister_ruleset_ui(name: str) -> None:
    _FACTORIES.pop(name, None)


def ruleset_ui_factory(name: str) -> RulesetUIFactory:
    """The factory registered for `name`; KeyError (naming those known) if none is."""
    try:
        return _FACTORIES[name]
    except KeyError:
        known = ", ".join(sorted(_FACTORIES)) or "none"
        raise KeyError(f"no window for the ruleset '{name}' (known: {known})") from None


def default_ruleset_name() -> str:
    return next(iter(_FACTORIES))


def ruleset_name_of(scenario: Scenario) -> str:
    """The ruleset a scenario is played under: its `ruleset:` key."""
    return scenario.ruleset
