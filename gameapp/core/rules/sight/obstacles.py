"""Line-of-sight data: `data/los.yaml`, typed and checked (docs/rules.md).

`los_tables()` reads the packaged file once. The schema is built from the terrain enums, so a
terrain or hex feature missing from the file, or one the chart does not know, raises `DataError`
with `file:line`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import cache
from pathlib import Path
from typing import Any

from gameapp.core.rules.datafile import read_rules_data
from gameapp.core.terrain import HexFeature, Terrain


class ObstacleKind(Enum):
    """What the line-of-sight conventions call an obstacle's terrain."""

    NONE = "none"
    WOODS = "woods"
    ORCHARD = "orchard"


@dataclass(frozen=True)
class LosTables:
    terrain_height: dict[Terrain, int]
    terrain_kind: dict[Terrain, ObstacleKind]
    feature_height: dict[HexFeature, int]
    crest_brow: int
    unit_height: int
    short_range: int

    def obstacle_height(self, terrain: Terrain, features: HexFeature) -> int:
        """The taller of the hex terrain's obstacle and its features'."""
        tallest = self.terrain_height[terrain]
        for feature, height in self.feature_height.items():
            if features & feature:
                tallest = max(tallest, height)
        return tallest


_FEET = {"type": "integer", "minimum": 0, "description": "feet above the hex's ground"}
_TERRAIN_ROW = {
    "type": "object", "additionalProperties": False, "required": ["height"],
    "properties": {"height": _FEET, "kind": {"enum": [k.value for k in ObstacleKind]}},
}


def _all_of(keys: list[str], row: dict[str, Any]) -> dict[str, Any]:
    return {"type": "object", "additionalProperties": False, "required": keys,
            "properties": {k: row for k in keys}}


_SCHEMA = {
    "type": "object", "additionalProperties": False,
    "required": ["short_range", "unit_height", "terrain", "features", "crest"],
    "properties": {
        "short_range": {"type": "integer", "minimum": 1},
        "unit_height": _FEET,
        "terrain": _all_of([t.label for t in Terrain], _TERRAIN_ROW),
        "features": _all_of([f.label for f in HexFeature if f.value], _FEET),
        "crest": {"type": "object", "additionalProperties": False, "required": ["brow"],
                  "properties": {"brow": _FEET}},
    },
}


def load_los_tables(source: str | Path | None = None) -> LosTables:
    """Read a line-of-sight data file (the packaged one when `source` is None)."""
    data = read_rules_data("los.yaml", _SCHEMA, source).data
    by_terrain = {t.label: t for t in Terrain}
    by_feature = {f.label: f for f in HexFeature if f.value}
    terrain = data["terrain"]
    return LosTables(
        terrain_height={by_terrain[k]: v["height"] for k, v in terrain.items()},
        terrain_kind={by_terrain[k]: ObstacleKind(v.get("kind", "none"))
                      for k, v in terrain.items()},
        feature_height={by_feature[k]: v for k, v in data["features"].items()},
        crest_brow=data["crest"]["brow"],
        unit_height=data["unit_height"],
        short_range=data["short_range"],
    )


@cache
def los_tables() -> LosTables:
    """The packaged line-of-sight data, read once."""
    return load_los_tables()
