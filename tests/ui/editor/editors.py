"""Showing an editor window in a test: at zoom 1, the unsaved-changes question switched off;
and the strategic editor inside one."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from gameapp.ui.editor import EditorWindow
from gameapp.ui.rulesets.strategic.editor import StrategicEditor


def show_editor(qtbot: QtBot, window: EditorWindow) -> EditorWindow:
    window.ask_before_closing = False
    qtbot.addWidget(window)
    window.resize(1400, 900)
    window.show()
    qtbot.waitExposed(window)
    window.view.set_zoom(1.0)
    return window


def strategic_editor(window: EditorWindow) -> StrategicEditor:
    """The window's strategic editor, with a scenario open."""
    editor = window.ruleset_editor
    assert isinstance(editor, StrategicEditor) and editor.doc is not None
    return editor
