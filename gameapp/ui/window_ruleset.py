"""The ruleset's part of the main window: the UI of the ruleset being played (gameapp/ui/rulesets)
installed with its docks, its commands in the menus and bars, its board tools, words and
markers, and taken out again when a game of another ruleset starts."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

import shiboken6
from PySide6.QtWidgets import QDockWidget, QToolBar

from gameapp.ui.actions import (
    ACTIONS,
    GAME,
    WINDOW,
    Placed,
    build_actions,
    combined,
    populate,
    unpopulate,
)
from gameapp.ui.window_status import StatusLine

if TYPE_CHECKING:  # imported when the window is built in full
    from gameapp.ui.controller import GameController
    from gameapp.ui.game_presenter import GamePresenter
    from gameapp.ui.main_window import MainWindow
    from gameapp.ui.ruleset_docks import RulesetDocks
    from gameapp.ui.rulesets import RulesetUI, ToolRouter


class RulesetParts(StatusLine):
    """The ruleset's UI in the main window (the first installed in MainWindow.build_the_rest)."""

    controller: GameController
    presenter: GamePresenter
    router: ToolRouter
    ruleset_ui: RulesetUI | None
    ruleset_name: str
    ruleset_docks: RulesetDocks
    _ruleset_placed: Placed
    _toolbars: dict[str, QToolBar]

    def _install_ruleset(self, name: str) -> None:
        """Play games of ruleset `name` here: its UI's docks, commands and tools replace the
        ones before (if another ruleset's)."""
        if name != self.ruleset_name:
            self._wire_ruleset_ui(self._make_ruleset_ui(name), name)

    def _make_ruleset_ui(self, name: str) -> RulesetUI:
        """The UI of ruleset `name`, in place of the one before, with its docks added."""
        from gameapp.ui.rulesets import ruleset_ui_factory

        make_ui = ruleset_ui_factory(name)
        if self.ruleset_ui is not None:
            self._uninstall_ruleset(self.ruleset_ui)
        ui = make_ui(cast("MainWindow", self))  # the layers make one MainWindow
        self.ruleset_docks.add(list(ui.docks()))
        return ui

    def _wire_ruleset_ui(self, ui: RulesetUI, name: str) -> None:
        """Its commands in the menus and bars, its tools on the board, its words and markers."""
        specs = tuple(ui.commands())
        targets = dict(ui.command_targets())
        actions = build_actions({WINDOW: self, GAME: self.controller, **targets}, self, specs)
        self.actions_by_id.update(actions)
        self._ruleset_placed = populate(self.menuBar(), self._toolbars, self.actions_by_id, specs)
        self._help_menu_last()
        ui.actions_built(actions)
        self.presenter.set_commands(combined(ACTIONS, specs), targets, ui.markers)
        self.controller.words = ui
        self.router.tools = tuple(ui.tools())
        # the board's selection reaches the controller after the ruleset's UI has shown it
        if self.ruleset_name:  # wired before
            self.view.stack_selected.disconnect(self.presenter.stack_clicked)
        self.view.stack_selected.connect(self.presenter.stack_clicked)
        self.ruleset_ui, self.ruleset_name = ui, name

    def _uninstall_ruleset(self, ui: RulesetUI) -> None:
        from gameapp.ui.controller import PlainWords

        ui.uninstall()
        unpopulate(self._ruleset_placed)
        self._ruleset_placed = []
        for spec in ui.commands():
            self.actions_by_id.pop(spec.id).deleteLater()
        self.ruleset_docks.remove()
        self.router.tools = ()
        self.controller.words = PlainWords()
        self.ruleset_ui = None
        ui.setParent(None)
        shiboken6.delete(ui)  # now: its controllers and presenters stop listening at once

    @property
    def docks(self) -> tuple[QDockWidget, ...]:
        return self.ruleset_docks.docks
