"""Each ruleset's part of the window: its board tools, docks, commands and markers (base.py),
found by the ruleset's name (registry.py). The tactical ruleset's is registered here."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gameapp.ui.rulesets.base import BoardTool, DockSpec, RulesetUI
from gameapp.ui.rulesets.registry import (
    default_ruleset_name,
    register_ruleset_ui,
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


register_ruleset_ui("tactical", _tactical)

__all__ = [
    "BoardTool",
    "DockSpec",
    "RulesetUI",
    "ToolRouter",
    "default_ruleset_name",
    "register_ruleset_ui",
    "ruleset_name_of",
    "ruleset_ui_factory",
    "unregister_ruleset_ui",
]
