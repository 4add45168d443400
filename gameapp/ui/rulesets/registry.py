"""The ruleset UIs, by the name of their ruleset (a scenario's `ruleset:` key)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from gameapp.core.scenario import Scenario

if TYPE_CHECKING:
    from gameapp.ui.main_window import MainWindow
    from gameapp.ui.rulesets.base import RulesetUI

RulesetUIFactory = Callable[["MainWindow"], "RulesetUI"]

_FACTORIES: dict[str, RulesetUIFactory] = {}


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
