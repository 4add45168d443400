"""The checks of a scenario that a schema cannot make, and the building of its parts.

`ScenarioBuilder` reads a scenario document that has been checked against the schema, with its
map and order of battle (either may be None when its file had problems), and turns the setup,
reinforcements, victory hexes and turns into model objects. It records a `Problem` at the exact
line of every unknown or twice-placed unit, hex off the map, facing or formation that does not
fit, marker that does not apply and reinforcement outside the turns. It reads defensively:
values of the wrong shape have already been reported by the schema and are skipped here.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterator
from typing import Any

from gameapp.core.facing import FacingError, parse_facing
from gameapp.core.hexgrid import Hex
from gameapp.core.mapdata import HexMap
from gameapp.core.numbering import HEX_ID_PATTERN, HexIdError
from gameapp.core.scenario import Light, Reinforcement, TurnClock, VictoryHex
from gameapp.core.units import FORMATIONS_BY_KIND, Formation, Side, Status, Unit, UnitDef, UnitKind
from gameapp.core.yamlsource import JsonPath, Problem, YamlDocument

FACING_VALUES = frozenset([0, 1, 2, 3, 4, 5, "N", "NE", "E", "SE", "S", "SW", "W", "NW"])
FORMATION_VALUES = {f.value: f for f in Formation}
STATUS_VALUES = {s.value: s for s in Status}
ARTILLERY_ONLY = (Status.LOW_AMMUNITION, Status.NO_AMMUNITION)
# What reinforcements arrive in when neither the group nor the unit names a formation.
ARRIVAL_FORMATION = Formation.ROAD_COLUMN
TIME_PATTERN = re.compile(r"^([01]?\d|2[0-3]):([0-5]\d)$")

Built = tuple[list[Unit], list[Reinforcement], list[VictoryHex], TurnClock]


class ScenarioBuilder:
    def __init__(self, doc: YamlDocument, hexmap: HexMap | None, oob: dict[str, UnitDef] | None):
        self.doc = doc
        self.data: dict[str, Any] = doc.data
        self.hexmap = hexmap
        self.oob = oob
        self.problems: list[Problem] = []
        self._placed: dict[str, int] = {}  # unit id -> line of its first placement

    def build(self) -> Built | None:
        """The scenario's parts, or None when any problem was found (see `problems`)."""
        clock = self._clock()
        units = [u for u in self._setup() if u is not None]
        self._check_mixed_stacks()
        reinforcements = list(self._reinforcements(clock))
        victory_hexes = list(self._victory_hexes())
        self.problems = list(dict.fromkeys(self.problems))  # a group's problem is said once
        if self.problems or clock is None:
            return None
        return units, reinforcements, victory_hexes, clock

    # --- turns ------------------------------------------------------------------------------------
    def _clock(self) -> TurnClock | None:
        turns = self.data.get("turns")
        if not isinstance(turns, dict):
            return None
        first, last = _int(turns.get("first")), _int(turns.get("last"))
        start, minutes = turns.get("start"), _int(turns.get("minutes"))
        if first is None or last is None or minutes is None or not isinstance(start, str):
            return None
        if last < first:
            self._problem(
                ("turns", "last"), f"the last turn {last} comes before the first turn {first}"
            )
            return None
        match = TIME_PATTERN.match(start)
        if match is None:
            return None
        start_minutes = int(match[1]) * 60 + int(match[2])
        return TurnClock(first, last, start_minutes, minutes, self._light(turns))

    def _light(self, turns: dict[str, Any]) -> tuple[tuple[int, Light], ...]:
        light = turns.get("light")
        if not isinstance(light, dict):
            return ()
        changes = []
        for clock, name in light.items():
            match = TIME_PATTERN.match(str(clock))
            if match is not None and name in {v.value for v in Light}:
                changes.append((int(match[1]) * 60 + int(match[2]), Light(name)))
        return tuple(sorted(changes))

    # --- setup ------------------------------------------------------------------------------------
    def _setup(self) -> Iterator[Unit | None]:
        for i, entry in _mappings(self.data, "setup"):
            path: JsonPath = ("setup", i)
            defn = self._unit_def((*path, "unit"), entry.get("unit"))
            h = self._hex((*path, "hex"), entry.get("hex"))
            yield self._unit(path, defn, h, entry, {}, (), Formation.MOUNTED)

    def _unit(
        self,
        path: JsonPath,
        defn: UnitDef | None,
        h: Hex | None,
        entry: dict[str, Any],
        group: dict[str, Any],
        group_path: JsonPath,
        default: Formation | None,
    ) -> Unit | None:
        """One placed counter from its entry, falling back on its group's facing and formation."""
        if defn is None:
            return None
        facing = self._facing(path, defn, entry, group, group_path)
        formation = self._formation(path, defn, entry, group, group_path, default)
        status = self._status((*path, "status"), defn, entry.get("status"))
        if h is None or facing is None or formation is None or status is None:
            return None
        return Unit(defn, h, facing, formation, status)

    def _unit_def(self, path: JsonPath, unit_id: Any) -> UnitDef | None:
        if self.oob is None or not isinstance(unit_id, str):
            return None
        defn = self.oob.get(unit_id)
        if defn is None:
            guess = difflib.get_close_matches(unit_id, list(self.oob), n=1, cutoff=0.8)
            hint = f" (did you mean '{guess[0]}'?)" if guess else ""
            self._problem(
                path, f"unknown unit '{unit_id}': it is not in {self.data.get('counters')}{hint}"
            )
            return None
        line = self.doc.line_of(path)
        if unit_id in self._placed:
            self._problem(
                path, f"unit '{unit_id}' is placed twice (first on line {self._placed[unit_id]})"
            )
            return None
        self._placed[unit_id] = line
        return defn

    def _hex(self, path: JsonPath, hex_id: Any) -> Hex | None:
        if self.hexmap is None or not isinstance(hex_id, str) or not HEX_ID_PATTERN.match(hex_id):
            return None
        try:
            return self.hexmap.parse(hex_id)
        except HexIdError as exc:
            self._problem(path, str(exc))
            return None

    def _facing(
        self,
        path: JsonPath,
        defn: UnitDef,
        entry: dict[str, Any],
        group: dict[str, Any],
        group_path: JsonPath,
    ) -> int | None:
        if "facing" in entry:
            value, value_path = entry["facing"], (*path, "facing")
        elif "facing" in group:
            value, value_path = group["facing"], (*group_path, "facing")
        elif defn.kind is UnitKind.LEADER:
            return 0
        else:
            self._problem(path, f"unit '{defn.id}' needs a facing")
            return None
        if self.hexmap is None or not _is_facing(value):
            return None
        try:
            return parse_facing(value, self.hexmap.orientation)
        except FacingError as exc:
            self._problem(value_path, str(exc))
            return None

    def _formation(
        self,
        path: JsonPath,
        defn: UnitDef,
        entry: dict[str, Any],
        group: dict[str, Any],
        group_path: JsonPath,
        default: Formation | None,
    ) -> Formation | None:
        allowed = FORMATIONS_BY_KIND[defn.kind]
        if "formation" in entry:
            value, value_path = entry["formation"], (*path, "formation")
        elif "formation" in group and defn.kind is not UnitKind.LEADER:
            value, value_path = group["formation"], (*group_path, "formation")
        elif defn.kind is UnitKind.LEADER:
            return Formation.MOUNTED
        elif default is not None and default in allowed:
            return default
        else:
            self._problem(path, f"unit '{defn.id}' needs a formation")
            return None
        formation = FORMATION_VALUES.get(value) if isinstance(value, str) else None
        if formation is None:
            return None
        if formation not in allowed:
            names = [f.value for f in allowed]
            choices = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"
            self._problem(
                value_path,
                f"'{value}' is not a formation for {defn.kind.value} "
                f"(unit '{defn.id}'): use {choices}",
            )
            return None
        return formation

    def _status(self, path: JsonPath, defn: UnitDef, value: Any) -> frozenset[Status] | None:
        if value is None:
            return frozenset()
        if not isinstance(value, list) or not all(
            isinstance(v, str) and v in STATUS_VALUES for v in value
        ):
            return None
        markers = frozenset(STATUS_VALUES[v] for v in value)
        ok = True
        if {Status.SHAKEN, Status.ROUTED} <= markers:
            self._problem(path, f"unit '{defn.id}' cannot be both shaken and routed")
            ok = False
        for marker in ARTILLERY_ONLY:
            if marker in markers and defn.kind is not UnitKind.ARTILLERY:
                self._problem(
                    path,
                    f"'{marker.value}' is only for artillery, and unit "
                    f"'{defn.id}' is {defn.kind.value}",
                )
                ok = False
        return markers if ok else None

    def _check_mixed_stacks(self) -> None:
        """Counters of both sides may not start in one hex."""
        side_at: dict[str, Side] = {}
        for i, entry in _mappings(self.data, "setup"):
            unit_id, hex_id = entry.get("unit"), entry.get("hex")
            defn = self.oob.get(unit_id) if self.oob and isinstance(unit_id, str) else None
            if defn is None or not isinstance(hex_id, str):
                continue
            side = side_at.setdefault(hex_id, defn.side)
            if side is not defn.side:
                self._problem(
                    ("setup", i, "hex"),
                    f"hex {hex_id} already holds {side.label} "
                    f"units; unit '{defn.id}' is {defn.side.label}",
                )

    # --- reinforcements ---------------------------------------------------------------------------
    def _reinforcements(self, clock: TurnClock | None) -> Iterator[Reinforcement]:
        for i, group in _mappings(self.data, "reinforcements"):
            path: JsonPath = ("reinforcements", i)
            turn = _int(group.get("turn"))
            turn_ok = turn is not None
            if turn is not None and clock is not None and not clock.contains(turn):
                self._problem(
                    (*path, "turn"),
                    f"turn {turn} is outside the scenario's turns "
                    f"{clock.first_turn} to {clock.last_turn}",
                )
                turn_ok = False
            h = self._hex((*path, "hex"), group.get("hex"))
            units = []
            items = group.get("units")
            for j, item in enumerate(items if isinstance(items, list) else []):
                item_path: JsonPath = (*path, "units", j)
                if isinstance(item, str):
                    entry: dict[str, Any] = {}
                    defn = self._unit_def(item_path, item)
                elif isinstance(item, dict):
                    entry = item
                    defn = self._unit_def((*item_path, "unit"), item.get("unit"))
                else:
                    continue
                units.append(self._unit(item_path, defn, h, entry, group, path, ARRIVAL_FORMATION))
            if turn_ok and turn is not None and h is not None and units and None not in units:
                yield Reinforcement(turn, h, tuple(u for u in units if u is not None))

    # --- victory hexes ----------------------------------------------------------------------------
    def _victory_hexes(self) -> Iterator[VictoryHex]:
        first_line: dict[Hex, int] = {}
        for i, entry in _mappings(self.data, "victory_hexes"):
            path: JsonPath = ("victory_hexes", i, "hex")
            h = self._hex(path, entry.get("hex"))
            if h is None:
                continue
            if h in first_line:
                self._problem(
                    path, f"hex {entry['hex']} is already a victory hex (line {first_line[h]})"
                )
                continue
            first_line[h] = self.doc.line_of(path)
            holder = entry.get("holder")
            yield VictoryHex(
                h,
                str(entry.get("name", "")),
                _int(entry.get("points")) or 0,
                Side(holder) if holder in ("union", "confederate") else None,
            )

    def _problem(self, path: JsonPath, message: str) -> None:
        self.problems.append(self.doc.problem(path, f"{where(path)}{message}"))


