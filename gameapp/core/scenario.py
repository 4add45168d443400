"""Scenarios: the model of a historical setup, and loading it from YAML with file:line errors.

`load_scenario` reads a scenario file, checks it against schemas/scenario.schema.json, loads the
map and counters files it names, and then checks what a schema cannot: that every unit exists and
is placed once, that hexes are on the map, that formations suit the units, that reinforcements
arrive within the turns. The checks live in `scenariocheck.py`. Every problem of the scenario
and of the files it names is reported together in one `DataError`, each at its own file:line.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import TypeVar

from gameapp.core.counters import load_counters
from gameapp.core.hexgrid import Hex
from gameapp.core.mapcache import load_map_file
from gameapp.core.mapdata import HexMap
from gameapp.core.options import DEFAULT_OPTIONS
from gameapp.core.specialrules import SpecialRule, read_special_rules
from gameapp.core.suddendeath import SuddenDeath, read_sudden_death
from gameapp.core.units import Side, Unit, UnitDef
from gameapp.core.victorypoints import VictoryPoints, read_victory_points
from gameapp.core.yamlsource import (
    DataError,
    Problem,
    YamlDocument,
    load_schema,
    load_yaml,
    schema_problems,
)

T = TypeVar("T")



class Light(Enum):
    DAWN = "dawn"
    DAY = "day"
    DUSK = "dusk"
    TWILIGHT = "twilight"
    NIGHT = "night"


@dataclass(frozen=True)
class TurnClock:
    """Which turns the scenario has and the clock time at the start of each."""

    first_turn: int
    last_turn: int
    start_minutes: int  # clock time of the first turn, in minutes after midnight
    minutes_per_turn: int
    # (minutes after midnight, light from then on), in time order; day before the first
    light_changes: tuple[tuple[int, Light], ...] = ()

    def light_of(self, turn: int) -> Light:
        """The light in force when the turn starts (dawn, day, dusk, twilight or night)."""
        now = self.minutes_at(turn) % (24 * 60)
        light = Light.DAY
        for minutes, changed in self.light_changes:
            if minutes <= now:
                light = changed
        return light

    def minutes_at(self, turn: int) -> int:
        return self.start_minutes + (turn - self.first_turn) * self.minutes_per_turn

    def time_of(self, turn: int) -> str:
        """The clock time a turn starts, such as '3:00 pm'."""
        minutes = self.minutes_at(turn) % (24 * 60)
        hour, minute = divmod(minutes, 60)
        suffix = "am" if hour < 12 else "pm"
        return f"{(hour % 12) or 12}:{minute:02d} {suffix}"

    def contains(self, turn: int) -> bool:
        return self.first_turn <= turn <= self.last_turn


@dataclass(frozen=True)
class Reinforcement:
    turn: int
    hex: Hex
    units: tuple[Unit, ...]


@dataclass(frozen=True)
class VictoryHex:
    hex: Hex
    name: str
    points: int
    holder: Side | None = None  # who holds it at the start


@dataclass
class Scenario:
    path: Path
    name: str
    description: str
    map: HexMap
    ruleset: str
    options: dict[str, str | bool | int]  # stacking, retreat, engagement
    clock: TurnClock
    first_side: Side
    units: list[Unit]
    reinforcements: list[Reinforcement] = field(default_factory=list)
    victory_hexes: list[VictoryHex] = field(default_factory=list)
    order_of_battle: dict[str, UnitDef] = field(default_factory=dict)
    los_conventions: tuple[str, ...] = ()  # the `options.los` names, in file order
    special_rules: tuple[SpecialRule, ...] = ()
    sudden_death: tuple[SuddenDeath, ...] = ()  # conditions that end the game at once
    victory_points: VictoryPoints = field(default_factory=VictoryPoints)  # losses' worth
    map_path: Path | None = None
    counters_path: Path | None = None
    # what loads but is probably a mistake, such as a counter neither placed nor arriving
    warnings: tuple[Problem, ...] = ()

    def units_at(self, h: Hex) -> list[Unit]:
        return [u for u in self.units if u.hex == h]


def load_scenario(path: str | Path, doc: YamlDocument | None = None) -> Scenario:
    """Load and validate a scenario file. Raises DataError listing every problem found. `doc`:
    the file already parsed (`gameapp validate` reads its kind from it), so it is parsed once."""
    # scenariocheck builds the dataclasses above, so it is imported here, not at the top.
    from gameapp.core.scenariocheck import ScenarioBuilder, quote_problems, type_label

    doc = doc if doc is not None else load_yaml(path)
    if not isinstance(doc.data, dict):
        found = type_label(doc.data)
        message = f"expected a scenario (name:, map:, setup:, ...) at the top, got {found}"
        raise DataError([doc.problem((), message)])
    problems = quote_problems(doc)
    problems += schema_problems(doc, load_schema("scenario"))
    hexmap, map_path = _load_named(doc, "map", load_map_file, problems)
    oob, counters_path = _load_named(doc, "counters", load_counters, problems)
    builder = ScenarioBuilder(doc, hexmap, oob)
    built = builder.build()
    problems += builder.problems
    special: list[SpecialRule] = []
    if oob is not None:
        special, special_problems = read_special_rules(
            doc, oob, hexmap.numbering if hexmap is not None else None)
        problems += special_problems
    sudden, sudden_problems = read_sudden_death(
        doc, hexmap.numbering if hexmap is not None else None)
    problems += sudden_problems
    warnings: list[Problem] = []
    if built is not None and oob is not None:
        problems += _left_out_problems(doc, oob, built[0], built[1], warnings)
    if problems or built is None or hexmap is None or oob is None:
        raise DataError(_in_order(problems, doc.name))
    units, reinforcements, victory_hexes, clock = built
    data = doc.data
    options = data.get("options", {})
    return Scenario(
        path=Path(path),
        name=str(data["name"]),
        description=str(data.get("description", "")).strip(),
        map=hexmap,
        ruleset=str(data["ruleset"]),
        options={**DEFAULT_OPTIONS, **{k: v for k, v in options.items() if k != "los"}},
        clock=clock,
        first_side=Side(data["first_side"]),
        units=units,
        reinforcements=reinforcements,
        victory_hexes=victory_hexes,
        order_of_battle=oob,
        los_conventions=tuple(options.get("los", ())),
        special_rules=tuple(special),
        sudden_death=tuple(sudden),
        victory_points=read_victory_points(data),
        map_path=map_path,
        counters_path=counters_path,
        warnings=tuple(warnings),
    )


def _left_out_problems(
    doc: YamlDocument, oob: dict[str, UnitDef], units: list[Unit],
    reinforcements: list[Reinforcement], warnings: list[Problem],
) -> list[Problem]:
    """A counter of the order of battle that is neither placed nor arriving is a warning (a
    setup cut short loses units silently otherwise), unless `left_out` lists it. Problems: a
    `left_out` id that is not a counter, or that the scenario uses after all."""
    used = {u.id for u in units} | {u.id for group in reinforcements for u in group.units}
    listed = doc.data.get("left_out", [])
    problems = []
    for i, unit_id in enumerate(listed if isinstance(listed, list) else []):
        if unit_id not in oob:
            problems.append(doc.problem(("left_out", i), f"left_out: '{unit_id}' is not a counter "
                                        "of the counters file"))
        elif unit_id in used:
            problems.append(doc.problem(("left_out", i), f"left_out: '{unit_id}' is placed or "
                                        "arrives, so it is not left out"))
    missing = [uid for uid in oob if uid not in used and uid not in listed]
    # at the end of the lists the counter is missing from: where a file cut short was cut
    groups = doc.data.get("reinforcements")
    where: tuple[str | int, ...] = (
        ("reinforcements", len(groups) - 1) if isinstance(groups, list) and groups
        else ("setup", max(0, len(doc.data.get("setup") or []) - 1)))
    for uid in missing:
        warnings.append(doc.problem(where, f"warning: {uid} ({oob[uid].name}) of the counters "
                                    "file is neither placed in setup nor arriving as a "
                                    "reinforcement, so it will not be in the game (list it "
                                    "under left_out: if that is meant)"))
    return problems


def _load_named(
    doc: YamlDocument, key: str, loader: Callable[[Path], T], problems: list[Problem]
) -> tuple[T | None, Path | None]:
    """Load the file named by `key` (relative to the scenario); its problems keep their lines.
    Only a file inside the folders `allowed_folders` gives is read (docs/reliability.md)."""
    value = doc.data.get(key)
    if not isinstance(value, str) or not value.strip():
        return None, None
    refused = refused_reference(doc.path, value)
    if refused:
        problems.append(doc.problem((key,), f"{key}: {refused}"))
        return None, None
    target = Path(os.path.normpath(doc.path.parent / value))
    try:
        found = target.exists()
    except (OSError, ValueError):
        found = False
    if not found:
        problems.append(
            doc.problem((key,), f"{key}: file not found: {value} (looked for {target})")
        )
        return None, target
    if not target.is_file():  # a folder or a device: the line to mend is this one
        problems.append(doc.problem((key,), f"{key}: {value} is not a regular file (a folder, "
                                            "a device or a pipe)"))
        return None, target
    try:
        return loader(target), target
    except DataError as error:
        problems.extend(error.problems)
        return None, target


def allowed_folders(scenario_path: Path) -> list[Path]:
    """Where the files a scenario names may be: its own folder and the folders below it; the
    `maps/` and `counters/` folders beside its folder (the shipped layout, scenarios/ beside
    maps/ and counters/, which scenario packs copy); and the program's own maps/ and counters/."""
    here = Path(os.path.realpath(scenario_path)).parent
    folders = [here, here.parent / "maps", here.parent / "counters"]
    from gameapp import paths  # pure Python; where the program's data is

    try:
        shipped = paths.data_location()
    except paths.DataNotFoundError:  # a broken installation: the scenario's own folders only
        return folders
    folders += [Path(os.path.realpath(shipped.dir(kind))) for kind in ("maps", "counters")]
    return folders


def refused_reference(scenario_path: Path, value: str) -> str | None:
    """Why the file a scenario names may not be read, or None. A downloaded scenario must not
    make the program read (and quote in its messages) a file outside the game's folders."""
    if os.path.isabs(value) or Path(value).drive or Path(value).root:
        return (f"{value} is an absolute path: name the file relative to the scenario, such as "
                "../maps/demo.yaml")
    target = Path(os.path.realpath(Path(scenario_path).parent / value))  # symlinks followed
    folders = allowed_folders(Path(scenario_path))
    if any(target.is_relative_to(folder) for folder in folders):
        return None
    return (f"{value} is outside the folders a scenario may use: its own folder and those below "
            "it, the maps/ and counters/ folders beside its folder, and the game's own maps/ and "
            "counters/")


def _in_order(problems: list[Problem], scenario_file: str) -> list[Problem]:
    """The scenario's own problems first, by line; then each other file's, by line."""
    return sorted(problems, key=lambda p: (p.file != scenario_file, p.file, p.line))
