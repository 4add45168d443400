"""The charge tables: `data/charge.yaml`, typed and checked.

`charge_tables()` reads the packaged file once. A malformed file raises `DataError` with
`file:line`: a figure that is not a number, odds columns out of order, an effect that is not AR,
NE, nA or nD, an unknown terrain name. `round_sps` is the chart's rounding rule.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from functools import cache
from itertools import pairwise
from pathlib import Path
from typing import Any

from gameapp.core.rules.datafile import obj, parse_figure, read_rules_data
from gameapp.core.terrain import TERRAIN_BY_LABEL, Terrain
from gameapp.core.yamlsource import DataError

_NUMBER = re.compile(r"^(?:(\d+)/(\d+)|(\d*)([¼½¾])?)$")
_VULGAR = {"¼": Fraction(1, 4), "½": Fraction(1, 2), "¾": Fraction(3, 4)}
_ODDS = re.compile(r"^(<)?(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)$")
_EFFECT = re.compile(r"^(?:AR|NE|(\d+)([AD]))$")


class Half(Enum):
    """What the rounding rule does with a fraction of exactly ½ (the seed is silent)."""

    KEEP = "keep"
    UP = "up"
    DOWN = "down"


class Loser(Enum):
    """Which side's units lose morale by an odds column."""

    ATTACKER = "A"
    DEFENDER = "D"


@dataclass(frozen=True)
class Factor:
    factor: Fraction
    rule: str
    attacker_lower: bool = False  # the terrain chart's "*"


@dataclass(frozen=True)
class OddsColumn:
    label: str  # as printed: "<1-3", "1-1.5", "2-1"
    ratio: Fraction  # the lowest attacker:defender ratio of the column (0 for the first)
    attacker_routs: bool  # AR
    loser: Loser | None  # None: NE or AR
    points: int  # morale points the loser's units subtract

    @property
    def effect(self) -> str:
        if self.attacker_routs:
            return "AR"
        return "NE" if self.loser is None else f"{self.points}{self.loser.value}"


# --- schema ----------------------------------------------------------------------------------
_STR: dict[str, Any] = {"type": "string"}
_FIG = {"type": "string", "pattern": _NUMBER.pattern,
        "description": "a figure written as a string: '2', '½', '1½' or '1/3'"}
_FACTOR = obj({"factor": _FIG, "rule": _STR})
_TERRAIN_ROW = obj({"factor": _FIG, "attacker_lower": {"type": "boolean"}, "rule": _STR})
_PER = obj({"per": {"type": "integer", "minimum": 1}, "rule": _STR})
_SCHEMA = obj({
    "formation": obj({k: _FACTOR for k in ("attacker_column", "defender_road_column",
                                            "cavalry_charging_square")}),
    "orientation": obj({
        "front": _FACTOR, "rear": _FACTOR, "flank": _FACTOR,
        "routed_defender": obj({"counts_as": {"enum": ["front", "rear", "flank"]}, "rule": _STR}),
        "shaken_defender": obj({"rule": _STR}),
    }),
    "terrain": obj({
        **{k: _TERRAIN_ROW for k in ("gentle_slope_hex", "gentle_slope_top", "steep_slope_hex",
                                     "steep_slope_top", "woods_or_under_cover", "town")},
        "woods_terrains": {"type": "array", "items": {"enum": sorted(TERRAIN_BY_LABEL)}},
    }),
    "rounding": obj({"exactly_half": {"enum": [h.value for h in Half]}, "rule": _STR}),
    "odds": obj({"rule": _STR, "columns": {"type": "array", "minItems": 2, "items": obj({
        "odds": {"type": "string", "pattern": _ODDS.pattern,
                 "description": "odds such as '1-3', '1.5-1' or '<1-3'"},
        "effect": {"type": "string", "pattern": _EFFECT.pattern,
                   "description": "AR, NE, nA or nD"},
    })}}),
    "casualties": obj({"rout": _PER, "cavalry_on_skirmishers": _PER}),
    "morale_check": obj({"rule": _STR, "leader_roll": {"type": "integer"}}),
    "horse_holders": obj({"morale": {"type": "integer"}, "morale_rule": _STR,
                           "automatic_victory_above": _STR, "rule": _STR}),
})


def _factor(row: dict[str, Any]) -> Factor:
    return Factor(parse_figure(row["factor"]), row["rule"], row.get("attacker_lower", False))


