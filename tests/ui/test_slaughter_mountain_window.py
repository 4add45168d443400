"""Slaughter Mountain plays from turn 1 to the end in the window (phases ended, shots passed)."""

from pytestqt.qtbot import QtBot

from gameapp.ui.app import build_window

from .play import ROOT, game_of


def test_slaughter_mountain_plays_to_the_end_in_the_window(qtbot: QtBot) -> None:
    window = build_window(str(ROOT / "scenarios" / "slaughter_mountain.yaml"))
    qtbot.addWidget(window)
    window.resize(1200, 800)
    window.show()
    qtbot.waitExposed(window)
    game = game_of(window)
    assert game.scenario.name == "Slaughter Mountain"
    turns_seen = set()
    for _ in range(1000):
        if game.is_over:
            break
        turns_seen.add(game.state.turn)
        assert window.controller.end_phase(), window.statusBar().currentMessage()
    assert game.is_over
    assert turns_seen == set(range(1, 15))
    assert "Game over" in window.phase_bar.plain_text()
