"""Strategic scenario files (`ruleset: strategic`): read, check and place their pieces.

Two passes, as the tactical loader: the JSON Schema `strategic_scenario` (shapes and bounds on
every number), then the meaning (the map exists, every `at:` is a hex or place of it, ids are
unique, rosters and commanders name pieces of the right side). Every problem comes back in one
DataError, each with the file and line.
"""

from __future__ import annotations

import datetime
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from gameapp.core.hexgrid import Hex
from gameapp.core.numbering import HexIdError
from gameapp.core.rulesets.strategic.pieces import (
    HQ,
    Arm,
    Depot,
    Division,
    Echelon,
    Fort,
    Haul,
    Leader,
    Piece,
    Quality,
    Ship,
    Train,
    Vessel,
    counter_kind,
    ship_name,
)
from gameapp.core.rulesets.strategic.schedule import Scheduled, read_schedule
from gameapp.core.rulesets.strategic.tables import tables
from gameapp.core.rulesets.strategic.terrain import TerrainCosts
from gameapp.core.rulesets.strategic.victory import VictoryTerms, read_victory
from gameapp.core.scenario import refused_reference
from gameapp.core.theatre.file import load_theatre
from gameapp.core.theatre.theatremap import TheatreMap
from gameapp.core.units import Side
from gameapp.core.yamlsource import (
    DataError,
    Problem,
    YamlDocument,
    load_schema,
    load_yaml,
    schema_problems,
)

WEEK = datetime.timedelta(days=7)
WEEKS_A_MONTH = 4  # the monthly interphase follows every fourth week
ENEMY_ARMY = "enemy_army"  # a directive: the enemy's field army, not its capital, is the objective


@dataclass(frozen=True)
class WeeklyClock:
    """Turn 1 is the week starting `start`; a month is four weeks."""

    start: datetime.date
    turns: int
    first_turn: int = 1

    @property
    def last_turn(self) -> int:
        """The last week played (the tactical clock's name: headless play reads it)."""
        return self.first_turn + self.turns - 1

    def date_of(self, turn: int) -> datetime.date:
        return self.start + (turn - 1) * WEEK

    def time_of(self, turn: int) -> str:
        day = self.date_of(turn)
        return f"week of {day.day} {day:%b %Y}"

    def is_winter(self, turn: int) -> bool:
        """December, January and February."""
        return self.date_of(turn).month in (12, 1, 2)

    def is_high_water(self, turn: int) -> bool:
        """The weeks of April: ships pass the shoals (7.51's fourth cycle, roughly April)."""
        return self.date_of(turn).month == 4

    def ends_month(self, turn: int) -> bool:
        return turn % WEEKS_A_MONTH == 0


@dataclass(frozen=True)
class Detour:
    """A way round off the map (7.54): a unit at `departure` leaves the map for a whole turn and
    comes back at `entry`."""

    name: str
    departure: Hex
    entry: Hex


@dataclass(frozen=True)
class StrategicScenario:
    path: Path
    name: str
    map: TheatreMap
    clock: WeeklyClock
    pieces: tuple[Piece, ...]
    home: Mapping[Hex, Side]  # 3.23: each hex's side at the start (friendly territory)
    first_side: Side = Side.UNION
    initiative_bonus: Mapping[Side, int] = field(default_factory=dict)
    orders: Mapping[Side, int] = field(default_factory=dict)
    rail_capacity: Mapping[Side, int] = field(default_factory=dict)
    supply_income: Mapping[Side, int] = field(default_factory=dict)  # points a month
    rail_year: int = 1862
    counter_mix: Mapping[Side, Mapping[str, int]] = field(default_factory=dict)
    map_path: Path | None = None
    description: str = ""
    ruleset: str = "strategic"
    options: Mapping[str, object] = field(default_factory=dict)
    detours: tuple[Detour, ...] = ()
    schedule: tuple[Scheduled, ...] = ()  # reinforcements, withdrawals, leader events by week
    victory: VictoryTerms | None = None  # None: the map's victory places (R&C strategic victory)
    # what each side's government ordered its field army, for the computer player to follow
    # (docs/ai.md, "Directives"): ENEMY_ARMY or none
    directives: Mapping[Side, str] = field(default_factory=dict)

    @property
    def turns(self) -> int:
        return self.clock.turns


