"""Who plays each side is kept in a save: opening it goes on against the same opponent."""

from pathlib import Path

import pytest

from gameapp.core.actions import EndPhase
from gameapp.core.engine import Game
from gameapp.core.newgame import PlayerChoice, PlayerKind
from gameapp.core.savegame import load_saved_game, save_game
from gameapp.core.seats import Seats
from gameapp.core.units import Side
from gameapp.core.yamlsource import DataError

DUEL = Path(__file__).resolve().parent.parent / "data" / "scenarios" / "duel.yaml"
SOLO_AGAINST_HARD = Seats({Side.UNION: PlayerChoice(),
                           Side.CONFEDERATE: PlayerChoice(PlayerKind.COMPUTER, "hard")},
                          hot_seat=False, hide_unseen=True)


def saved(tmp_path: Path, seats: Seats | None) -> Path:
    game = Game.from_scenario(DUEL, seed=2)
    game.apply(EndPhase())
    path = tmp_path / "game.yaml"
    save_game(game, path, seats)
    return path


def test_the_players_and_screen_choices_come_back(tmp_path: Path) -> None:
    path = saved(tmp_path, SOLO_AGAINST_HARD)
    assert "confederate: computer hard" in path.read_text()
    back = load_saved_game(path)
    assert back.seats == SOLO_AGAINST_HARD
    assert back.seats.players[Side.CONFEDERATE].difficulty == "hard"


def test_hot_seat_comes_back(tmp_path: Path) -> None:
    two_humans = Seats(hot_seat=True)
    assert load_saved_game(saved(tmp_path, two_humans)).seats == two_humans


def test_a_save_without_seats_opens_with_none_recorded(tmp_path: Path) -> None:
    back = load_saved_game(saved(tmp_path, None))
    assert back.seats is None
    assert [entry.notation for entry in back.game.log] == ["end-phase"]


@pytest.mark.parametrize("bad", ["confederate: robot", "confederate: computer Hard!"])
def test_a_damaged_player_entry_names_its_line(tmp_path: Path, bad: str) -> None:
    path = saved(tmp_path, SOLO_AGAINST_HARD)
    text = path.read_text().replace("confederate: computer hard", bad)
    path.write_text(text)
    line = text.splitlines().index(f"    {bad}") + 1
    with pytest.raises(DataError) as error:
        load_saved_game(path)
    problem = error.value.problems[0]
    assert (problem.file, problem.line) == (str(path), line)
