"""The rally phase (1.24, 7.35, 7.8), run automatically for the phasing side when it starts.

1. Every unit of the side routed at the start of the phase throws a d66 against its morale level
   (the printed ML with `morale_terms.standing_terms`: officer bonus, casualties, exhaustion,
   open flanks; and 7.25's +6 for cavalry no enemy within 15 hexes has in its field of fire).
   A roll <= ML rallies it: shaken and rout markers removed. A roll > ML: it routs again and
   makes rout movement, away from the nearest enemy combat units. A unit that has already
   made rout movement this phase (a 7.37 check on the way) does not try (7.65).
2. Then every unit shaken (not routed) at the start of the phase throws the same way. A roll
   <= ML removes the shaken marker; > ML: rout and rout movement (7.35). It was unformed before
   this phase, so 7.83 does not stop the rout.
3. Finally the side's HM markers are removed.

Units are taken in the order of their ids, so a replay throws the same dice for the same units.
While the owner picks a rout path (7.6), the units after it wait (`rally_units`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from gameapp.core.breakdown import Breakdown, Term
from gameapp.core.dice import D66, Dice
from gameapp.core.events import Event, MarkersRemoved, RallyAttempted, UnitRouted
from gameapp.core.mapdata import HexMap
from gameapp.core.rules.morale import CheckKind
from gameapp.core.rules.morale_play import ignored
from gameapp.core.rules.morale_terms import (
    as_level_terms,
    cavalry_rally_term,
    protection_terms,
    standing_terms,
)
from gameapp.core.rules.movement.costs import MoveCosts
from gameapp.core.rules.path_choice import hold_rally
from gameapp.core.rules.rout import nearby_enemies, rout_move
from gameapp.core.rules.sight.block import Conventions
from gameapp.core.state import GameState
from gameapp.core.units import Side, Status, Unit

RALLY_RULE = "7.35"


def rally_phase(state: GameState, side: Side, game_map: HexMap, dice: Dice,
                options: Mapping[str, str | bool | int], costs: MoveCosts | None = None,
                conventions: Conventions = ()) -> list[Event]:
    mine = sorted(state.side_units(side), key=lambda u: u.id)
    routed = [(u.id, True) for u in mine if Status.ROUTED in u.status]
    shaken = [(u.id, False) for u in mine
              if Status.SHAKEN in u.status and Status.ROUTED not in u.status]
    return rally_units(state, side, (*routed, *shaken), game_map, dice, options, costs,
                       conventions)


def rally_units(state: GameState, side: Side, queue: Sequence[tuple[str, bool]],
                game_map: HexMap, dice: Dice, options: Mapping[str, str | bool | int],
                costs: MoveCosts | None = None, conventions: Conventions = ()) -> list[Event]:
    """The rally attempts of `queue` (unit id, routed at the start of the phase), in order,
    then the HM markers. A rout path the owner must pick (7.6) stops the queue: the rest
    waits on that decision (`path_choice.hold_rally`) and resumes once it is answered."""
    events: list[Event] = []
    for i, (uid, was_routed) in enumerate(queue):
        if hold_rally(state, tuple(queue[i:])):
            return events
        unit = state.units.get(uid)
        if unit is None:
            continue
        skip = ignored(state, uid, CheckKind.RALLY)
        if skip is not None:
            events.append(skip)
            continue
        level = rally_level(state, unit, game_map, conventions)
        events += _attempt(state, unit, level, was_routed, game_map, dice, options, costs)
    if hold_rally(state, ()):
        return events
    for unit in state.side_units(side):
        if Status.HALF_MOVED in unit.status:
            state.units[unit.id] = replace(unit, status=unit.status - {Status.HALF_MOVED})
            events.append(MarkersRemoved(unit.id, frozenset({Status.HALF_MOVED}), "1.24"))
    return events


def rally_level(state: GameState, unit: Unit, game_map: HexMap,
                conventions: Conventions = ()) -> Breakdown:
    terms = standing_terms(state, game_map, unit)
    cavalry = cavalry_rally_term(state, game_map, unit, conventions)
    if cavalry is not None:
        terms.append(cavalry)
    # the morale table's last line: what enemy fire at its hex would subtract from the roll
    terms += as_level_terms(protection_terms(state, game_map, unit))
    return Breakdown.of([Term("printed morale level", unit.defn.morale, "7.0"), *terms])


def _attempt(state: GameState, unit: Unit, level: Breakdown, was_routed: bool, game_map: HexMap,
             dice: Dice, options: Mapping[str, str | bool | int], costs: MoveCosts | None
             ) -> list[Event]:
    ml = D66.of(int(level.terms[0].value)) + int(sum(t.value for t in level.terms[1:]))
    roll = dice.d66(f"{RALLY_RULE} rally {unit.id}")
    rallied = D66.of(roll) <= ml
    events: list[Event] = [RallyAttempted(unit.id, was_routed, roll, level, rallied, RALLY_RULE)]
    if rallied:
        state.units[unit.id] = replace(
            unit, status=unit.status - {Status.SHAKEN, Status.ROUTED})
        return events
    status = (unit.status - {Status.SHAKEN, Status.COVER}) | {Status.ROUTED}
    state.units[unit.id] = replace(unit, status=frozenset(status))
    if not was_routed:
        events.append(UnitRouted(unit.id, RALLY_RULE))
    return events + rout_move(state, game_map, unit.id, nearby_enemies(state, unit), options,
                              costs, dice)
