"""The side panels open at sizes where their content shows (issue 27, item 7): on a laptop's
1280 x 720 window, a hovered route's cost reads in the Movement panel without scrolling or
dragging a splitter."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QTextCursor, QTextDocument
from pytestqt.qtbot import QtBot

from gameapp.ui.app import build_window
from gameapp.ui.rulesets.tactical.ui import TacticalUI

ROOT = Path(__file__).resolve().parents[2]


def test_a_hovered_routes_cost_shows_without_scrolling(qtbot: QtBot) -> None:
    window = build_window(str(ROOT / "scenarios" / "slaughter_mountain.yaml"), seed=1)
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    qtbot.waitExposed(window)
    ui = window.ruleset_ui
    assert isinstance(ui, TacticalUI)
    board = window.view.board()
    assert board is not None
    numbering = board.hex_map.numbering
    window.view.select_stack(numbering.parse("1812"))  # 10th Virginia, Confederate to move
    window.view.hex_hovered.emit(numbering.parse("1710"))
    panel = ui.move_panel
    qtbot.waitUntil(lambda: "Move to 1710" in panel.plain_text())
    assert ui.move_dock.isVisible() and not ui.move_dock.visibleRegion().isEmpty()
    found = panel.document().find("left there", 0, QTextDocument.FindFlag(0))
    assert not found.isNull()
    cursor = QTextCursor(found)
    where = panel.cursorRect(cursor)
    assert where.top() >= 0 and where.bottom() <= panel.viewport().height()