@cache
def _theatre(path: Path, stamp: tuple[int, int]) -> TheatreMap:
    """A theatre map compiled once per file version (the West map takes seconds)."""
    return load_theatre(path)


def theatre_at(path: Path) -> TheatreMap:
    stat = path.stat()
    return _theatre(path.resolve(), (stat.st_mtime_ns, stat.st_size))


def _theatre_map_path(doc: YamlDocument, path: Path, value: str) -> Path:
    """The theatre map the scenario names, confined as a tactical scenario's files are (a
    downloaded scenario must not make the program read a file outside the game's folders), and
    a regular file. Raises DataError at the map: line."""
    refused = refused_reference(path, value)
    target = Path(os.path.normpath(path.parent / value))
    if refused is None and not target.exists():
        refused = f"file not found: {value} (looked for {target})"
    elif refused is None and not target.is_file():
        refused = f"{value} is not a regular file (a folder, a device or a pipe)"
    if refused is not None:
        raise DataError([doc.problem(("map",), f"map: {refused}")])
    return target


def load_strategic(path: str | Path, doc: YamlDocument | None = None) -> StrategicScenario:
    """A strategic scenario; `doc`: the file already parsed, so that it is parsed once."""
    path = Path(path)
    doc = doc if doc is not None else load_yaml(path)
    problems = schema_problems(doc, load_schema("strategic_scenario"))
    if problems:
        raise DataError(problems)
    data: dict[str, Any] = doc.data
    map_path = _theatre_map_path(doc, path, data["map"])
    try:
        theatre = theatre_at(map_path)
    except OSError as error:
        raise DataError([doc.problem(("map",), f"cannot read the theatre map: {error}")]) from None
    reader = _Reader(doc, theatre)
    pieces = reader.pieces()
    home = reader.territory(data["territory"])
    detours = tuple(
        Detour(e["name"], reader.hex_of(("detours", i, "from"), e["from"]),
               reader.hex_of(("detours", i, "to"), e["to"]))
        for i, e in enumerate(data.get("detours", [])))
    reader.check_links(pieces)
    reader.check_counter_mix(pieces)
    schedule = read_schedule(reader, data)
    victory = read_victory(reader, data["victory"], pieces) if "victory" in data else None
    if reader.problems:
        raise DataError(reader.problems)
    start = datetime.date.fromisoformat(data["start"])

    def per_side(key: str, default: int) -> dict[Side, int]:
        given = data.get(key, {})
        return {side: int(given.get(side.value, default)) for side in Side}

    mix = {Side(s): dict(v) for s, v in data.get("counter_mix", {}).items()}
    return StrategicScenario(
        path=path, name=data["name"], map=theatre,
        clock=WeeklyClock(start, data["turns"]), pieces=tuple(pieces), home=home,
        first_side=Side(data.get("first_side", "union")),
        initiative_bonus=per_side("initiative_bonus", 0), orders=per_side("orders", 1),
        rail_capacity=per_side("rail_capacity", 0), supply_income=per_side("supply_income", 0),
        rail_year=data.get("rail_year", start.year), counter_mix=mix, map_path=map_path,
        description=data.get("description", ""), options=dict(data.get("options", {})),
        detours=detours, schedule=schedule, victory=victory,
        directives={Side(s): e["objective"] for s, e in data.get("directives", {}).items()})



def place_name(theatre: TheatreMap, text: str, h: Hex) -> str:
    """The place an `at:` names ('Cairo, IL': 'Cairo'), else the first named place at its
    hex `h`, else the hex id."""
    if "," in text:
        return text.rpartition(",")[0].strip()
    places = theatre.places_at(h)
    return places[0].name if places else theatre.hex_id(h)


