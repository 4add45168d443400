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

Saves come from strangers too (docs/reliability.md): the options are checked against the
scenario schema's own `options`, the snapshot and the scenario hash are required from format 2
on (a format-1 save without them still opens, with a note saying what could not be checked), and
anything the replay trips over is a DataError at the line of the action, never a traceback.
"""

from __future__ import annotations

import contextlib
import copy
import hashlib
import logging
import os
import re
import tempfile
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from gameapp.core.dice import Roll
from gameapp.core.engine import Game
from gameapp.core.replay import ReplayMismatch, replay_action
from gameapp.core.ruleset import ruleset_key, ruleset_named
from gameapp.core.seats import Seats
from gameapp.core.yamlsource import (
    DataError,
    Problem,
    YamlDocument,
    load_schema,
    load_yaml,
    schema_problems,
)

log = logging.getLogger(__name__)

SAVE_FORMAT = "rally-and-charge-save"
SAVE_VERSION = 2  # 2: snapshot and scenario_hash required; 1 still opens, with a note


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
    write_atomically(path, yaml.safe_dump(save_data(game, path, seats), sort_keys=False,
                                          allow_unicode=True))


def write_atomically(path: Path, text: str) -> None:
    """Write `text` to `path` through a temporary file renamed over it, so a crash leaves the
    old file or the new one, never half of one."""
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
    notes: tuple[str, ...] = field(default=())  # what could not be checked (an old format)


def load_game(path: str | Path) -> Game:
    """Replay a saved game. Raises DataError with the file and line of what is wrong."""
    return load_saved_game(path).game


@cache
def save_schema(ruleset: str = "tactical") -> dict[str, Any]:
    """schemas/save.schema.json with its `options` checked as the ruleset's scenario schema
    checks a scenario's options: the same names and values, so a save cannot smuggle in what a
    scenario could not."""
    schema = copy.deepcopy(load_schema("save"))
    scenario_schema = ruleset_named(ruleset).schemas().get("scenario", "scenario")
    options = copy.deepcopy(load_schema(scenario_schema)["properties"]["options"])
    options["description"] = schema["properties"]["options"]["description"]
    schema["properties"]["options"] = options
    return schema


def load_saved_game(path: str | Path) -> SavedGame:
    """Replay a saved game and read who played it. Raises DataError as load_game does."""
    doc = load_yaml(path)
    if not isinstance(doc.data, dict):
        raise DataError([doc.problem((), "expected a saved game (format:, version:, scenario:, "
                                     "...) at the top")])
    problems = schema_problems(doc, save_schema(_saved_ruleset(doc)))
    if problems:
        raise DataError(problems)
    data = doc.data
    notes = _old_format_notes(data)
    scenario = _saved_scenario(doc)
    recorded_hash = data.get("scenario_hash")
    if recorded_hash is not None and recorded_hash != scenario_hash(scenario):
        raise DataError([doc.problem(("scenario_hash",), "the scenario, map or counters file "
                                     "has changed since this game was saved, so its actions "
                                     "may not replay as played")])
    ruleset = ruleset_named(scenario.ruleset)
    options = {k: tuple(v) if isinstance(v, list) else v
               for k, v in data.get("options", {}).items()}
    try:
        game = Game.from_scenario(ruleset.with_options(scenario, options), seed=data["seed"])
    except (ValueError, KeyError, TypeError) as exc:  # a combination the rules refuse
        log.warning("saved options %r refused: %r", options, exc)
        raise DataError([doc.problem(("options",), f"the game cannot start with these "
                                     f"options: {exc}")]) from None
    _replay(doc, game)
    if "snapshot" in data and snapshot(game.state, game) != data["snapshot"]:
        raise DataError([_snapshot_mismatch(doc, snapshot(game.state, game))])
    seats = Seats.from_data(data["seats"]) if "seats" in data else None
    return SavedGame(game, seats, notes)


def _snapshot_mismatch(doc: YamlDocument, reached: dict[str, Any]) -> Problem:
    """The first entry of the saved snapshot the replay does not reach, at its line (or, for
    an entry missing from the save, at the line where it belongs), saying where the actions
    ended: a snapshot edited and a list of actions cut short both show here."""
    saved = doc.data["snapshot"]
    where, value = _first_difference(reached, saved)
    words = _path_words(where)
    saved_group = saved.get(where[0]) if len(where) == 2 else saved
    reached_group = reached.get(where[0]) if len(where) == 2 else reached
    if (where and isinstance(saved_group, dict) and isinstance(reached_group, dict)
            and where[-1] not in saved_group):
        line = _line_where_missing(doc, ("snapshot", *where[:-1]), where[-1], list(reached_group))
        found = f"{words} is {value} after the replay, and the saved position does not list it"
    else:
        line = doc.line_of(("snapshot", *where))
        found = f"{words} is {value} after the replay"
    actions = doc.data["actions"]
    last = max((n for path, n in doc.lines.items() if path[:1] == ("actions",)),
               default=doc.line_of(("actions",)))
    ended = f"the {len(actions)} actions, which end on line {last}" if actions else "no actions"
    return Problem(doc.name, line, "replaying the actions does not reach the position the game "
                   f"was saved in: {found} (replayed {ended})")


def _line_where_missing(doc: YamlDocument, group: tuple[str, ...], key: str,
                        order: list[str]) -> int:
    """Where the missing entry belongs (entries are written in the order the snapshot lists
    them): at the next saved entry's line, or else just after the previous one's last line,
    or else at the mapping that lacks it."""
    at = order.index(key) if key in order else len(order)
    for other in order[at + 1:]:
        if (*group, other) in doc.lines:
            return doc.lines[(*group, other)]
    for other in reversed(order[:at]):
        inside = [n for path, n in doc.lines.items() if path[: len(group) + 1] == (*group, other)]
        if inside:
            return max(inside)
    return doc.line_of(group)


def _first_difference(reached: dict[str, Any], saved: dict[str, Any]
                      ) -> tuple[tuple[str, ...], str]:
    """The path of the first entry of the snapshot the replay does not match, and its value
    after the replay."""
    for key in (*reached, *(k for k in saved if k not in reached)):
        mine, theirs = reached.get(key), saved.get(key)
        if mine == theirs:
            continue
        if isinstance(mine, dict) and isinstance(theirs, dict):
            for inner in sorted({*mine, *theirs}):
                if mine.get(inner) != theirs.get(inner):
                    value = mine.get(inner, "not there")
                    return (key, inner), str(value)
        return (key,), str(mine)
    return (), ""


def _path_words(path: tuple[str, ...]) -> str:
    return " ".join(path) if path else "the position"


def _old_format_notes(data: dict[str, Any]) -> tuple[str, ...]:
    missing = [name for name in ("scenario_hash", "snapshot") if name not in data]
    if not missing:
        return ()
    unchecked = {"scenario_hash": "that the scenario, map and counters are the files it was "
                 "played on", "snapshot": "that the replay reaches the position it was saved in"}
    return tuple(f"This save is in an older format (version {data['version']}) without "
                 f"{name}: it was not checked {unchecked[name]}. Saving it again adds the check."
                 for name in missing)


_SCENARIO_NAME = re.compile(r"\.ya?ml$")  # as save.schema.json's scenario pattern


def _saved_ruleset(doc: YamlDocument) -> str:
    """The ruleset the saved game's scenario names (`ruleset:`), for checking its options, read
    from the scenario's first lines so the scenario is still parsed once; the tactical one when
    it names none or an unknown one (that problem is reported later)."""
    named = doc.data.get("scenario")
    if not isinstance(named, str) or not _SCENARIO_NAME.search(named):
        return "tactical"  # the schema check reports the name; no other kind of file is read
    found = ruleset_key(Path(doc.path).parent / named)
    if found is None:
        return "tactical"
    try:
        ruleset_named(found[0])
    except KeyError:
        return "tactical"
    return found[0]


def _saved_scenario(doc: YamlDocument) -> Any:
    """The scenario the save names, relative to the save. A file that is not a scenario is
    reported without quoting it: a save must not make the program show some other file."""
    from gameapp.core.datafiles import document_kind, load_scenario_document

    scenario_path = Path(doc.path).parent / doc.data["scenario"]
    where = ("scenario",)
    try:
        kind, scenario_doc = document_kind(scenario_path, hints=False)  # parsed once
    except DataError as error:
        first = error.problems[0]
        if first.file == str(scenario_path) and first.line == 1:  # missing, unreadable
            raise DataError([doc.problem(where, "the saved game's scenario cannot be loaded: "
                                         f"{first}")]) from None
        kind = "not a scenario"
    if kind != "scenario":
        raise DataError([doc.problem(where, f"the saved game's scenario cannot be loaded: "
                                     f"{scenario_path} is not a scenario file")])
    try:
        return load_scenario_document(scenario_path, scenario_doc)
    except DataError as error:
        raise DataError([doc.problem(where, "the saved game's scenario cannot be "
                                     f"loaded: {error.problems[0]}")]) from None


def _replay(doc: YamlDocument, game: Game) -> None:
    """Apply every saved action, checking it is legal and rolls the recorded dice."""
    for i, entry in enumerate(doc.data["actions"]):
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
        except Exception as exc:  # the rules tripped over a tampered action: still a DataError
            log.exception("replaying %s failed", entry["action"])
            raise DataError([doc.problem(where, "this action does not replay: the rules "
                                         f"cannot apply it ({type(exc).__name__})")]) from None


def check_save(path: str | Path) -> list[Problem]:
    """The problems of a save file, without raising. Whatever a save makes go wrong is a
    problem of that save: the caller (offering autosaves to resume) goes on to the next."""
    try:
        load_game(path)
    except DataError as error:
        return error.problems
    except Exception as exc:  # a loader bug must not lock the program into a crash loop
        log.exception("checking the save %s failed", path)
        return [Problem(str(path), 1, f"cannot be opened: {type(exc).__name__}")]
    return []
