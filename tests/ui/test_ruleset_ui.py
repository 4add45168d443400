"""A ruleset's part of the window plugs in by registration alone: a second ruleset UI defined
here (one tool, one dock) takes over the window for a game of its ruleset, with no edit to the
main window or the board view, and the tactical UI comes back for a tactical game."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget, QLabel, QMenu
from pytestqt.qtbot import QtBot

from gameapp.core.hexgrid import Hex
from gameapp.ui import window_games, window_pages
from gameapp.ui.board.view import HexClick
from gameapp.ui.main_window import MainWindow
from gameapp.ui.rulesets import (
    BoardTool,
    DockSpec,
    RulesetUI,
    register_ruleset_ui,
    unregister_ruleset_ui,
)
from gameapp.ui.rulesets.base import make_dock
from gameapp.ui.rulesets.tactical.ui import TacticalUI

from .play import DEMO, board_of, click_hex, game_of, open_window

TACTICAL_DOCKS = ("stack_dock", "movement_dock", "fire_dock", "broken_dock")


class CountingTool(BoardTool):
    """Takes every click on a hex (so the board selects nothing) and keeps it."""

    def __init__(self) -> None:
        self.clicks: list[HexClick] = []

    def click(self, click: HexClick) -> None:
        self.clicks.append(click)
        click.accept()


class ToyUI(RulesetUI):
    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.tool = CountingTool()
        self.dock = make_dock(window, "Toy orders", "toy_dock", QLabel("Orders of the toy game"))

    def tools(self) -> Sequence[BoardTool]:
        return (self.tool,)

    def docks(self) -> Sequence[DockSpec]:
        return (DockSpec(self.dock, front=True),)


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, str]]:
    """The toy UI registered as "toy", and scenarios naming the ruleset it says (the scenario
    schema accepts only "tactical" so far, so the window's look-up of the name is what is
    patched, not the file)."""
    played = {"ruleset": "toy"}
    register_ruleset_ui("toy", ToyUI)
    for module in (window_pages, window_games):  # the board shown, the game started
        monkeypatch.setattr(module, "ruleset_name_of", lambda scenario: played["ruleset"])
    yield played
    unregister_ruleset_ui("toy")


def _dock_names(window: MainWindow) -> set[str]:
    return {d.objectName() for d in window.findChildren(QDockWidget) if d.isVisible()}


def _menus(window: MainWindow) -> list[str]:
    return [a.text() for a in window.menuBar().actions() if isinstance(a.menu(), QMenu)]


def test_a_registered_ruleset_ui_brings_its_dock_and_its_tool_gets_the_clicks(
    qtbot: QtBot, toy: dict[str, str]
) -> None:
    window = open_window(qtbot)  # the demo, played under the "toy" ruleset's UI
    ui = window.ruleset_ui
    assert isinstance(ui, ToyUI) and window.ruleset_name == "toy"
    assert _dock_names(window) == {"toy_dock", "log_dock"}  # none of the tactical docks
    assert "&Unit" not in _menus(window) and "pass" not in window.actions_by_id
    assert ui.dock.widget().isVisible()

    game = game_of(window)
    unit = game.state.units["US-35MA"]
    click_hex(qtbot, window, unit.hex)
    assert [c.hex for c in ui.tool.clicks] == [unit.hex]
    assert ui.tool.clicks[0].units == board_of(window).units_at(unit.hex)
    assert ui.tool.clicks[0].button == Qt.MouseButton.LeftButton
    assert window.controller.selected is None  # the tool took the click: nothing selected
    empty = Hex(0, 0)
    assert not board_of(window).units_at(empty)
    click_hex(qtbot, window, empty)
    assert [c.hex for c in ui.tool.clicks] == [unit.hex, empty]
    assert game.log == []  # the tool applied nothing, and neither did the tactical tools


def test_a_tactical_game_brings_the_tactical_ui_back(qtbot: QtBot, toy: dict[str, str]) -> None:
    window = open_window(qtbot)
    assert isinstance(window.ruleset_ui, ToyUI)
    toy["ruleset"] = "tactical"
    assert window.open_scenario(DEMO)
    assert isinstance(window.ruleset_ui, TacticalUI)
    qtbot.waitUntil(lambda: _dock_names(window) == {*TACTICAL_DOCKS, "log_dock"})
    assert _menus(window)[-2:] == ["&Unit", "&Help"] and "pass" in window.actions_by_id
    game = game_of(window)
    unit = game.state.units["US-35MA"]
    click_hex(qtbot, window, unit.hex)  # the tactical tools again: the click selects
    assert window.controller.selected == "US-35MA"
    assert window.ruleset_ui.moves.highlight is not None


def test_an_unregistered_ruleset_name_is_refused_by_name(toy: dict[str, str]) -> None:
    from gameapp.ui.rulesets import ruleset_ui_factory

    with pytest.raises(KeyError, match="no window for the ruleset 'naval'"):
        ruleset_ui_factory("naval")
