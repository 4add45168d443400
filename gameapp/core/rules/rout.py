"""Rout movement (7.5-7.7) along the one retreat-path engine (docs/rules.md).

A unit that must make rout movement moves ROUT_DISTANCE hexes along the path `retreat_paths`
chooses, under the scenario's `retreat` and `stacking` options, away from the units that caused
it. A unit makes rout movement at most once a phase (7.65): a second call in the same phase does
nothing. Outcomes:

- completed: the unit stands at the end of the path, still routed;
- Broken Box 1 (its own map edge reached short) or Broken Box 3 (no legal path): the unit
  leaves the map for the Broken Track (`GameState.broken`). The scenario option
  `broken_track_return` says how it comes back; the only value so far is `never` (the default):
  units on the Broken Track stay off the map for the rest of the game;
- g88's step loss instead: the unit loses 1 SP and stays; g88's "cannot retreat": it stays.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import replace

from gameapp.core.events import CasualtiesTaken, Event, RoutMoved, UnitBroken, UnitEliminated
from gameapp.core.mapdata import HexMap
from gameapp.core.rules.movement.costs import MoveCosts
from gameapp.core.rules.retreat import Outcome, retreat_paths
from gameapp.core.state import BrokenEntry, GameState
from gameapp.core.units import Unit

ROUT_DISTANCE = 4  # hexes; the seed's summary does not give the distance (our choice)
ROUT_RULE = "7.6"
BROKEN_TRACK_RETURN = ("never",)


def rout_move(state: GameState, game_map: HexMap, unit_id: str, causers: Collection[Unit],
              options: Mapping[str, str | bool | int], costs: MoveCosts | None = None
              ) -> list[Event]:
    """Carry out one unit's rout movement now; its events."""
    unit = state.units.get(unit_id)
    if unit is None or unit_id in state.rout_moved:
        return []
    state.rout_moved.add(unit_id)
    retreat = str(options.get("retreat", "ss15_4"))
    stacking = str(options.get("stacking", "tec_sl"))
    found = retreat_paths(unit, ROUT_DISTANCE, list(causers), state.units, game_map, retreat,
                          stacking, costs=costs)
    path = found.chosen
    hexes = path.hexes if path is not None else (unit.hex,)
    events: list[Event] = [RoutMoved(unit_id, hexes, found.outcome.label, str(found.reason),
                                     ROUT_RULE)]
    if found.outcome in (Outcome.BROKEN_BOX_1, Outcome.BROKEN_BOX_3):
        moved = replace(unit, hex=hexes[-1])
        del state.units[unit_id]
        state.broken[unit_id] = BrokenEntry(moved, found.outcome.label, state.turn)
        events.append(UnitBroken(unit_id, found.outcome.label, "000 15.4"))
    elif found.outcome is Outcome.STEP_LOSS:
        hurt = replace(unit, losses=unit.losses + 1)
        events.append(CasualtiesTaken(unit_id, 1, "002 16"))
        if hurt.strength <= 0:
            del state.units[unit_id]
            events.append(UnitEliminated(unit_id, "002 16"))
        else:
            state.units[unit_id] = hurt
    elif found.outcome is Outcome.COMPLETED:
        state.units[unit_id] = replace(unit, hex=hexes[-1])
    return events
