"""The Pickets ruleset's part of the window: one tool and one dock, registered by name.

The tool: click one of your pickets to pick it, then a neighbouring hex: an empty one advances
it (P1), an enemy picket's skirmishes with it (P2). The dock lists each side's pickets and the
last skirmish's die with its terms.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import QLabel

from gameapp.ui.board.view import HexClick
from gameapp.ui.main_window import MainWindow
from gameapp.ui.rulesets import BoardTool, DockSpec, RulesetUI, register_ruleset_ui
from gameapp.ui.rulesets.base import make_dock
from tests.rulesets.pickets.ruleset import Advance, PicketState, Skirmish, SkirmishResolved


class PicketTool(BoardTool):
    def __init__(self, window: MainWindow) -> None:
        self.window = window
        self.picked: str | None = None

    def click(self, click: HexClick) -> None:
        game = self.window.controller.game
        if game is None:
            return
        state: PicketState = game.state
        here = state.at(click.hex)
        if here is not None and state.units[here].side is game.acting_side:
            self.picked = here
            click.accept()
            return
        if self.picked is None or self.picked not in state.units:
            return
        action = Advance(self.picked, click.hex) if here is None else Skirmish(self.picked,
                                                                                 click.hex)
        self.picked = None
        self.window.controller.apply(action)
        click.accept()


class PicketsUI(RulesetUI):
    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.tool = PicketTool(window)
        self.roster = QLabel()
        self.dock = make_dock(window, "Pickets", "pickets_dock", self.roster)
        window.controller.state_changed.connect(self._show)

    def tools(self) -> Sequence[BoardTool]:
        return (self.tool,)

    def docks(self) -> Sequence[DockSpec]:
        return (DockSpec(self.dock, front=True),)

    def uninstall(self) -> None:
        self.window.controller.state_changed.disconnect(self._show)

    def _show(self) -> None:
        game = self.window.controller.game
        if game is None or not isinstance(game.state, PicketState):
            return
        lines = [f"{u.side.label}: {u.id} at {game.map.hex_id(u.hex)}"
                 for u in sorted(game.state.units.values(), key=lambda u: u.id)]
        skirmish = next((e for e in reversed(self.window.controller.last_events)
                         if isinstance(e, SkirmishResolved)), None)
        if skirmish is not None:
            terms = ", ".join(f"{t.label} {t.value:g} ({t.rule})" for t in skirmish.terms)
            outcome = "driven off" if skirmish.driven_off else "holds"
            lines.append(f"Skirmish: {skirmish.target} {outcome}: {terms}")
        self.roster.setText("\n".join(lines))


register_ruleset_ui("pickets", PicketsUI)
