"""The autosave folder: one numbered save per call, the last N kept, the session marker, and the
newest loadable autosave offered after an unclean exit."""

from pathlib import Path

from gameapp.core.actions import EndPhase
from gameapp.core.autosave import DEFAULT_KEEP, MARKER, AutosaveFolder
from gameapp.core.engine import Game
from gameapp.core.savegame import load_game

DUEL = Path(__file__).resolve().parent.parent / "data" / "scenarios" / "duel.yaml"


def names(folder: AutosaveFolder) -> list[str]:
    return [p.name for p in folder.saves()]


def test_the_default_keeps_ten() -> None:
    assert AutosaveFolder(Path("x")).keep == DEFAULT_KEEP == 10


def test_each_write_is_numbered_and_only_the_last_n_are_kept(tmp_path: Path) -> None:
    folder = AutosaveFolder(tmp_path / "auto", keep=3)
    game = Game.from_scenario(DUEL, seed=2)
    for _ in range(5):  # five phases, five autosaves: 1 and 2 are dropped, 3..5 stay
        folder.write(game)
        game.apply(EndPhase())
    assert names(folder) == ["autosave-000003.yaml", "autosave-000004.yaml",
                             "autosave-000005.yaml"]
    # the newest is the game as it was before the last EndPhase: four actions in its log
    assert len(load_game(folder.saves()[-1]).log) == 4


def test_numbering_goes_on_after_a_restart_and_ignores_other_files(tmp_path: Path) -> None:
    (tmp_path / "autosave-000041.yaml").write_text("x")
    (tmp_path / "notes.txt").write_text("not an autosave")
    folder = AutosaveFolder(tmp_path, keep=5)
    written = folder.write(Game.from_scenario(DUEL))
    assert written.name == "autosave-000042.yaml"
    assert names(folder) == ["autosave-000041.yaml", "autosave-000042.yaml"]
    assert (tmp_path / "notes.txt").exists()


def test_a_clean_exit_offers_nothing(tmp_path: Path) -> None:
    folder = AutosaveFolder(tmp_path)
    folder.begin_session()
    assert (tmp_path / MARKER).exists() and folder.unclean_exit()
    folder.write(Game.from_scenario(DUEL))
    folder.end_session()
    assert not folder.unclean_exit()
    assert folder.resumable() is None


def test_after_a_crash_the_newest_autosave_that_loads_is_offered(tmp_path: Path) -> None:
    folder = AutosaveFolder(tmp_path)
    folder.begin_session()
    game = Game.from_scenario(DUEL, seed=3)
    good = folder.write(game)
    game.apply(EndPhase())
    newest = folder.write(game)
    newest.write_text(newest.read_text()[:40])  # the crash cut the newest short
    # no end_session: the marker stays, as after a crash
    assert AutosaveFolder(tmp_path).resumable() == good


def test_a_crash_before_any_autosave_offers_nothing(tmp_path: Path) -> None:
    folder = AutosaveFolder(tmp_path / "never-written")
    folder.begin_session()
    assert folder.unclean_exit() and folder.resumable() is None
