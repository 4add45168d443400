"""What the terrain effects chart's notes forbid or add to a cavalry charge (TEC N2, N6, N7, N16).

Read from the notes printed on the chart's rows (terrain_effects.yaml), so a row that carries a
note gets its rule:

- N2 (the wooded hexes): mounted cavalry charges into the hex only in skirmish order;
- N6 (steep slopes): cavalry that went down such a slope this movement phase does not charge,
  and no cavalry charges down such a slope at the units on it;
- N7 (every hexside feature, and gentle slopes): mounted cavalry does not charge units directly
  behind the hexside;
- N16 (the high embankment): cavalry charges across it only by spending 10 more MPs after
  crossing, on top of the entry. This row's own note wins over the hexside heading's N7.

Dismounted cavalry charges as infantry: none of these notes bind it (docs/rules.md).
"""

from __future__ import annotations

from collections.abc import Sequence

from gameapp.core.breakdown import IllegalActionError, Term
from gameapp.core.hexgrid import Hex
from gameapp.core.mapdata import HexMap
from gameapp.core.rules.tables import TerrainEffects, TerrainEntry
from gameapp.core.terrain import Slope
from gameapp.core.units import Formation, Unit, UnitKind

WOODS_NOTE, STEEP_NOTE, HEXSIDE_NOTE, EMBANKMENT_NOTE = 2, 6, 7, 16
EMBANKMENT_MP = 10  # N16: MPs spent after crossing


def is_mounted_cavalry(unit: Unit) -> bool:
    return unit.kind is UnitKind.CAVALRY and unit.formation is not Formation.DISMOUNTED


def _crossed(game_map: HexMap, chart: TerrainEffects, here: Hex, direction: int
             ) -> list[tuple[TerrainEntry, Slope]]:
    """The chart rows met crossing the hexside: its slope's row and its features' rows."""
    slope = game_map.slope_at(here, direction)
    rows: list[tuple[TerrainEntry, Slope]] = []
    if slope is not Slope.LEVEL:
        rows.append((chart.slope_entry(slope), slope))
    rows += [(e, Slope.LEVEL) for e in chart.hexside_entries(game_map.hexside_at(here, direction))]
    return rows


def descends_steep(game_map: HexMap, chart: TerrainEffects, start: Hex,
                   path: Sequence[Hex]) -> bool:
    """Does a walk from `start` along `path` go down a slope that carries N6?"""
    here = start
    for there in path:
        direction = here.direction_to(there)
        if direction is not None and any(
                STEEP_NOTE in row.notes and slope < 0
                for row, slope in _crossed(game_map, chart, here, direction)):
            return True
        here = there
    return False


def cavalry_charge_terms(unit: Unit, stop: Hex, target: Hex, game_map: HexMap,
                         chart: TerrainEffects, descended: bool) -> list[Term]:
    """The extra MPs the chart's notes put on a charge from `stop` into `target` (N16).
    Raises IllegalActionError when a note forbids it; `descended`: the unit went down an N6
    slope this phase."""
    if not is_mounted_cavalry(unit):
        return []
    name = unit.defn.name
    terrain = chart.terrain_entry(game_map.terrain_at(target))
    if WOODS_NOTE in terrain.notes and unit.formation is not Formation.SKIRMISH:
        raise IllegalActionError(
            f"mounted cavalry charges into {terrain.key} only in skirmish order",
            f"TEC N{WOODS_NOTE}")
    if descended:
        raise IllegalActionError(f"{name} went down a steep slope this phase and may not charge",
                                 f"TEC N{STEEP_NOTE}")
    direction = stop.direction_to(target)
    assert direction is not None
    terms: list[Term] = []
    for row, slope in _crossed(game_map, chart, stop, direction):
        if STEEP_NOTE in row.notes and slope < 0:
            raise IllegalActionError(f"cavalry may not charge down a steep slope ({row.key})",
                                     f"TEC N{STEEP_NOTE}")
        if EMBANKMENT_NOTE in row.notes:
            terms.append(Term(f"charge across the {row.key}: MPs after crossing",
                              EMBANKMENT_MP, f"TEC N{EMBANKMENT_NOTE}"))
        elif HEXSIDE_NOTE in row.notes:
            raise IllegalActionError(f"mounted cavalry may not charge units behind a {row.key}",
                                     f"TEC N{HEXSIDE_NOTE}")
    return terms
