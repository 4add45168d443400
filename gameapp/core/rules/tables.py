"""Typed access to the tactical tables: `data/terrain_effects.yaml` and `data/movement.yaml`.

Both files are read once (`terrain_effects()`, `movement_tables()`) and checked against schemas
built here from the terrain and unit enums, so a row missing from the chart, an unknown row or a
malformed cell raises `DataError` with `file:line`. Entries carry a `rule` string for breakdowns
("TEC woods", "TEC N12", "MPA exhaustion 5–8").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from gameapp.core.fastenum import FastHashEnum
from gameapp.core.rules.datafile import obj, read_text
from gameapp.core.terrain import HexFeature, HexsideFeature, RoadGrade, Slope, Terrain
from gameapp.core.units import Side, UnitKind
from gameapp.core.yamlsource import (
    DataError,
    Problem,
    YamlDocument,
    compose,
    parse_yaml,
    schema_problems,
)

_PLUS = re.compile(r"^\+(\d+)$")


class MoverClass(FastHashEnum):
    """The movement columns of the terrain effects chart, in chart order."""

    INFANTRY_LINE = "infantry_line"
    INFANTRY_COLUMN = "infantry_column"
    CAVALRY_LINE = "cavalry_line"
    CAVALRY_COLUMN = "cavalry_column"
    ARTILLERY = "artillery"


_MOVER_INDEX = {m: i for i, m in enumerate(MoverClass)}


class Edition(FastHashEnum):
    SHARPSBURG = "sharpsburg"
    ROAD_TO_WASHINGTON = "r_to_w"


class Section(Enum):
    HEX = "hexes"
    SLOPE = "slopes"
    HEXSIDE = "hexsides"
    ROAD = "roads"
    FEATURE = "features"


class Touch(Enum):
    """The part of the rules a chart note bears on."""

    MOVEMENT = "movement"
    STACKING = "stacking"
    FIRE = "fire"
    LOS = "los"
    CHARGE = "charge"


class CommandLevel(FastHashEnum):
    BRIGADE = "brigade"
    DIVISION = "division"
    CORPS = "corps"


class Change(FastHashEnum):
    """Formation, facing and cover changes priced by the movement chart."""

    COLUMN_LINE = "column_line"  # also forming or leaving square or general order
    LIMBER_UNLIMBER = "limber_unlimber"
    ROAD_COLUMN = "road_column"
    EXTEND_LINE = "extend_line"
    DISMOUNT = "dismount"
    REMOUNT = "remount"
    FACING_UP_TO_60 = "facing_up_to_60"
    FACING_OVER_60_UNDER_180 = "facing_over_60_under_180"
    FACING_180_OPEN = "facing_180_open"
    FACING_180_CLOSED = "facing_180_closed"
    COVER = "cover"
    STACKING_ORDER = "stacking_order"
    ENEMY_FRONT = "enemy_front"


@dataclass(frozen=True)
class Cost:
    """A movement cell: MPs to enter (N11), an addition ("+n"), P, NE, or as per road."""

    value: int = 0
    additive: bool = False
    prohibited: bool = False
    no_effect: bool = False  # NE: adds nothing (additive is True too)
    as_per_road: bool = False
    rule: str = ""

    def __str__(self) -> str:
        if self.prohibited or self.no_effect or self.as_per_road:
            return "P" if self.prohibited else "NE" if self.no_effect else "as per road"
        return f"+{self.value}" if self.additive else str(self.value)


@dataclass(frozen=True)
class Effect:
    """An SL, FL or modifier cell: a number, an addition to the limit ("+n"), or NE (None)."""

    value: int | None = None
    additive: bool = False

    @property
    def no_effect(self) -> bool:
        return self.value is None

    def __str__(self) -> str:
        if self.value is None:
            return "NE"
        return f"+{self.value}" if self.additive else str(self.value)


@dataclass(frozen=True)
class Pair:
    standing: Effect
    covered: Effect


@dataclass(frozen=True)
class RoadStacking:
    """N9: road-formation SL in infantry SPs and in guns; cavalry gets half the infantry."""

    infantry: int
    guns: int

    @property
    def cavalry(self) -> float:
        return self.infantry / 2


@dataclass(frozen=True)
class TerrainEntry:
    key: str  # the vocabulary label: "woods", "stone wall", "steep up", "pike", "bridge"
    section: Section
    editions: frozenset[Edition]
    notes: tuple[int, ...]  # the row's notes and its section heading's
    costs: tuple[Cost, ...]  # in MoverClass order
    stacking: Effect  # NE on roads: see road_stacking
    road_stacking: RoadStacking | None
    firing_limit: Pair
    fire_modifier: Pair
    gun_firing_limit: int | None = None  # N1's fixed figure where the note names one
    doubled_in_fire_field: bool = False  # N12
    ignores_slopes: bool = False  # N14, N15
    mpa_bonus: int = 0  # N14

    @property
    def rule(self) -> str:
        return f"TEC {self.key}"

    def move_cost(self, mover: MoverClass | str) -> Cost:
        return self.costs[_MOVER_INDEX[MoverClass(mover)]]

    def in_edition(self, edition: Edition | str) -> bool:
        return Edition(edition) in self.editions


@dataclass(frozen=True)
class Note:
    number: int
    text: str
    touches: frozenset[Touch]

    @property
    def rule(self) -> str:
        return f"TEC N{self.number}"


@dataclass(frozen=True)
class Adjustment:
    """An MPA change; `charge_bonus` False withholds the final charge bonus."""

    mp: int = 0
    rule: str = ""
    charge_bonus: bool = True


NO_ADJUSTMENT = Adjustment()  # frozen: one shared value for "no change", asked for very often


@dataclass(frozen=True)
class ChangeCost:
    change: Change
    mp: int | None  # None: a column's cost to enter (extend line), or no MPs (enemy front)
    in_fire_field_mp: int | None = None  # the chart's own figure inside a field of fire
    doubled_in_fire_field: bool = False
    column_cost: bool = False
    morale_check: bool = False
    rule: str = ""

    def cost(self, *, in_fire_field: bool = False, column_entry_cost: int | None = None) -> int:
        if self.column_cost:
            if column_entry_cost is None:
                raise ValueError(f"{self.rule}: needs the column's cost to enter the hex")
            return column_entry_cost
        if in_fire_field and self.in_fire_field_mp is not None:
            return self.in_fire_field_mp
        base = self.mp or 0
        return base * 2 if in_fire_field and self.doubled_in_fire_field else base


# --- schemas, built from the vocabulary so the data must name every row -----------------------
_INT: dict[str, Any] = {"type": "integer"}
_BOOL: dict[str, Any] = {"type": "boolean"}
_STR: dict[str, Any] = {"type": "string"}
_INTS: dict[str, Any] = {"type": "array", "items": _INT}
_MOVE_CELL = {"type": ["integer", "string"], "minimum": 0, "pattern": r"^(\+\d+|P|NE|as per road)$",
              "description": "MPs (10), an addition ('+5'), P, NE or 'as per road'"}
_CELL = {"type": ["integer", "string"], "pattern": r"^(\+\d+|NE)$",
         "description": "a number, an addition ('+2') or NE"}
_PAIR = obj({"standing": _CELL, "covered": _CELL})
_ROW = obj({
    "editions": {"type": "array", "minItems": 1, "items": {"enum": [e.value for e in Edition]}},
    "notes": _INTS,
    "move": {**obj({m.value: _MOVE_CELL for m in MoverClass}), **_MOVE_CELL,
             "type": ["integer", "string", "object"]},
    "sl": _CELL, "road_sl": obj({"infantry": _INT, "guns": _INT}),
    "fl": _PAIR, "fire_mod": _PAIR, "gun_fl": _INT,
    "doubled_in_fire_field": _BOOL, "ignores_slopes": _BOOL, "mpa_bonus": _INT,
}, optional=("notes", "sl", "road_sl", "gun_fl", "doubled_in_fire_field", "ignores_slopes",
             "mpa_bonus"))
_ROW_KEYS: dict[Section, list[str]] = {
    Section.HEX: [t.label for t in Terrain],
    Section.SLOPE: [s.label for s in Slope if s is not Slope.LEVEL],
    Section.HEXSIDE: [f.label for f in HexsideFeature if f not in (0, HexsideFeature.BRIDGE)],
    Section.ROAD: [*(g.label for g in RoadGrade if g.value), "bridge"],
    Section.FEATURE: [f.label for f in HexFeature if f.value],
}
_TERRAIN_SCHEMA = obj({
    "gun_fl_factor": _INT, "cavalry_sp_weight": _INT,
    "column_notes": obj({"sl": _INTS, "fl": _INTS, "fire_mod": _INTS}),
    **{s.value: obj({"notes": _INTS, "entries": obj({k: _ROW for k in _ROW_KEYS[s]})})
       for s in Section},
    "notes": {"type": "object", "additionalProperties": False, "patternProperties": {
        r"^N\d+$": obj({"text": _STR, "touches": {"type": "array",
                                                  "items": {"enum": [t.value for t in Touch]}}}),
    }},
})
_BY_EDITION = obj({e.value: _INT for e in Edition})
_LEVELS = {"type": "array", "items": _INT, "minItems": 2, "maxItems": 2}
_EXHAUSTION = obj({"levels": _LEVELS, "infantry": _INT, "cavalry": _INT, "charge_bonus": _BOOL})
_COMMAND = obj({"beyond": _INT, "infantry_artillery": _INT, "cavalry": _INT})
_MP = {"type": ["integer", "string"], "pattern": "^(column cost|morale check)$",
       "description": "MPs, 'column cost' or 'morale check'"}
_MOVEMENT_SCHEMA = obj({
    "allowances": obj({k: _BY_EDITION for k in ("infantry", "cavalry_and_officers",
                        "limbered_artillery", "limbered_horse_artillery", "horse_holders")}),
    "status": obj({"shaken_may_spend_mps": _BOOL, "routed_rout_movement_only": _BOOL}),
    "exhaustion": {"type": "array", "items": _EXHAUSTION},
    "command_control": obj({
        "exempt": {"type": "array", "items": {
            "enum": ["detachments", "csa_cavalry", "regular_us_cavalry"]}},
        **{c.value: {"type": "array", "items": _COMMAND} for c in CommandLevel},
    }),
    "final": obj({"charge_bonus": obj({"infantry": _INT, "cavalry": _INT}),
                   "double_movement_factor": _INT, "double_movement_with_charge": _BOOL}),
    "changes": obj({c.value: obj(
        {"mp": _MP, "in_fire_field_mp": _INT, "doubled_in_fire_field": _BOOL, "rule": _STR},
        optional=("in_fire_field_mp", "doubled_in_fire_field", "rule"),
    ) for c in Change}),
})


def _load(source: str | Path | None, name: str, schema: dict[str, Any]) -> YamlDocument:
    """Parse, reject unquoted "+n" (YAML would read it as n, losing the chart's "add"), validate."""
    text, path = read_text(name, source)
    doc = parse_yaml(text, path)
    problems, stack = [], [compose(text)]
    while stack:
        node = stack.pop()
        if isinstance(node, yaml.ScalarNode) and not node.style and node.value.startswith("+"):
            message = f"quote the addition '{node.value}': unquoted, YAML reads it as a number"
            problems.append(Problem(path, node.start_mark.line + 1, message))
        elif isinstance(node, yaml.MappingNode | yaml.SequenceNode):
            for item in node.value:
                stack.extend(item if isinstance(item, tuple) else [item])
    problems += schema_problems(doc, schema)
    if problems:
        raise DataError(sorted(problems, key=lambda p: p.line))
    return doc


def _cost(cell: int | str, rule: str) -> Cost:
    if isinstance(cell, int):
        return Cost(cell, rule=rule)
    plus = _PLUS.match(cell)
    if plus:
        return Cost(int(plus[1]), additive=True, rule=rule)
    return Cost(additive=cell == "NE", prohibited=cell == "P", no_effect=cell == "NE",
                as_per_road=cell == "as per road", rule=rule)


def _effect(cell: int | str, plus_adds: bool = True) -> Effect:
    plus = _PLUS.match(cell) if isinstance(cell, str) else None
    if plus:
        return Effect(int(plus[1]), additive=plus_adds)
    return Effect(cell if isinstance(cell, int) else None)


def _pair(data: dict[str, Any], plus_adds: bool = True) -> Pair:
    return Pair(_effect(data["standing"], plus_adds), _effect(data["covered"], plus_adds))


def _entry(section: Section, key: str, row: dict[str, Any], heading: list[int]) -> TerrainEntry:
    move, rule = row["move"], f"TEC {key}"
    cells = [move[m.value] for m in MoverClass] if isinstance(move, dict) else [move] * 5
    road_sl = row.get("road_sl")
    return TerrainEntry(
        key=key, section=section, editions=frozenset(Edition(e) for e in row["editions"]),
        notes=tuple(sorted({*heading, *row.get("notes", [])})),
        costs=tuple(_cost(c, rule) for c in cells),
        stacking=_effect(row.get("sl", "NE"), plus_adds=False),
        road_stacking=RoadStacking(road_sl["infantry"], road_sl["guns"]) if road_sl else None,
        firing_limit=_pair(row["fl"]), fire_modifier=_pair(row["fire_mod"], plus_adds=False),
        gun_firing_limit=row.get("gun_fl"),
        doubled_in_fire_field=row.get("doubled_in_fire_field", False),
        ignores_slopes=row.get("ignores_slopes", False), mpa_bonus=row.get("mpa_bonus", 0),
    )


def _single(flag: HexsideFeature | HexFeature) -> str:
    if not flag.value or flag.value & (flag.value - 1):
        raise KeyError(f"expected one feature, got {flag!r}; the *_entries lookups take several")
    return flag.label


class TerrainEffects:
    """The terrain effects chart: one entry per row, and the chart's notes."""

    def __init__(self, source: str | Path | None = None) -> None:
        doc = _load(source, "terrain_effects.yaml", _TERRAIN_SCHEMA)
        data = doc.data
        self.gun_fl_factor: int = data["gun_fl_factor"]
        self.cavalry_sp_weight: int = data["cavalry_sp_weight"]
        self.column_notes = {k: tuple(v) for k, v in data["column_notes"].items()}  # sl/fl/mods
        self.notes = {int(k[1:]): Note(int(k[1:]), v["text"], frozenset(map(Touch, v["touches"])))
                      for k, v in data["notes"].items()}
        self._entries = {s: {k: _entry(s, k, row, data[s.value]["notes"])
                             for k, row in data[s.value]["entries"].items()} for s in Section}
        problems = []
        for s, entries in self._entries.items():
            for k, e in entries.items():
                where = (s.value, "entries", k)
                if (e.road_stacking is None) == ("sl" not in data[s.value]["entries"][k]):
                    problems.append(doc.problem(where, "give exactly one of 'sl' and 'road_sl'"))
                problems += [doc.problem((*where, "notes"), f"note N{n} is not under 'notes'")
                             for n in e.notes if n not in self.notes]
        if problems:
            raise DataError(problems)

    def entries(self, section: Section) -> list[TerrainEntry]:
        return list(self._entries[section].values())

    def terrain_entry(self, terrain: Terrain) -> TerrainEntry:
        return self._entries[Section.HEX][Terrain(terrain).label]

    def slope_entry(self, slope: Slope) -> TerrainEntry:
        if slope is Slope.LEVEL:
            raise KeyError("a level hexside has no slope row")
        return self._entries[Section.SLOPE][Slope(slope).label]

    def hexside_entry(self, feature: HexsideFeature) -> TerrainEntry:
        """One hexside feature's row; a bridge answers with the bridge row of the road section."""
        if feature is HexsideFeature.BRIDGE:
            return self.bridge_entry()
        return self._entries[Section.HEXSIDE][_single(feature)]

    def hexside_entries(self, features: HexsideFeature) -> list[TerrainEntry]:
        return [self.hexside_entry(f) for f in HexsideFeature if f.value and f in features]

    def road_entry(self, grade: RoadGrade) -> TerrainEntry:
        if grade is RoadGrade.NONE:
            raise KeyError("no road")
        return self._entries[Section.ROAD][RoadGrade(grade).label]

    def bridge_entry(self) -> TerrainEntry:
        return self._entries[Section.ROAD]["bridge"]

    def feature_entry(self, feature: HexFeature) -> TerrainEntry:
        return self._entries[Section.FEATURE][_single(feature)]

    def feature_entries(self, features: HexFeature) -> list[TerrainEntry]:
        return [self.feature_entry(f) for f in HexFeature if f.value and f in features]

    def gun_firing_limit(self, entry: TerrainEntry) -> int | None:
        """N1: guns fire up to the factor times the standing FL, or the row's fixed figure."""
        if entry.gun_firing_limit is not None:
            return entry.gun_firing_limit
        standing = entry.firing_limit.standing
        if standing.value is None or standing.additive:
            return None
        return standing.value * self.gun_fl_factor


Steps = tuple[tuple[int, dict[UnitKind, Adjustment]], ...]  # (threshold, adjustment by kind)


def _steps(rows: list[dict[str, Any]], rule: str) -> Steps:
    """Exhaustion rows start at their lowest level; command rows at the distance they exceed."""
    steps = []
    for row in rows:
        if "beyond" in row:
            low, text, bonus = row["beyond"], f"{rule} >{row['beyond']}", True
            inf = art = row["infantry_artillery"]
        else:
            low, text, bonus = row["levels"][0], f"{rule} {row['levels'][0]}–{row['levels'][1]}", \
                row.get("charge_bonus", True)
            inf, art = row["infantry"], None
        mps = {UnitKind.INFANTRY: inf, UnitKind.ARTILLERY: art, UnitKind.CAVALRY: row["cavalry"]}
        adjustments = {k: Adjustment(v, text, bonus) for k, v in mps.items() if v is not None}
        steps.append((low, adjustments))
    return tuple(sorted(steps, key=lambda step: step[0]))


class MovementTables:
    """Movement allowances, their adjustments, and the formation/facing/cover change costs."""

    def __init__(self, source: str | Path | None = None) -> None:
        data = _load(source, "movement.yaml", _MOVEMENT_SCHEMA).data
        self.allowances: dict[str, dict[Edition, int]] = {
            k: {Edition(e): v for e, v in row.items()}
            for k, row in data["allowances"].items()}
        self.shaken_may_spend_mps: bool = data["status"]["shaken_may_spend_mps"]
        self.routed_rout_movement_only: bool = data["status"]["routed_rout_movement_only"]
        self.exhaustion = _steps(data["exhaustion"], "MPA exhaustion")
        cc = data["command_control"]
        self.command = {c: _steps(cc[c.value], f"MPA command control {c.value}")
                        for c in CommandLevel}
        self.exempt = frozenset(cc["exempt"])
        final = data["final"]
        self.charge_bonuses: dict[UnitKind, int] = {
            UnitKind(k): v for k, v in final["charge_bonus"].items()}
        self.double_movement_factor: int = final["double_movement_factor"]
        self.double_movement_with_charge: bool = final["double_movement_with_charge"]
        self.changes: dict[Change, ChangeCost] = {}
        for key, row in data["changes"].items():
            mp, label = row["mp"], key.replace("_", " ")
            self.changes[Change(key)] = ChangeCost(
                Change(key), mp if isinstance(mp, int) else None, row.get("in_fire_field_mp"),
                row.get("doubled_in_fire_field", False), column_cost=mp == "column cost",
                morale_check=mp == "morale check",
                rule=f"{row['rule']} {label}" if "rule" in row else f"MPA changes {label}",
            )

    def movement_allowance(self, kind: UnitKind, edition: Edition | str,
                           horse_artillery: bool = False, horse_holders: bool = False) -> int:
        if horse_artillery and kind is not UnitKind.ARTILLERY:
            raise ValueError("only artillery can be horse artillery")
        if horse_holders and kind is not UnitKind.CAVALRY:
            raise ValueError("only cavalry leaves horse holders")
        row = {UnitKind.INFANTRY: "infantry", UnitKind.ARTILLERY: "limbered_artillery"}.get(
            kind, "cavalry_and_officers")
        if horse_artillery or horse_holders:
            row = "limbered_horse_artillery" if horse_artillery else "horse_holders"
        return self.allowances[row][edition if isinstance(edition, Edition) else Edition(edition)]

    def exhaustion_adjustment(self, kind: UnitKind, level: int) -> Adjustment:
        """Levels past the last row use the last row; artillery and officers are not changed."""
        found = [by_kind for low, by_kind in self.exhaustion if level >= low]
        return found[-1].get(kind, NO_ADJUSTMENT) if found else NO_ADJUSTMENT

    def command_control_adjustment(self, level: CommandLevel, distance_mp: int,
                                   kind: UnitKind) -> Adjustment:
        """The farthest row of `level` whose distance is exceeded; officers are not changed."""
        rows = self.command[level if isinstance(level, CommandLevel) else CommandLevel(level)]
        found = [by_kind for low, by_kind in rows if distance_mp > low]
        return found[-1].get(kind, NO_ADJUSTMENT) if found else NO_ADJUSTMENT

    def command_control_exempt(self, kind: UnitKind, side: Side, *, detachment: bool = False,
                               regular: bool = False) -> bool:
        """Detachments, Confederate cavalry and regular Union cavalry ignore command control."""
        cavalry = kind is UnitKind.CAVALRY
        return (
            (detachment and "detachments" in self.exempt)
            or (cavalry and side is Side.CONFEDERATE and "csa_cavalry" in self.exempt)
            or (cavalry and side is Side.UNION and regular and "regular_us_cavalry" in self.exempt)
        )

    def charge_bonus(self, kind: UnitKind) -> int:
        return self.charge_bonuses.get(kind, 0)

    def change(self, change: Change | str) -> ChangeCost:
        return self.changes[change if isinstance(change, Change) else Change(change)]

    def change_cost(self, change: Change | str, *, in_fire_field: bool = False,
                    column_entry_cost: int | None = None) -> int:
        return self.change(change).cost(in_fire_field=in_fire_field,
                                        column_entry_cost=column_entry_cost)

    def facing_change(self, steps: int, *, artillery: bool = False, road_column: bool = False,
                      covered: bool = False) -> ChangeCost:
        """A turn of `steps` hexsides (60° each, either way; 3 is an about-face)."""
        steps = min(abs(steps) % 6, 6 - abs(steps) % 6)
        if steps <= 1:
            return self.change(Change.FACING_UP_TO_60)
        if steps == 2:
            return self.change(Change.FACING_OVER_60_UNDER_180)
        closed = artillery or road_column or covered
        return self.change(Change.FACING_180_CLOSED if closed else Change.FACING_180_OPEN)


@cache
def terrain_effects() -> TerrainEffects:
    """The packaged terrain effects chart, read once."""
    return TerrainEffects()


@cache
def movement_tables() -> MovementTables:
    """The packaged movement tables, read once."""
    return MovementTables()


def terrain_entry(terrain: Terrain) -> TerrainEntry:
    return terrain_effects().terrain_entry(terrain)


def hexside_entry(feature: HexsideFeature) -> TerrainEntry:
    return terrain_effects().hexside_entry(feature)


def slope_entry(slope: Slope) -> TerrainEntry:
    return terrain_effects().slope_entry(slope)


def road_entry(grade: RoadGrade) -> TerrainEntry:
    return terrain_effects().road_entry(grade)


def feature_entry(feature: HexFeature) -> TerrainEntry:
    return terrain_effects().feature_entry(feature)


def movement_allowance(kind: UnitKind, edition: Edition | str, horse_artillery: bool = False,
                       horse_holders: bool = False) -> int:
    return movement_tables().movement_allowance(kind, edition, horse_artillery, horse_holders)
