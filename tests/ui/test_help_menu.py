"""The Help menu (issue 27, item 8): how to play, the rules reference rendered from
docs/rules.md, every keyboard shortcut, and About with versions and licences."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QMenu
from pytestqt.qtbot import QtBot

from gameapp.ui.app import build_window
from gameapp.ui.help_dialogs import HelpWindow
from gameapp.ui.main_window import MainWindow

ROOT = Path(__file__).resolve().parents[2]


def window_on_demo(qtbot: QtBot) -> MainWindow:
    window = build_window(str(ROOT / "scenarios" / "demo.yaml"), seed=1)
    qtbot.addWidget(window)
    return window


def test_help_is_the_last_menu_with_its_four_entries(qtbot: QtBot) -> None:
    window = window_on_demo(qtbot)
    tops = window.menuBar().actions()
    assert tops[-1].text() == "&Help"
    menu = tops[-1].menu()
    assert isinstance(menu, QMenu)
    entries = [a.text() for a in menu.actions() if not a.isSeparator()]
    assert entries == ["&How to play", "&Rules reference", "&Keyboard shortcuts",
                       "&About Rally && Charge"]  # "&&": a plain "&" on screen


def test_the_rules_reference_renders_the_rules_document_and_finds_in_it(qtbot: QtBot) -> None:
    window = window_on_demo(qtbot)
    page = window.show_rules_reference()
    assert isinstance(page, HelpWindow)
    qtbot.addWidget(page)
    text = page.plain_text()
    assert "Rule ids" in text and "R&C ammunition" in text
    assert "## " not in text and "| id |" not in text  # rendered, not shown as Markdown source
    page.find_box.setText("R&C ammunition")
    assert page.find_next()
    assert page.browser.textCursor().selectedText() == "R&C ammunition"


def test_how_to_play_names_the_tutorial(qtbot: QtBot) -> None:
    window = window_on_demo(qtbot)
    page = window.show_how_to_play()
    qtbot.addWidget(page)
    text = page.plain_text()  # type: ignore[attr-defined]
    assert "Tutorial crossroads" in text and "End phase" in text


def test_the_shortcuts_list_every_key_of_the_menus(qtbot: QtBot) -> None:
    window = window_on_demo(qtbot)
    page = window.show_shortcuts()
    qtbot.addWidget(page)
    text = page.plain_text()  # type: ignore[attr-defined]
    for entry in ("End phase", "Undo", "Save", "Fit to window", "Rules reference", "Pass"):
        assert entry in text, entry
    assert "Ctrl+E" in text and "F1" in text
    assert "Right-drag from the unit" in text


def test_about_gives_versions_and_licences(qtbot: QtBot) -> None:
    window = window_on_demo(qtbot)
    page = window.show_about()
    qtbot.addWidget(page)
    text = page.plain_text()  # type: ignore[attr-defined]
    assert "Rally & Charge 0.1.0" in text and "MIT" in text
    assert "PySide6" in text and "LGPL-3.0" in text
    assert "GeoNames" in text
