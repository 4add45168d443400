"""Saved games: a save replays to the same game, is written atomically, and a broken save is
reported at the line of what is wrong."""

import os
import shutil
from pathlib import Path

import pytest
import yaml

from gameapp.core.actions import EndPhase, Fire, Pass, parse_action
from gameapp.core.engine import Game
from gameapp.core.newgame import with_options
from gameapp.core.savegame import load_game, save_game
from gameapp.core.scenario import load_scenario
from gameapp.core.yamlsource import DataError

DATA = Path(__file__).resolve().parent.parent / "data"
DUEL = DATA / "scenarios" / "duel.yaml"


def played(seed: int = 5) -> Game:
    """A move, the Confederate shot (rolling dice), passes, into the next phases."""
    game = Game.from_scenario(DUEL, seed=seed)
    game.apply(parse_action("move US-1 0505", game.map.numbering))
    game.apply(EndPhase())
    game.apply(Fire(("CS-1",), game.map.parse("0405") if "US-1" not in game.state.units
                    else game.state.units["US-1"].hex))
    game.apply(Pass())
    game.apply(Pass())
    return game


def test_a_save_replays_to_the_same_game(tmp_path: Path) -> None:
    game = played()
    assert any(entry.rolls for entry in game.log), "the fire rolled dice"
    path = tmp_path / "saves" / "duel.save.yaml"
    save_game(game, path)
    again = load_game(path)
    assert again.state == game.state
    assert again.log == game.log
    assert (again.state.turn, again.phase, again.current_side) == (
        game.state.turn, game.phase, game.current_side)
    # the dice go on exactly as they would have
    assert again.dice.d66("next") == game.dice.d66("next")


def test_the_save_file_reads_as_a_log(tmp_path: Path) -> None:
    path = tmp_path / "duel.save.yaml"
    save_game(played(), path)
    data = yaml.safe_load(path.read_text())
    assert data["scenario"] == os.path.relpath(DUEL, tmp_path)
    assert [a["action"] for a in data["actions"]][:3] == [
        "move US-1 0505", "end-phase", "fire CS-1 0505"]
    fire = data["actions"][2]
    assert fire["rolls"][0][2] == "fire at 0505"


def test_saving_is_atomic(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.yaml"
    save_game(Game.from_scenario(DUEL), path)
    before = path.read_text()

    def crash(*args: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError, match="disk full"):
        save_game(played(), path)
    assert path.read_text() == before  # the old save is untouched
    assert [p.name for p in tmp_path.iterdir()] == ["game.yaml"]  # no temporary file left


def broken(tmp_path: Path, edit: str) -> Path:
    """A good save with one line replaced."""
    good = tmp_path / "good.yaml"
    save_game(played(), good)
    lines = good.read_text().splitlines()
    old, new = edit.split(" => ")
    index = next(i for i, line in enumerate(lines) if old in line)
    lines[index] = lines[index].replace(old, new)
    bad = tmp_path / "bad.yaml"
    bad.write_text("\n".join(lines) + "\n")
    return bad


@pytest.mark.parametrize(
    ("edit", "line_of", "message"),
    [
        ("move US-1 0505 => move US-1 0909", "move US-1 0909",
         "'move US-1 0909': hex 0909 is off the map"),
        ("move US-1 0505 => move US-1 0404>0403>0402", "move US-1 0404>0403>0402",
         "this action does not replay: 0403 is held by the enemy"),
        ("version: 2 => version: 3", "version: 3", "3 is not one of 1, 2"),
        ("scenario: => scenario: nowhere.yaml #", "scenario:",
         "the saved game's scenario cannot be loaded"),
    ],
)
def test_broken_saves_name_the_line(tmp_path: Path, edit: str, line_of: str,
                                    message: str) -> None:
    bad = broken(tmp_path, edit)
    line = next(i for i, text in enumerate(bad.read_text().splitlines(), 1) if line_of in text)
    with pytest.raises(DataError) as error:
        load_game(bad)
    problem = error.value.problems[0]
    assert (problem.file, problem.line) == (str(bad), line)
    assert message in problem.message


def test_tampered_dice_are_caught(tmp_path: Path) -> None:
    good = tmp_path / "good.yaml"
    save_game(played(), good)
    data = yaml.safe_load(good.read_text())
    fire = data["actions"][2]
    fire["rolls"][0][0] = 7 - fire["rolls"][0][0]  # another face
    bad = tmp_path / "bad.yaml"
    bad.write_text(yaml.safe_dump(data, sort_keys=False))
    line = next(i for i, text in enumerate(bad.read_text().splitlines(), 1) if "- - " in text)
    with pytest.raises(DataError) as error:
        load_game(bad)
    problem = error.value.problems[0]
    assert problem.line == line - 1  # the rolls: key of that action
    assert "recorded dice do not match what the game's seed rolls" in problem.message


def test_garbage_is_a_data_error_not_a_crash(tmp_path: Path) -> None:
    junk = tmp_path / "junk.yaml"
    junk.write_bytes(b"\x00\xff not: [yaml")
    with pytest.raises(DataError) as error:
        load_game(junk)
    assert error.value.problems[0].file == str(junk)


def test_the_options_chosen_for_a_game_come_back_with_it(tmp_path: Path) -> None:
    # the scenario plays 15.4 retreats; this game was started with 002's and engagement on
    scenario = with_options(load_scenario(DUEL), {"retreat": "g88", "engagement": True})
    game = Game.from_scenario(scenario, seed=3)
    game.apply(EndPhase())
    path = tmp_path / "g88.yaml"
    save_game(game, path)
    again = load_game(path)
    assert (again.scenario.options["retreat"], again.scenario.options["engagement"]) == (
        "g88", True)
    assert again.state == game.state


def test_a_scenario_changed_since_the_save_is_reported(tmp_path: Path) -> None:
    copy = tmp_path / "data"
    shutil.copytree(DATA, copy)
    scenario = copy / "scenarios" / "duel.yaml"
    path = tmp_path / "duel.save.yaml"
    save_game(played_on(scenario), path)
    scenario.write_text(scenario.read_text().replace("last: 4", "last: 5"))
    line = next(i for i, text in enumerate(path.read_text().splitlines(), 1)
                if text.startswith("scenario_hash:"))
    with pytest.raises(DataError) as error:
        load_game(path)
    problem = error.value.problems[0]
    assert problem.line == line
    assert "has changed since this game was saved" in problem.message


def test_a_snapshot_the_replay_does_not_reach_is_reported(tmp_path: Path) -> None:
    bad = broken(tmp_path, "0505 face=1 line losses=0 => 0505 face=1 line losses=1")
    with pytest.raises(DataError) as error:
        load_game(bad)
    assert "does not reach the position the game was saved in" in error.value.problems[0].message


def played_on(scenario: Path) -> Game:
    game = Game.from_scenario(scenario, seed=5)
    game.apply(parse_action("move US-1 0505", game.map.numbering))
    return game
