"""The strategic tables (`data/tables.yaml`), read once and checked against their schema.

Tests may feed a broken copy through `load_tables(source)`; a bad file is a DataError with its
line, never a traceback."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from gameapp.core.rules.datafile import obj
from gameapp.core.theatre.chart import THEATRE_TERRAIN_BY_LABEL, TheatreTerrain
from gameapp.core.yamlsource import DataError, YamlDocument, parse_yaml, read_text, schema_problems

_SMALL = {"type": "integer", "minimum": 0, "maximum": 99}
_DIE = {"type": "integer", "minimum": 1, "maximum": 6}
_SCHEMA = obj({
    "movement_allowance": {"type": "object", "additionalProperties": _SMALL,
                           "required": ["infantry", "cavalry", "militia", "garrison",
                                        "supply train", "siege train", "rail repair", "leader"]},
    "terrain_cost": {"type": "object", "additionalProperties": _SMALL,
                     "required": ["clear", "town", "city", "forest", "rough", "mountain",
                                  "swamp"]},
    "river_crossing": _SMALL,
    "road_cost": _SMALL,
    "forced_march": obj({"extra_mp": _SMALL, "loss_percent": _SMALL,
                         "lose_on_friendly": _DIE, "lose_elsewhere": _DIE}),
    "stacking": obj({"divisions": _SMALL, "sp": _SMALL}),
    "rail": obj({"entrain_fraction": {"type": "number", "minimum": 0, "maximum": 1},
                 "weight": obj({"train": _SMALL, "supply_point": _SMALL, "leader": _SMALL,
                                "empty_hq": _SMALL})}),
    "naval": obj({"allowance": _SMALL,
                  "embark_fraction": {"type": "number", "minimum": 0, "maximum": 1},
                  "transport_capacity": _SMALL}),
    "initiative": obj({"die": _DIE, "out_of_supply": {"type": "integer", "minimum": -6,
                                                      "maximum": 0}}),
})


@dataclass(frozen=True)
class StrategicTables:
    movement_allowance: dict[str, int]
    terrain_cost: dict[TheatreTerrain, int]
    river_crossing: int
    road_cost: int
    forced_extra_mp: int
    forced_loss_percent: int
    forced_lose_on_friendly: int
    forced_lose_elsewhere: int
    stack_units: int
    stack_sp: int
    entrain_fraction: Fraction
    rail_weight: dict[str, int]
    naval_allowance: int
    embark_fraction: Fraction
    transport_capacity: int
    initiative_die: int
    out_of_supply: int
    source: str


@cache
def tables() -> StrategicTables:
    """The packaged tables."""
    return load_tables()


def table_document(file_name: str, schema: dict[str, Any],
                   source: str | Path | None = None) -> tuple[YamlDocument, str]:
    """A strategic data file checked against its schema: the packaged `data/<file_name>`, or
    `source` (a designer's copy, read with the bounds of any file from a stranger). Raises
    DataError with file and line. Returns the document (for later problems at their lines) and
    the name it is known by."""
    if source is None:
        ref = resources.files("gameapp.core.rulesets.strategic") / "data" / file_name
        text, name = ref.read_text(encoding="utf-8"), f"strategic {file_name}"
    else:
        text, name = read_text(Path(source)), str(source)
    doc = parse_yaml(text, name)
    problems = schema_problems(doc, schema)
    if problems:
        raise DataError(problems)
    return doc, name


def load_tables(source: str | Path | None = None) -> StrategicTables:
    doc, name = table_document("tables.yaml", _SCHEMA, source)
    data: dict[str, Any] = doc.data
    costs: dict[TheatreTerrain, int] = {}
    for label, cost in data["terrain_cost"].items():
        if label not in THEATRE_TERRAIN_BY_LABEL:
            raise DataError([doc.problem(("terrain_cost", label), f"no theatre terrain {label!r}")])
        costs[THEATRE_TERRAIN_BY_LABEL[label]] = cost
    forced, rail = data["forced_march"], data["rail"]
    return StrategicTables(
        movement_allowance=dict(data["movement_allowance"]),
        terrain_cost=costs,
        river_crossing=data["river_crossing"],
        road_cost=data["road_cost"],
        forced_extra_mp=forced["extra_mp"],
        forced_loss_percent=forced["loss_percent"],
        forced_lose_on_friendly=forced["lose_on_friendly"],
        forced_lose_elsewhere=forced["lose_elsewhere"],
        stack_units=data["stacking"]["divisions"],
        stack_sp=data["stacking"]["sp"],
        entrain_fraction=Fraction(str(rail["entrain_fraction"])),
        rail_weight=dict(rail["weight"]),
        naval_allowance=data["naval"]["allowance"],
        embark_fraction=Fraction(str(data["naval"]["embark_fraction"])),
        transport_capacity=data["naval"]["transport_capacity"],
        initiative_die=data["initiative"]["die"],
        out_of_supply=data["initiative"]["out_of_supply"],
        source=name,
    )