class _Reader:
    """Turns the schema-valid entries into pieces, collecting problems with their lines."""

    def __init__(self, doc: YamlDocument, theatre: TheatreMap) -> None:
        self.doc, self.map = doc, theatre
        self.problems: list[Problem] = []
        self.where: dict[str, tuple[str | int, ...]] = {}

    def problem(self, key: tuple[str | int, ...], message: str) -> None:
        self.problems.append(self.doc.problem(key, message))

    def hex_of(self, key: tuple[str | int, ...], text: str) -> Hex:
        try:
            if "," in text:
                return self.map.place(text).hex
            h = self.map.parse(text)
        except (KeyError, HexIdError, ValueError) as error:
            self.problem(key, str(error.args[0]) if error.args else str(error))
            return Hex(0, 0)
        if not self.map.contains(h):
            self.problem(key, f"{text} is off the map")
        return h

    def place_name(self, text: str, h: Hex) -> str:
        return place_name(self.map, text, h)

    def entries(self, kind: str) -> list[tuple[tuple[str | int, ...], dict[str, Any]]]:
        found = []
        for i, entry in enumerate(self.doc.data.get(kind, [])):
            key: tuple[str | int, ...] = (kind, i)
            if entry["id"] in self.where:
                self.problem((*key, "id"), f"the id {entry['id']} is used twice")
            self.where[entry["id"]] = key
            found.append((key, entry))
        return found

    def pieces(self) -> list[Piece]:
        on_water = TerrainCosts(self.map).on_water
        found: list[Piece] = []
        for section in ("divisions", "leaders", "hqs", "trains", "depots", "ships", "forts"):
            for key, e in self.entries(section):
                at = self.hex_of((*key, "at"), e["at"])
                if section == "ships" and not on_water(at):
                    self.problem((*key, "at"), f"{e['at']} is not on navigable water: a ship "
                                 "stands on sea or lake, or by a navigable river")
                found.append(piece_from(section, e, e["id"], Side(e["side"]), at, self.map))
        return found

    def check_links(self, pieces: list[Piece]) -> None:
        """Rosters hold the HQ's own side's units in its hex; commanders are its side's leaders;
        a subordinate's superior exists."""
        by_id = {p.id: p for p in pieces}
        rostered: set[str] = set()
        for hq in (p for p in pieces if isinstance(p, HQ)):
            key = self.where[hq.id]
            boss = by_id.get(hq.commander or "")
            if hq.commander is not None and not (isinstance(boss, Leader)
                                                 and boss.side is hq.side):
                self.problem((*key, "commander"), self.wrong_reference(
                    "commander", hq.commander, f"{hq.side.value} leader", "leaders", "10.1"))
            for i, unit_id in enumerate(hq.roster):
                unit = by_id.get(unit_id)
                if not isinstance(unit, Division | Train) or unit.side is not hq.side:
                    self.problem((*key, "roster", i), self.wrong_reference(
                        "roster", unit_id, f"{hq.side.value} division or train", "divisions",
                        "16.16"))
                elif unit.hex != hq.hex:
                    self.problem((*key, "roster", i), f"{unit_id} does not stand with {hq.id}: "
                                 "a roster's units are in the HQ's hex (16.16)")
                elif unit_id in rostered:
                    self.problem((*key, "roster", i), f"{unit_id} is on two rosters")
                rostered.add(unit_id)
        for leader in (p for p in pieces if isinstance(p, Leader) and p.subordinate_to):
            if not isinstance(by_id.get(leader.subordinate_to or ""), Leader):
                self.problem((*self.where[leader.id], "subordinate_to"), self.wrong_reference(
                    "subordinate_to", leader.subordinate_to or "", "leader", "leaders", "10.1"))

    def wrong_reference(self, field: str, named: str, wanted: str, listed_in: str,
                        rule: str) -> str:
        """Why an id a field names is not the piece it must be. An id defined nowhere is said
        so plainly, with where the pieces of that kind are listed (a definition deleted or a
        name misspelt: the reference and the list are the two places to look); an id defined
        as another kind or side of piece gives the line of its definition."""
        if named in self.where:
            where = self.where[named]
            return (f"{field} names {named}, defined on line {self.doc.line_of(where)} among "
                    f"the {where[0]}, but it must be a {wanted} ({rule})")
        listed = (f"; the {listed_in} are listed from line {self.doc.line_of((listed_in,))}"
                  if (listed_in,) in self.doc.lines else "")
        return (f"{field} names {named}, but no {wanted} {named} is defined in this scenario "
                f"({rule}{listed})")

    def check_counter_mix(self, pieces: list[Piece]) -> None:
        """3.26: the counter mix is a hard limit, in the set-up as in play."""
        for side_name, mix in self.doc.data.get("counter_mix", {}).items():
            for kind, limit in mix.items():
                placed = [p for p in pieces if p.side.value == side_name
                          and counter_kind(p) == kind]
                if len(placed) > limit:
                    self.problem(self.where[placed[limit].id],
                                 f"the {side_name} counter mix has {limit} {kind}; this is "
                                 f"number {limit + 1} (3.26)")

    def territory(self, data: dict[str, Any]) -> dict[Hex, Side]:
        default = Side(data["default"])
        home = dict.fromkeys(self.map.hexes(), default)
        for side in Side:
            for i, box in enumerate(data.get(side.value, [])):
                for h in self.box(("territory", side.value, i), box):
                    home[h] = side
        return home

    def box(self, key: tuple[str | int, ...], text: str) -> list[Hex]:
        first, _, last = text.partition(":")
        corners = [self.hex_of(key, t) for t in (first, last or first)]
        if self.problems and self.problems[-1].line == self.doc.line_of(key):
            return []
        (c0, r0), (c1, r1) = (self.map.numbering.hex_to_offset(h) for h in corners)
        return [self.map.numbering.offset_to_hex(c, r)
                for c in range(min(c0, c1), max(c0, c1) + 1)
                for r in range(min(r0, r1), max(r0, r1) + 1)]


