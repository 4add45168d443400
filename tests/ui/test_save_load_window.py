"""Save, Save As and Open saved game in the window. A damaged file (corrupt, truncated, foreign,
from a newer version, on a missing or changed scenario, with tampered dice) gives a message box
saying what is wrong, and the game on the board goes on untouched."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QFileDialog, QLineEdit, QMessageBox
from pytestqt.qtbot import QtBot

from gameapp import paths
from gameapp.core.actions import EndPhase, Fire
from gameapp.core.autosave import MARKER, AutosaveFolder
from gameapp.core.engine import Game
from gameapp.core.newgame import PlayerChoice, PlayerKind
from gameapp.core.savegame import check_save, save_game
from gameapp.core.units import Side
from gameapp.ui.app import run_app
from gameapp.ui.main_window import MainWindow
from gameapp.ui.session import autosave_keep, set_autosave_keep

DATA = Path(__file__).resolve().parents[1] / "data"
DUEL = DATA / "scenarios" / "duel.yaml"
BAD_SAVES = sorted((DATA / "bad_saves").glob("*")) if (DATA / "bad_saves").is_dir() else []


def played() -> Game:
    """The Union ends its movement, the Confederates fire (a roll of dice seeded 5)."""
    game = Game.from_scenario(DUEL, seed=5)
    game.apply(EndPhase())
    game.apply(Fire(("CS-1",), game.state.units["US-1"].hex))
    return game


@pytest.fixture
def boxes(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str, str]]:
    """Every message box shown: (title, text, informative text); none is left open."""
    shown: list[tuple[str, str, str]] = []

    def record(box: QMessageBox) -> int:
        shown.append((box.windowTitle(), box.text(), box.informativeText()))
        return QMessageBox.StandardButton.Ok.value

    monkeypatch.setattr(QMessageBox, "exec", record)
    return shown


@pytest.fixture
def window(qtbot: QtBot) -> MainWindow:
    window = MainWindow()
    qtbot.addWidget(window)
    window.start_game(played())
    return window


def test_save_as_then_save_write_the_game_and_it_opens_again(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "games" / "duel"  # no suffix: .yaml is added
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    window.actions_by_id["save_as"].trigger()
    saved = target.with_suffix(".yaml")
    assert check_save(saved) == []
    assert window.session.path == saved and "[duel.yaml]" in window.windowTitle()
    game = window.controller.game
    assert game is not None
    assert window.controller.end_phase()  # the Union passes its shot
    window.actions_by_id["save"].trigger()  # to the same file, no dialog
    reopened = MainWindow()
    assert reopened.open_game(saved)
    again = reopened.controller.game
    assert again is not None and again.log == game.log and again.state == game.state
    assert reopened.pages.currentWidget() is reopened.view
    reopened.deleteLater()


def test_open_saved_game_from_the_menu(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "other.yaml"
    other = Game.from_scenario(DUEL, seed=9)
    other.apply(EndPhase())
    save_game(other, path)
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(path), ""))
    window.actions_by_id["open_game"].trigger()
    game = window.controller.game
    assert game is not None and game.dice.seed == 9 and len(game.log) == 1
    assert window.session.path == path


def damage(tmp_path: Path) -> dict[str, tuple[Path, str]]:
    """Six damaged saves of one good one, each with the words its message must contain."""
    good = tmp_path / "good.yaml"
    save_game(played(), good)
    text = good.read_text()
    out: dict[str, tuple[Path, str]] = {}

    def write(name: str, content: str | bytes, expect: str) -> None:
        path = tmp_path / name
        path.write_bytes(content if isinstance(content, bytes) else content.encode())
        out[name] = (path, expect)

    write("corrupt.yaml", b"\x89PNG\r\n\x1a\n\x00\xff\xfe binary junk", "is damaged")
    write("truncated.yaml", text[: text.index("action: fire") + 9], "is damaged")
    write("foreign.yaml", DUEL.read_text(), "is not a Rally & Charge saved game")
    write("future.yaml", text.replace("version: 2", "version: 3"), "newer version")
    write("missing_scenario.yaml",
          text.replace(text.split("scenario: ")[1].split("\n")[0], "gone.yaml"),
          "scenario that cannot be found or has changed")
    write("tampered_dice.yaml", text.replace("- 5\n    - 3", "- 6\n    - 6"), "does not replay")
    return out


def test_each_damaged_file_gives_its_message_and_the_game_goes_on(
    window: MainWindow, tmp_path: Path, boxes: list[tuple[str, str, str]]
) -> None:
    before = window.controller.game
    assert before is not None
    damaged = damage(tmp_path)
    assert len(damaged) >= 6
    for name, (path, expect) in damaged.items():
        assert check_save(path), f"{name} should have problems"
        boxes.clear()
        assert not window.open_game(path), name
        assert len(boxes) == 1, name
        title, text, detail = boxes[0]
        assert title == "Cannot open saved game"
        assert text.startswith(name) and expect in text, (name, text)
        assert f"{path}:" in detail, (name, detail)  # the file:line problems
        assert window.controller.game is before  # nothing replaced the game on the board


@pytest.mark.parametrize("path", BAD_SAVES, ids=[p.name for p in BAD_SAVES])
def test_the_shipped_bad_saves_give_a_message(
    window: MainWindow, path: Path, boxes: list[tuple[str, str, str]]
) -> None:
    assert not window.open_game(path)
    assert len(boxes) == 1 and boxes[0][0] == "Cannot open saved game" and boxes[0][1]


def test_a_save_that_cannot_be_written_says_so(
    window: MainWindow, tmp_path: Path, boxes: list[tuple[str, str, str]]
) -> None:
    assert not window.session.save_to(tmp_path)  # a folder is in the way
    assert boxes and boxes[0][0] == "Cannot save the game"
    assert window.session.path is None


# --- autosave ------------------------------------------------------------------------------------
@pytest.fixture
def autosaves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "autosaves"
    monkeypatch.setattr(paths, "autosaves_dir", lambda: folder)
    return folder


def test_every_new_phase_is_autosaved_keeping_the_last_n(qtbot: QtBot, autosaves: Path) -> None:
    set_autosave_keep(2)
    window = MainWindow()
    qtbot.addWidget(window)
    window.session.begin_session()  # as run_app does: autosaves on
    window.start_game(Game.from_scenario(DUEL, seed=4))
    assert not list(autosaves.glob("autosave-*"))  # nothing played yet: nothing to save
    controller = window.controller
    game = controller.game
    assert game is not None
    assert controller.end_phase()  # movement -> fire: autosave 1
    saves = sorted(autosaves.glob("autosave-*.yaml"))
    assert [p.name for p in saves] == ["autosave-000001.yaml"]
    assert controller.end_phase()  # the Confederate passes its shot: the same phase, no save
    assert len(sorted(autosaves.glob("autosave-*.yaml"))) == 1
    assert controller.end_phase()  # the Union passes too: the phase ends, autosave 2
    assert controller.end_phase()  # and so on: autosave 3, and 1 is dropped (keep 2)
    names = [p.name for p in sorted(autosaves.glob("autosave-*.yaml"))]
    assert names == ["autosave-000002.yaml", "autosave-000003.yaml"]
    assert check_save(autosaves / names[-1]) == []
    window.session.end_session()
    assert not (autosaves / MARKER).exists()


def test_after_an_unclean_exit_the_last_autosave_is_offered_and_resumed(
    qtbot: QtBot, autosaves: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = MainWindow()
    qtbot.addWidget(first)
    first.session.begin_session()  # as run_app does at start
    first.start_game(played())
    assert first.controller.end_phase()  # the Union passes its shot
    assert first.controller.end_phase()  # and the Confederates: a new phase, autosaved
    expected = first.controller.game
    assert expected is not None
    # the program dies here: end_session never runs, the marker stays
    asked: list[str] = []

    def answer(box: QMessageBox) -> int:
        asked.append(box.text())
        return QMessageBox.StandardButton.Yes.value

    monkeypatch.setattr(QMessageBox, "exec", answer)
    second = MainWindow()
    qtbot.addWidget(second)
    resumed = second.session.offer_resume()
    assert asked == ["Rally & Charge did not close properly last time."]
    assert resumed is not None and resumed.game.log == expected.log
    second.session.end_session()  # a clean exit: nothing is offered next time
    asked.clear()
    assert MainWindow().session.offer_resume() is None and asked == []


def test_a_bad_newest_autosave_does_not_lock_every_start_the_good_one_is_offered(
    qtbot: QtBot, autosaves: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 23's crash loop: the newest autosave names an option value the rules do not know
    (`movement_allowances: sharpsburh`). Every start used to die in offer_resume; now the older
    good autosave is offered and resumes."""
    folder = AutosaveFolder(autosaves)
    folder.begin_session()
    game = played()
    good = folder.write(game)
    game.apply(EndPhase())
    newest = folder.write(game)
    newest.write_text(newest.read_text().replace("movement_allowances: sharpsburg",
                                                 "movement_allowances: sharpsburh"))
    asked: list[str] = []

    def answer(box: QMessageBox) -> int:
        asked.append(box.informativeText())
        return QMessageBox.StandardButton.Yes.value

    monkeypatch.setattr(QMessageBox, "exec", answer)
    window = MainWindow()
    qtbot.addWidget(window)
    resumed = window.session.offer_resume()
    assert len(asked) == 1 and str(good) in asked[0] and str(newest) not in asked[0]
    assert resumed is not None and resumed.game.log == played().log


