"""Saved games: the scenario, the seed and every action with the dice it rolled.

A save is a replay: loading starts the scenario afresh with the saved seed and applies each
recorded action, checking that it is still legal and that the seeded dice roll what was recorded.
So a save can never hold a state the rules could not reach, and a broken or tampered save is
reported at the line of the action that fails. (A game whose dice were forced, as tests force
them, does not reload: its dice are not its seed's.)

Saves are written atomically: to a temporary file in the same folder, flushed to disk, then
renamed over the old save, so a crash mid-write never leaves a half-written game.

Besides the replay a save records what the replay must agree with: a hash of the scenario,
map and counters files the game was played on (a changed file is reported, never silently
replayed), the optional rules chosen for the game, and a snapshot of where every unit stands at
the end (compared after the replay: a mismatch is reported, never ignored), and who sat at each
side (seats.py), so an opened game goes on against the same opponent.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from gameapp.core.dice import Roll
from gameapp.core.engine import Game
from gameapp.core.replay import ReplayMismatch, replay_action
from gameapp.core.ruleset import load_scenario_file, ruleset_named
from gameapp.core.seats import Seats
from gameapp.core.yamlsource import DataError, Problem, load_schema, load_yaml, schema_problems

SAVE_FORMAT = "rally-and-charge-save"
SAVE_VERSION = 1


def save_data(game: Game, save_path: Path, seats: Seats | None = None) -> dict[str, Any]:
    scenario = Path(game.scenario.path).resolve()
    try:
        where = os.path.relpath(scenario, save_path.resolve().parent)
    except ValueError:  # another drive on Windows
        where = str(scenario)
    return {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "scenario": where,
        "scenario_hash": scenario_hash(game.scenario),
        "options": game.ruleset.saved_options(game.scenario),
        "seed": game.dice.seed,
        **({"seats": seats.to_data()} if seats is not None else {}),
        "snapshot": snapshot(game.state, game),
        "actions": [
            {
                "turn": entry.turn,
                "phase": entry.phase.value,
                "side": entry.side.value if entry.side else None,
                "action": entry.notation,
                "rolls": [[*roll.dice, roll.purpose] for roll in entry.rolls],
            }
            for entry in game.log
        ],
    }


def scenario_hash(scenario: Any) -> str:
    """sha256 over the files the scenario was read from (for the tactical ruleset: the scenario
    file and the map and counters files it names)."""
    digest = hashlib.sha256()
    for path in ruleset_named(scenario.ruleset).source_files(scenario):
        if path is not None and Path(path).is_file():
            digest.update(Path(path).read_bytes())
    return f"sha256:{digest.hexdigest()}"


def snapshot(state: Any, game: Game) -> dict[str, Any]:
    """Where the game stands, in words a reader can check (for the tactical ruleset: the turn,
    the step and every unit on the map or on the Broken Track)."""
    return game.ruleset.snapshot(state, game.scenario)


def save_game(game: Game, path: str | Path, seats: Seats | None = None) -> None:
    """Write the game (and who plays it, if given) to `path` atomically."""
    path = Path(path)
    text = yaml.safe_dump(save_data(game, path, seats), sort_keys=False, allow_unicode=True)
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    _remove_leftovers(path)


def _remove_leftovers(path: Path) -> None:
    """Temporary files of earlier saves to `path` that a killed process never renamed: the save
    just written supersedes them."""
    for leftover in path.parent.glob(f".{path.name}.*"):
        # one still held by another program (Windows) goes with a later save
        with contextlib.suppress(OSError):
            leftover.unlink()


@dataclass(frozen=True)
class SavedGame:
    game: Game
    seats: Seats | None  # None: saved before seats were kept (all human, one screen)


def load_game(path: str | Path) -> Game:
    """Replay a saved game. Raises DataError with the file and line of what is wrong."""
    return load_saved_game(path).game


def load_saved_game(path: str | Path) -> SavedGame:
    """Replay a saved game and read who played it. Raises DataError as load_game does."""
    doc = load_yaml(path)
    problems = schema_problems(doc, load_schema("save"))
    if problems:
        raise DataError(problems)
    data = doc.data
    scenario_path = Path(doc.path).parent / data["scenario"]
    try:
        scenario = load_scenario_file(scenario_path)
    except DataError as error:
        raise DataError([doc.problem(("scenario",), "the saved game's scenario cannot be "
                                     f"loaded: {error.problems[0]}")]) from None
    recorded_hash = data.get("scenario_hash")
    if recorded_hash is not None and recorded_hash != scenario_hash(scenario):
        raise DataError([doc.problem(("scenario_hash",), "the scenario, map or counters file "
                                     "has changed since this game was saved, so its actions "
                                     "may not replay as played")])
    ruleset = ruleset_named(scenario.ruleset)
    options = {k: tuple(v) if isinstance(v, list) else v
               for k, v in data.get("options", {}).items()}
    game = Game.from_scenario(ruleset.with_options(scenario, options), seed=data["seed"])
    for i, entry in enumerate(data["actions"]):
        where = ("actions", i, "action")
        try:
            action = game.parse_action(entry["action"])
        except ValueError as exc:
            raise DataError([doc.problem(where, str(exc))]) from None
        recorded = [Roll(str(r[-1]), tuple(int(face) for face in r[:-1]))
                    for r in entry["rolls"]]
        try:
            replay_action(game, action, recorded, exact=True)
        except ReplayMismatch as exc:
            if exc.kind == "dice":
                raise DataError([doc.problem(("actions", i, "rolls"), exc.reason)]) from None
            reason = exc.reason.split(" does not replay: ", 1)[-1]
            raise DataError([doc.problem(where, f"this action does not replay: {reason}")]
                            ) from None
    if "snapshot" in data and snapshot(game.state, game) != data["snapshot"]:
        raise DataError([doc.problem(("snapshot",), "replaying the actions does not reach the "
                                     "position the game was saved in")])
    return SavedGame(game, Seats.from_data(data["seats"]) if "seats" in data else None)


def check_save(path: str | Path) -> list[Problem]:
    """The problems of a save file, without raising."""
    try:
        load_game(path)
    except DataError as error:
        return error.problems
    return []
