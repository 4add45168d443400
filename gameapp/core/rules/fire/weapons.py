"""Weapon ranges and their effect on fire points: `data/weapons.yaml`, typed and checked.

`max_range(defn)` is how far a counter fires; `range_factor(defn, hexes)` is what the range does to
its fire points (a `RangeEffect`, or None out of range); `canister_range(defn)` is how far its guns
fire canister. Artillery reads its gun letter and, where the range notes tell guns of one letter
apart, the first figure of its gun code ("1½" of "1½ R 3"), which is also the guns' fire power.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

from gameapp.core.rules.datafile import read_rules_data
from gameapp.core.units import GunType, SmallArms, UnitDef
from gameapp.core.yamlsource import DataError, Problem, YamlDocument

_FACTOR = re.compile(r"^(N|N/(\d+)|½ FP|-)$")
_HEXES = re.compile(r"^(\d+)(?:-(\d+)|(\+))?$")
_FIRE_POWER = re.compile(r"^(\d*)(½)?$")


@dataclass(frozen=True)
class RangeEffect:
    """What the range does to the fire points N: multiply by `factor`."""

    factor: Fraction
    label: str  # "N", "N/3", "½ FP (note 1)", "canister N/4"
    band: str  # "1 hex", "3-4 hexes", "25+ hexes"
    rule: str  # "Range R 3-4", "Range artillery R 9-16", "Range canister N 2"


@dataclass(frozen=True)
class Band:
    first: int
    last: int | None  # None: open ("25+")
    factor: str  # as printed: N, N/3, ½ FP, -

    def holds(self, hexes: int) -> bool:
        return self.first <= hexes and (self.last is None or hexes <= self.last)

    @property
    def printed(self) -> str:
        if self.last is None:
            return f"{self.first}+"
        return str(self.first) if self.first == self.last else f"{self.first}-{self.last}"


@dataclass(frozen=True)
class WeaponRow:
    letter: str
    name: str
    bands: tuple[Band, ...]
    max_range: int
    max_range_by_fire_power: tuple[tuple[Fraction, int], ...] = ()

    def band(self, hexes: int) -> Band | None:
        return next((b for b in self.bands if b.holds(hexes)), None)


def parse_fire_power(text: str) -> Fraction | None:
    """A printed fire power such as "1", "½" or "1½"; None when it is not one."""
    match = _FIRE_POWER.match(text.strip())
    if not match or not any(match.groups()):
        return None
    return Fraction(int(match[1] or 0)) + (Fraction(1, 2) if match[2] else 0)


def fire_power(defn: UnitDef) -> Fraction:
    """Fire power per SP: the counter's figure, or for guns the gun code's first figure."""
    if defn.gun is not None and defn.gun_label:
        printed = parse_fire_power(defn.gun_label.split()[0])
        if printed is not None:
            return printed
    return Fraction(defn.fire_power).limit_denominator(1000)


# --- loading -------------------------------------------------------------------------------
_STR: dict[str, Any] = {"type": "string"}
_FACTOR_CELL = {"type": "string", "pattern": _FACTOR.pattern,
                "description": "a range factor: N, N/<divisor>, '½ FP' or '-'"}
_BAND = {"type": "object", "additionalProperties": False, "required": ["hexes", "factor"],
         "properties": {"hexes": {"type": "string", "pattern": _HEXES.pattern,
                                  "description": "a band of hexes: '2', '3-4' or '25+'"},
                        "factor": _FACTOR_CELL}}
_MAX = {"oneOf": [
    {"type": "integer", "minimum": 1},
    {"type": "object", "additionalProperties": False, "required": ["default", "by_fire_power"],
     "properties": {"default": {"type": "integer", "minimum": 1},
                    "by_fire_power": {"type": "object",
                                      "additionalProperties": {"type": "integer", "minimum": 1}}}},
]}
_WEAPON = {"type": "object", "additionalProperties": False,
           "required": ["name", "max_range", "bands"],
           "properties": {"name": _STR, "max_range": _MAX,
                          "bands": {"type": "array", "minItems": 1, "items": _BAND}}}


def _section(letters: list[str]) -> dict[str, Any]:
    return {"type": "object", "additionalProperties": False, "required": letters,
            "properties": {k: _WEAPON for k in letters}}


_SCHEMA = {"type": "object", "additionalProperties": False,
           "required": ["small_arms", "artillery", "canister"],
           "properties": {
               "small_arms": _section([w.value for w in SmallArms]),
               "artillery": _section([g.value for g in GunType]),
               "canister": {"type": "object", "additionalProperties": False,
                            "properties": {g.value: {"type": "array", "minItems": 1,
                                                     "items": _FACTOR_CELL} for g in GunType}},
           }}


def _row(doc: YamlDocument, section: str, letter: str, problems: list[Problem]) -> WeaponRow:
    data = doc.data[section][letter]
    bands, expected = [], 1
    for i, cell in enumerate(data["bands"]):
        match = _HEXES.match(cell["hexes"])
        assert match is not None  # the schema checked the pattern
        first = int(match[1])
        last = None if match[3] else int(match[2] or first)
        where = (section, letter, "bands", i)
        if first != expected or (last is not None and last < first):
            problems.append(doc.problem(where, f"band '{cell['hexes']}' should start at {expected}"
                                        " and not end before it starts"))
        if last is None and i != len(data["bands"]) - 1:
            problems.append(doc.problem(where, "only the last band may be open ('25+')"))
        bands.append(Band(first, last, cell["factor"]))
        expected = (last or first) + 1
    maximum = data["max_range"]
    by_fp: list[tuple[Fraction, int]] = []
    if isinstance(maximum, dict):
        for text, hexes in maximum["by_fire_power"].items():
            value = parse_fire_power(text)
            if value is None:
                problems.append(doc.problem((section, letter, "max_range", "by_fire_power", text),
                                            f"'{text}' is not a fire power such as 1 or 1½"))
            else:
                by_fp.append((value, hexes))
        maximum = maximum["default"]
    row = WeaponRow(letter, data["name"], tuple(bands), maximum, tuple(by_fp))
    for hexes in sorted({maximum, *(h for _, h in by_fp)}):
        reach = [row.band(d) for d in range(1, hexes + 1)]
        if any(b is None or b.factor == "-" for b in reach):
            problems.append(doc.problem((section, letter, "max_range"), f"a maximum range of "
                                        f"{hexes} reaches hexes that have no range factor"))
    return row


class WeaponTables:
    """The weapon range chart and the canister chart."""

    def __init__(self, source: str | Path | None = None) -> None:
        doc = read_rules_data("weapons.yaml", _SCHEMA, source)
        problems: list[Problem] = []
        self.small_arms = {SmallArms(k): _row(doc, "small_arms", k, problems)
                           for k in doc.data["small_arms"]}
        self.artillery = {GunType(k): _row(doc, "artillery", k, problems)
                          for k in doc.data["artillery"]}
        self.canister = {GunType(k): tuple(v) for k, v in doc.data["canister"].items()}
        for gun, cells in self.canister.items():
            if "-" in cells:
                problems.append(doc.problem(("canister", gun.value),
                                            "canister factors may not be '-': shorten the list"))
        if problems:
            raise DataError(sorted(problems, key=lambda p: p.line))

    def row(self, defn: UnitDef) -> WeaponRow | None:
        if defn.gun is not None:
            return self.artillery[defn.gun]
        return self.small_arms[defn.weapon] if defn.weapon is not None else None

    def max_range(self, defn: UnitDef) -> int:
        row = self.row(defn)
        if row is None:
            return 0
        if defn.gun is not None:
            own = fire_power(defn)
            for value, hexes in row.max_range_by_fire_power:
                if value == own:
                    return hexes
        return row.max_range

    def canister_range(self, defn: UnitDef) -> int:
        return len(self.canister.get(defn.gun, ())) if defn.gun is not None else 0

    def range_factor(self, defn: UnitDef, distance: int, canister: bool = False
                     ) -> RangeEffect | None:
        if distance < 1:
            return None
        if canister:
            cells = self.canister.get(defn.gun, ()) if defn.gun is not None else ()
            if distance > len(cells) or defn.gun is None:
                return None
            band = "1 hex" if distance == 1 else f"{distance} hexes"
            factor = _factor(cells[distance - 1], defn)
            return RangeEffect(factor, f"canister {cells[distance - 1]}", band,
                               f"Range canister {defn.gun.value} {distance}")
        row = self.row(defn)
        if row is None or distance > self.max_range(defn):
            return None
        found = row.band(distance)
        if found is None or found.factor == "-":
            return None
        label = "½ FP (note 1)" if found.factor == "½ FP" else found.factor
        band = "1 hex" if found.printed == "1" else f"{found.printed} hexes"
        kind = "Range artillery" if defn.gun is not None else "Range"
        return RangeEffect(_factor(found.factor, defn), label, band,
                           f"{kind} {row.letter} {found.printed}")


def _factor(cell: str, defn: UnitDef) -> Fraction:
    """N -> 1, N/3 -> 1/3; '½ FP' replaces the counter's fire power by ½ (range note 1)."""
    if cell == "N":
        return Fraction(1)
    if cell == "½ FP":
        return Fraction(1, 2) / fire_power(defn)
    return Fraction(1, int(cell.split("/")[1]))


@cache
def weapon_tables() -> WeaponTables:
    """The packaged weapon tables, read once."""
    return WeaponTables()


def max_range(defn: UnitDef) -> int:
    """How far the counter fires: small arms by weapon letter, guns by letter and gun code.

    0 for a counter with neither small arms nor guns (leaders).
    """
    return weapon_tables().max_range(defn)


def range_factor(defn: UnitDef, distance: int, canister: bool = False) -> RangeEffect | None:
    """The range effect on fire points at `distance` hexes; None out of range, or for canister
    beyond the canister range or from guns that fire none."""
    return weapon_tables().range_factor(defn, distance, canister)


def canister_range(defn: UnitDef) -> int:
    """How far the counter's guns fire canister: 4 for H, G, N and R; 0 otherwise."""
    return weapon_tables().canister_range(defn)