def test_the_autosave_count_is_a_preference_of_ten_by_default() -> None:
    assert autosave_keep() == 10
    set_autosave_keep(3)
    assert autosave_keep() == 3


def test_the_program_marks_its_session_and_a_clean_exit_removes_the_mark(
    qtbot: QtBot, autosaves: Path, tmp_path: Path
) -> None:
    seen: list[bool] = []
    waits = [0]

    def close_once_marked() -> None:
        """The session begins once the start screen is drawn and the window built (issue 28):
        close the program as soon as its mark is there (or after 30 s, to fail)."""
        marked = (autosaves / MARKER).exists()  # while the program runs
        waits[0] += 1
        if not marked and waits[0] < 3000:
            QTimer.singleShot(10, close_once_marked)
            return
        seen.append(marked)
        QApplication.closeAllWindows()

    QTimer.singleShot(10, close_once_marked)
    assert run_app(scenarios_dir=tmp_path) == 0
    assert seen == [True]
    assert not (autosaves / MARKER).exists()  # the clean exit took it away


def test_an_opened_save_goes_on_with_the_same_players(
    qtbot: QtBot, tmp_path: Path
) -> None:
    first = MainWindow()
    qtbot.addWidget(first)
    against_computer = {Side.UNION: PlayerChoice(),
                        Side.CONFEDERATE: PlayerChoice(PlayerKind.COMPUTER, "easy")}
    first.start_game(played(), against_computer, hide_unseen=True)
    assert first.session.save_to(tmp_path / "g.yaml")
    assert first.message_label.text() == f"Saved to {tmp_path / 'g.yaml'}"
    second = MainWindow()
    qtbot.addWidget(second)
    assert second.open_game(tmp_path / "g.yaml")
    assert second.players == against_computer
    assert second.unseen.enabled
    assert "Confederate: computer (easy)" in second.windowTitle()