def _column(row: dict[str, Any]) -> OddsColumn:
    odds, effect = _ODDS.match(row["odds"]), _EFFECT.match(row["effect"])
    assert odds is not None and effect is not None  # the schema checked both patterns
    ratio = Fraction(odds[2]) / Fraction(odds[3])
    loser = Loser(effect[2]) if effect[2] else None
    return OddsColumn(row["odds"], Fraction(0) if odds[1] else ratio, row["effect"] == "AR",
                      loser, int(effect[1] or 0))


class ChargeTables:
    """Formation, orientation and terrain multipliers, rounding, odds, casualties, 8.56."""

    def __init__(self, source: str | Path | None = None) -> None:
        doc = read_rules_data("charge.yaml", _SCHEMA, source)
        data = doc.data
        form, orient, terrain = data["formation"], data["orientation"], data["terrain"]
        self.attacker_column = _factor(form["attacker_column"])
        self.defender_road_column = _factor(form["defender_road_column"])
        self.cavalry_charging_square = _factor(form["cavalry_charging_square"])
        self.orientation = {k: _factor(orient[k]) for k in ("front", "rear", "flank")}
        self.routed_counts_as: str = orient["routed_defender"]["counts_as"]
        self.routed_rule: str = orient["routed_defender"]["rule"]
        self.shaken_rule: str = orient["shaken_defender"]["rule"]
        self.terrain = {k: _factor(v) for k, v in terrain.items() if k != "woods_terrains"}
        self.woods: frozenset[Terrain] = frozenset(TERRAIN_BY_LABEL[t]
                                                   for t in terrain["woods_terrains"])
        self.exactly_half = Half(data["rounding"]["exactly_half"])
        self.rounding_rule: str = data["rounding"]["rule"]
        self.odds_rule: str = data["odds"]["rule"]
        self.columns = tuple(_column(row) for row in data["odds"]["columns"])
        problems = []
        for i, row in enumerate(data["odds"]["columns"]):
            if row["odds"].startswith("<") != (i == 0):
                problems.append(doc.problem(("odds", "columns", i, "odds"),
                                            "only the first column is written '<a-b'"))
        first, second = data["odds"]["columns"][:2]
        if first["odds"][1:] != second["odds"]:
            problems.append(doc.problem(("odds", "columns", 0, "odds"),
                                        f"the first column should read '<{second['odds']}'"))
        for i, (low, high) in enumerate(pairwise(self.columns)):
            if high.ratio <= low.ratio:
                problems.append(doc.problem(("odds", "columns", i + 1, "odds"),
                                            "odds columns must rise"))
        rout, cav = data["casualties"]["rout"], data["casualties"]["cavalry_on_skirmishers"]
        self.rout_per, self.rout_rule = int(rout["per"]), str(rout["rule"])
        self.cavalry_per, self.cavalry_rule = int(cav["per"]), str(cav["rule"])
        check = data["morale_check"]
        self.check_rule: str = check["rule"]
        self.leader_roll: int = check["leader_roll"]
        holders = data["horse_holders"]
        self.horse_holder_morale: int = holders["morale"]
        self.horse_holder_morale_rule: str = holders["morale_rule"]
        self.horse_holder_rule: str = holders["rule"]
        labels = [c.label for c in self.columns]
        if holders["automatic_victory_above"] not in labels:
            problems.append(doc.problem(("horse_holders", "automatic_victory_above"),
                                        f"expected one of the odds columns {', '.join(labels)}"))
            self.horse_holder_column = len(labels)
        else:
            self.horse_holder_column = labels.index(holders["automatic_victory_above"])
        if problems:
            raise DataError(sorted(problems, key=lambda p: p.line))

    def column(self, attacker: Fraction, defender: Fraction) -> tuple[int, OddsColumn]:
        """The highest column whose ratio is not above attacker:defender (see odds.py)."""
        if defender == 0:
            return len(self.columns) - 1, self.columns[-1]
        ratio = Fraction(attacker) / Fraction(defender)
        index = max(i for i, c in enumerate(self.columns) if c.ratio <= ratio)
        return index, self.columns[index]


def round_sps(value: Fraction, half: Half) -> Fraction:
    """Fractions below ½ down, above ½ up; exactly ½ as `half` says."""
    whole = Fraction(math.floor(value))
    part = value - whole
    if part < Fraction(1, 2):
        return whole
    if part > Fraction(1, 2):
        return whole + 1
    return {Half.KEEP: value, Half.UP: whole + 1, Half.DOWN: whole}[half]


def round_casualties(value: Fraction) -> int:
    """8.52: fractions above ½ up, the rest down (exactly ½ goes down)."""
    whole = math.floor(value)
    return whole + 1 if value - whole > Fraction(1, 2) else whole


@cache
def charge_tables() -> ChargeTables:
    """The packaged charge tables, read once."""
    return ChargeTables()
