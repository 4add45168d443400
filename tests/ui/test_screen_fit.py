"""The editor, replay and other windows open inside the screen (issue 27, item 7), even on a
screen smaller than the size they would like."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from gameapp.ui.app import build_window
from gameapp.ui.screen_fit import room_for

ROOT = Path(__file__).resolve().parents[2]


def test_the_editor_and_the_replay_window_open_inside_the_screen(qtbot: QtBot) -> None:
    window = build_window(str(ROOT / "scenarios" / "demo.yaml"), seed=1)
    qtbot.addWidget(window)
    window.show()
    room = room_for(window)
    assert room.width() < 1500 or room.height() < 950  # the test screen is small (offscreen)
    assert room.contains(window.geometry())
    editor = window.open_editor(ROOT / "scenarios" / "demo.yaml")
    qtbot.addWidget(editor)
    assert room.contains(editor.geometry())
    window.replay_game()
    replay = window.replay_window
    assert replay is not None
    qtbot.addWidget(replay)
    assert room.contains(replay.geometry())