def piece_from(section: str, e: dict[str, Any], piece_id: str, side: Side, h: Hex,
               theatre: TheatreMap) -> Piece:
    """One entry of a scenario's `section` as a piece standing in `h`, with the defaults the
    schema leaves out; KeyError, ValueError or TypeError when it cannot be one (the loader
    has checked its entries first; the editor reads unsaved text)."""
    ma = tables().movement_allowance
    if section == "divisions":
        arm = Arm(e["arm"])
        return Division(piece_id, side, str(e["name"]), arm, int(e["sp"]),
                        int(e.get("ma", ma[arm.value])), h,
                        Quality(e.get("quality", "seasoned")), str(e.get("division", "")),
                        str(e.get("corps", "")))
    if section == "leaders":
        return Leader(piece_id, side, str(e["name"]), int(e["stars"]), int(e["initiative"]),
                      int(e["tactical"]), int(e["span"]), h, bool(e.get("cavalry", False)),
                      e.get("subordinate_to"), str(e.get("source", "")))
    if section == "hqs":
        roster = e.get("roster", ())
        return HQ(piece_id, side, str(e["name"]), Echelon(e["echelon"]), h, e.get("commander"),
                  tuple(str(u) for u in roster) if isinstance(roster, list) else (),
                  int(e.get("supply", 0)))
    if section == "trains":
        haul = Haul(e["haul"])
        return Train(piece_id, side, haul, h, int(e.get("supply", 0)), ma[haul.value])
    if section == "depots":
        return Depot(piece_id, side, h, int(e.get("supply", 0)))
    if section == "ships":
        vessel = Vessel(e["vessel"])
        strength = 0 if vessel is Vessel.TRANSPORT else int(e.get("strength", 4))
        capacity = int(e.get("capacity", tables().transport_capacity
                             if vessel is Vessel.TRANSPORT else 0))
        return Ship(piece_id, side, vessel, strength, h, capacity,
                    name=str(e.get("name") or ship_name(side, vessel,
                                                        place_name(theatre, str(e["at"]), h))))
    guns = e.get("guns")
    return Fort(piece_id, side, h, int(e["capacity"]), bool(e.get("fortress", False)),
                None if guns is None else int(guns))
