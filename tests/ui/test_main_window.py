"""The main window: menus and toolbar from the registry, load errors as a message box with the
file:line lines, and settings kept in QSettings (a temporary file here)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMenu, QMessageBox
from pytestqt.qtbot import QtBot

from gameapp.core.mapdata import HexMap
from gameapp.core.scenario import Scenario
from gameapp.core.units import Unit
from gameapp.core.yamlsource import DataError, Problem
from gameapp.ui import settings
from gameapp.ui.actions import MAIN, UNIT
from gameapp.ui.main_window import MainWindow

from .boards import make_scenario


@pytest.fixture
def shown_boxes(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    """Message boxes are recorded instead of shown."""
    boxes: list[tuple[str, str]] = []

    def fake_exec(box: QMessageBox) -> int:
        boxes.append((box.text(), box.informativeText()))
        return 0

    monkeypatch.setattr(QMessageBox, "exec", fake_exec)
    return boxes


def test_menus_and_toolbar_come_from_the_registry(qtbot: QtBot) -> None:
    window = MainWindow()
    qtbot.addWidget(window)
    menus = [a.menu() for a in window.menuBar().actions()]
    menu_actions = {
        a.objectName() for menu in menus if isinstance(menu, QMenu) for a in menu.actions()
    }
    toolbars = {
        name: {a.objectName() for a in bar.actions() if a.objectName()}
        for name, bar in ((MAIN, window.toolbar), (UNIT, window.unit_toolbar))
    }
    for spec in window.presenter.specs:  # the registry and the tactical ruleset's entries
        assert spec.id in menu_actions
        for name, ids in toolbars.items():
            assert (spec.id in ids) == (spec.toolbar == name)
        action = window.actions_by_id[spec.id]
        if spec.icon:
            assert not action.icon().isNull()
        assert action.shortcuts() or not spec.shortcuts


def test_quit_is_last_in_the_file_menu_after_the_editor(qtbot: QtBot) -> None:
    """Issue 27, item 14: Quit goes last, after a separator."""
    window = MainWindow()
    qtbot.addWidget(window)
    file_menu = window.menuBar().actions()[0].menu()
    assert isinstance(file_menu, QMenu)
    entries = file_menu.actions()
    assert entries[-1] is window.actions_by_id["quit"] and entries[-2].isSeparator()
    assert window.editor_action in entries[:-2]


def test_a_load_error_shows_file_line_messages(
    qtbot: QtBot, shown_boxes: list[tuple[str, str]]
) -> None:
    def failing(path: Path) -> Scenario:
        raise DataError(
            [Problem(str(path), 4, "map: file not found"), Problem(str(path), 9, "bad facing")]
        )

    window = MainWindow(loader=failing)
    qtbot.addWidget(window)
    assert window.open_scenario(Path("bad.yaml")) is False
    assert len(shown_boxes) == 1
    assert shown_boxes[0][1] == "bad.yaml:4: map: file not found\nbad.yaml:9: bad facing"
    assert window.pages.currentWidget() is window.start_screen


def test_an_unexpected_loader_failure_is_a_message_not_a_traceback(
    qtbot: QtBot, shown_boxes: list[tuple[str, str]]
) -> None:
    def crashing(path: Path) -> Scenario:
        raise KeyError("boom")

    window = MainWindow(loader=crashing)
    qtbot.addWidget(window)
    assert window.open_scenario(Path("odd.yaml")) is False
    assert "odd.yaml:1: cannot load: KeyError('boom')" in shown_boxes[0][1]


def test_opening_a_scenario_shows_the_board_and_remembers_it(
    qtbot: QtBot,
    tmp_path: Path,
    isolated_settings: Path,
    board_map: HexMap,
    board_units: list[Unit],
) -> None:
    scenario_file = tmp_path / "showcase.yaml"
    window = MainWindow(loader=lambda path: make_scenario(board_map, board_units))
    qtbot.addWidget(window)
    assert window.open_scenario(scenario_file)
    assert window.pages.currentWidget() is window.view
    assert window.view.board() is not None
    assert window.actions_by_id["zoom_in"].isEnabled()
    assert settings.last_scenario() == scenario_file.resolve()
    assert any(isolated_settings.rglob("*.ini"))
    window.show_start_screen()
    assert not window.actions_by_id["zoom_in"].isEnabled()


def test_geometry_is_saved_on_close_and_restored(qtbot: QtBot, isolated_settings: Path) -> None:
    window = MainWindow()
    qtbot.addWidget(window)
    window.resize(700, 480)
    window.show()
    window.close()
    stored = QSettings(
        QSettings.Format.IniFormat,
        QSettings.Scope.UserScope,
        settings.ORGANISATION,
        settings.APPLICATION,
    )
    assert stored.fileName().startswith(str(isolated_settings))
    assert stored.value(settings.GEOMETRY) is not None
    again = MainWindow()
    qtbot.addWidget(again)
    again.restore_settings()
    assert (again.width(), again.height()) == (700, 480)
