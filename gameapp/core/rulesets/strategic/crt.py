"""The strategic battle tables (`data/combat.yaml`): odds columns, the results table with each
side's loss in percent and the retreat marks, the column shifts, and the supply and siege
numbers. Read once and checked against a schema; a bad file is a DataError with its line."""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

from gameapp.core.rules.datafile import obj
from gameapp.core.rulesets.strategic.tables import table_document
from gameapp.core.theatre.chart import THEATRE_TERRAIN_BY_LABEL, TheatreTerrain
from gameapp.core.yamlsource import DataError

_SMALL = {"type": "integer", "minimum": 0, "maximum": 99}
_ROW = {"type": "array", "items": {"type": "string"}, "minItems": 1}
_SCHEMA = obj({
    "columns": {"type": "array", "items": {"type": "string", "pattern": r"^\d+:\d+$"},
                "minItems": 2},
    "results": {"type": "object", "additionalProperties": _ROW},
    "shifts": obj({"terrain": {"type": "object", "additionalProperties": _SMALL},
                   "fort": _SMALL, "fortress": _SMALL}),
    "leader_modifier_cap": _SMALL,
    "loss_floor_percent": _SMALL,
    "amphibious_loss_factor": _SMALL,
    "combat_supply": obj({"sp_per_point": _SMALL, "reach": _SMALL}),
    "supply": obj({"reach": _SMALL,
                   "attrition": {"type": "object",
                                 "additionalProperties": {"type": "array", "items": _SMALL,
                                                          "minItems": 7, "maxItems": 7}}}),
    "siege": obj({"breach_on": _SMALL, "hunger_percent": _SMALL, "starved_after": _SMALL}),
})
_RESULT = re.compile(r"^(\d+)/(\d+)(?: ([arR]))?$")


@dataclass(frozen=True)
class Outcome:
    """One cell of the results table."""

    attacker_percent: int
    defender_percent: int
    defender_retreats: int  # hexes: 0, 1 (r) or 2 (R)
    attacker_falls_back: bool  # a

    @property
    def text(self) -> str:
        mark = ({1: " r", 2: " R"}.get(self.defender_retreats, "")
                + (" a" if self.attacker_falls_back else ""))
        return f"{self.attacker_percent}/{self.defender_percent}{mark}"


@dataclass(frozen=True)
class CombatTables:
    columns: tuple[Fraction, ...]  # each column's lowest ratio, lowest first
    labels: tuple[str, ...]
    results: dict[int, tuple[Outcome, ...]]  # die 1-6 -> one outcome per column
    terrain_shift: dict[TheatreTerrain, int]
    fort_shift: int
    fortress_shift: int
    leader_cap: int
    loss_floor_percent: int
    amphibious_factor: int
    supply_per_sp: int
    combat_supply_reach: int
    supply_reach: int
    attrition: tuple[tuple[int, tuple[int, ...]], ...]  # (largest force, row 0-6), smallest first
    breach_on: int
    hunger_percent: int
    starved_after: int  # month-ends besieged in a row before the garrison surrenders
    source: str

    def column_of(self, ratio: Fraction) -> int | None:
        """The column a ratio falls in (rounded down, the defender's way); None below the
        first."""
        found = None
        for i, least in enumerate(self.columns):
            if ratio >= least:
                found = i
        return found

    def attrition_row(self, sp: int) -> tuple[int, ...]:
        for largest, row in self.attrition:
            if sp <= largest:
                return row
        return self.attrition[-1][1]


@cache
def combat_tables() -> CombatTables:
    return load_combat_tables()


def load_combat_tables(source: str | Path | None = None) -> CombatTables:
    doc, name = table_document("combat.yaml", _SCHEMA, source)
    data: dict[str, Any] = doc.data
    labels = tuple(data["columns"])
    columns = tuple(Fraction(int(a), int(d)) for a, d in (c.split(":") for c in labels))
    if list(columns) != sorted(columns):
        raise DataError([doc.problem(("columns",), "the columns must run from worst to best")])
    results: dict[int, tuple[Outcome, ...]] = {}
    for die, row in data["results"].items():
        if str(die) not in {str(n) for n in range(1, 7)} or len(row) != len(columns):
            raise DataError([doc.problem(("results", die), f"a row per die 1-6, with "
                                         f"{len(columns)} results each")])
        results[int(die)] = tuple(_outcome(doc, die, i, cell) for i, cell in enumerate(row))
    if set(results) != set(range(1, 7)):
        raise DataError([doc.problem(("results",), "the table needs rows 1 to 6")])
    terrain: dict[TheatreTerrain, int] = {}
    for label, shift in data["shifts"]["terrain"].items():
        if label not in THEATRE_TERRAIN_BY_LABEL:
            raise DataError([doc.problem(("shifts", "terrain", label),
                                         f"no theatre terrain {label!r}")])
        terrain[THEATRE_TERRAIN_BY_LABEL[label]] = shift
    attrition = tuple(sorted((int(k), tuple(v)) for k, v in data["supply"]["attrition"].items()))
    return CombatTables(
        columns=columns, labels=labels, results=results, terrain_shift=terrain,
        fort_shift=data["shifts"]["fort"], fortress_shift=data["shifts"]["fortress"],
        leader_cap=data["leader_modifier_cap"], loss_floor_percent=data["loss_floor_percent"],
        amphibious_factor=data["amphibious_loss_factor"],
        supply_per_sp=data["combat_supply"]["sp_per_point"],
        combat_supply_reach=data["combat_supply"]["reach"],
        supply_reach=data["supply"]["reach"], attrition=attrition,
        breach_on=data["siege"]["breach_on"], hunger_percent=data["siege"]["hunger_percent"],
        starved_after=data["siege"]["starved_after"],
        source=name)


def _outcome(doc: Any, die: object, column: int, cell: str) -> Outcome:
    match = _RESULT.match(cell.strip())
    if match is None:
        raise DataError([doc.problem(("results", die, column),
                                     f"{cell!r}: expected 'A/D' with an optional r, R or a")])
    mark = match.group(3)
    return Outcome(int(match.group(1)), int(match.group(2)),
                   {"r": 1, "R": 2}.get(mark or "", 0), mark == "a")


def loss_of(sp: int, percent: int, floor_percent: int) -> int:
    """A percentage of SP as whole SP (12.13): rounded half up, at least 1 at `floor_percent`
    or more (never more than the SP there are)."""
    if sp <= 0 or percent <= 0:
        return 0
    loss = (sp * percent * 2 + 100) // 200
    if percent >= floor_percent:
        loss = max(loss, 1)
    return min(loss, sp)
