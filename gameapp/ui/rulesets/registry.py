"""The ruleset UIs, by the name of their ruleset (a scenario's `ruleset:` key)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QGraphicsScene

from gameapp.core.scenario import Scenario

if TYPE_CHECKING:
    from gameapp.ui.main_window import MainWindow
    from gameapp.ui.rulesets.base import RulesetUI

RulesetUIFactory = Callable[["MainWindow"], "RulesetUI"]
BoardPreview = Callable[[Any], QGraphicsScene]  # a scenario's board with its set-up

_FACTORIES: dict[str, RulesetUIFactory] = {}
_PREVIEWS: dict[str, BoardPreview] = {}


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
