"""'Save first?' (issue 27, item 11): quitting, starting a new game or opening another with moves
not saved asks; Cancel keeps the game, Discard goes on, Save saves first. A game with nothing new
since it was started, opened or saved is never asked about."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from gameapp import paths
from gameapp.core.engine import Game
from gameapp.core.savegame import check_save
from gameapp.ui.main_window import MainWindow

DUEL = Path(__file__).resolve().parents[1] / "data" / "scenarios" / "duel.yaml"
Button = QMessageBox.StandardButton


ANSWER = {"button": Button.Cancel}  # how the next question is answered


@pytest.fixture
def asked(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> list[str]:
    """The questions asked, each answered with ANSWER's button (Cancel unless set)."""
    monkeypatch.setattr(paths, "autosaves_dir", lambda: tmp_path / "autosaves")
    monkeypatch.setitem(ANSWER, "button", Button.Cancel)
    questions: list[str] = []

    def answer(box: QMessageBox) -> int:
        questions.append(f"{box.windowTitle()}: {box.informativeText()}")
        return int(ANSWER["button"].value)

    monkeypatch.setattr(QMessageBox, "exec", answer)
    return questions


def answer_with(button: Button) -> None:
    ANSWER["button"] = button


def running_window(qtbot: QtBot) -> MainWindow:
    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    window.session.autosaving = True  # as in the program's run (begin_session)
    window.start_game(Game.from_scenario(DUEL, seed=2))
    return window


def test_nothing_played_nothing_asked(qtbot: QtBot, asked: list[str]) -> None:
    window = running_window(qtbot)
    assert window.close()
    assert asked == []


def test_cancel_keeps_the_game_on_quit_new_game_and_open(
    qtbot: QtBot, asked: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    window = running_window(qtbot)
    game = window.controller.game
    assert window.controller.end_phase()
    assert not window.close() and window.isVisible()
    assert asked == ["Save first?: Save the game before quitting?"]
    assert window.new_game_dialog() is None  # no dialog: it was cancelled before
    chosen: list[bool] = []
    monkeypatch.setattr(window.session, "choose_file", lambda: chosen.append(True))
    window.open_game_dialog()
    assert not window.open_scenario(DUEL)
    assert chosen == [] and len(asked) == 4
    assert "starting a new game" in asked[1] and "opening another game" in asked[2]
    assert window.controller.game is game
    answer_with(Button.Discard)
    assert window.close()


def test_save_saves_first_then_quits(qtbot: QtBot, asked: list[str], tmp_path: Path) -> None:
    window = running_window(qtbot)
    path = tmp_path / "kept.yaml"
    assert window.session.save_to(path)
    assert window.close() and asked == []  # saved: nothing to ask
    window.show()
    assert window.controller.end_phase()
    answer_with(Button.Save)
    assert window.close() and len(asked) == 1
    assert check_save(path) == []
    assert "end-phase" in path.read_text()