def _mappings(data: dict[str, Any], key: str) -> Iterator[tuple[int, dict[str, Any]]]:
    items = data.get(key)
    if isinstance(items, list):
        for i, item in enumerate(items):
            if isinstance(item, dict):
                yield i, item


def _is_facing(value: Any) -> bool:
    """A facing value of the schema's list (which the schema has already checked)."""
    return isinstance(value, int | str) and not isinstance(value, bool) and value in FACING_VALUES


def _int(value: Any) -> int | None:
    """The value if it is an integer (and not a boolean), else None."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


# --- values that YAML 1.1 reads as numbers unless quoted ----------------------------------------
_HEX_PATHS = (("setup", "hex"), ("reinforcements", "hex"), ("victory_hexes", "hex"))


def quote_problems(doc: YamlDocument) -> list[Problem]:
    """Hex ids and clock times written without quotes become numbers (0512 is octal 330, 15:00
    is 900). Report each, and put the text back as a string so later checks can still use it."""
    problems: list[Problem] = []
    data = doc.data
    for list_key, field_key in _HEX_PATHS:
        items = data.get(list_key)
        if not isinstance(items, list):
            continue
        for i, item in enumerate(items):
            if isinstance(item, dict) and _int(item.get(field_key)) is not None:
                path: JsonPath = (list_key, i, field_key)
                text = _source_text(doc, path, r"\d+") or f"{item[field_key]:04d}"
                item[field_key] = text
                problems.append(
                    doc.problem(path, f'{where(path)}hex ids must be in quotes: write "{text}"')
                )
    turns = data.get("turns")
    if isinstance(turns, dict) and _int(turns.get("start")) is not None:
        path = ("turns", "start")
        hours, minutes = divmod(turns["start"], 60)
        text = _source_text(doc, path, r"\d+:\d+") or f"{hours}:{minutes:02d}"
        turns["start"] = text
        problems.append(doc.problem(path, f'{where(path)}times must be in quotes: write "{text}"'))
    return problems


def _source_text(doc: YamlDocument, path: tuple[str | int, ...], value_pattern: str) -> str:
    """The value as written on its line in the file, such as `0512`, or '' if not found."""
    try:
        line = doc.path.read_text(encoding="utf-8").splitlines()[doc.line_of(path) - 1]
    except (OSError, UnicodeDecodeError, IndexError):
        return ""
    match = re.search(rf"\b{path[-1]}\s*:\s*({value_pattern})", line)
    return match.group(1) if match else ""


# --- small text helpers -------------------------------------------------------------------------
def where(path: tuple[str | int, ...]) -> str:
    """A path as designers read it, such as `setup[3].hex: `, or '' for the whole file."""
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return f"{text}: " if text else ""


def type_label(value: Any) -> str:
    names = {
        bool: "a boolean",
        int: "a number",
        float: "a number",
        str: "a string",
        list: "a list",
        dict: "a mapping",
        type(None): "nothing",
    }
    return names.get(type(value), type(value).__name__)