def test_the_program_offers_the_autosave_once_its_start_screen_is_drawn(
    qtbot: QtBot, autosaves: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """run_app draws the start screen first (issue 28); then, the window built, it offers the
    last autosave of an unclean exit and resumes it on its board."""
    folder = AutosaveFolder(autosaves)
    folder.begin_session()  # a session that never ended
    folder.write(played())
    asked: list[str] = []
    monkeypatch.setattr(QMessageBox, "exec", lambda box: asked.append(box.text())
                        or QMessageBox.StandardButton.Yes.value)
    seen: list[object] = []

    def look_then_close() -> None:
        window = next((w for w in QApplication.topLevelWidgets()
                       if isinstance(w, MainWindow) and w.isVisible()), None)
        if window is None or not window.complete or window.controller.game is None:
            QTimer.singleShot(10, look_then_close)
            return
        seen.extend([window.pages.currentWidget() is window.view,
                     window.controller.game.log == played().log])
        QApplication.closeAllWindows()

    QTimer.singleShot(10, look_then_close)
    assert run_app(scenarios_dir=tmp_path) == 0
    assert asked == ["Rally & Charge did not close properly last time."]
    assert seen == [True, True]


# --- where the file dialogs open (issue 27, item 1) ----------------------------------------------
@pytest.fixture
def user_saves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The user's saves folder, not made yet (as on a first run)."""
    folder = tmp_path / "user data" / "saves"
    monkeypatch.setattr(paths, "saves_dir", lambda: folder)
    return folder


def dialog_seen(qtbot: QtBot, trigger: Callable[[], object]) -> tuple[str, str]:
    """Run `trigger`, which opens a real (Qt) file dialog; cancel it and give its folder and the
    file name it offered."""
    seen: list[tuple[str, str]] = []

    def look() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, QFileDialog):
            QTimer.singleShot(20, look)
            return
        name = dialog.findChild(QLineEdit, "fileNameEdit")
        seen.append((dialog.directory().absolutePath(), name.text() if name else ""))
        dialog.reject()

    QTimer.singleShot(0, look)
    trigger()
    assert seen, "no file dialog was shown"
    return seen[0]


def test_save_opens_in_the_users_saves_folder_made_first(
    window: MainWindow, user_saves: Path, qtbot: QtBot
) -> None:
    assert not user_saves.exists()
    folder, name = dialog_seen(qtbot, window.actions_by_id["save"].trigger)
    assert user_saves.is_dir()  # made before the dialog, so Qt does not fall back to the cwd
    assert Path(folder) == user_saves
    assert name == "duel-turn1.yaml"
    assert window.session.path is None  # cancelled: nothing saved


def test_open_saved_game_opens_in_the_saves_folder_with_no_file_name(
    window: MainWindow, user_saves: Path, qtbot: QtBot
) -> None:
    folder, name = dialog_seen(qtbot, window.actions_by_id["open_game"].trigger)
    assert Path(folder) == user_saves and user_saves.is_dir()
    assert name == ""  # not "saves"
