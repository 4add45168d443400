"""Rout movement (7.5-7.7) along the one retreat-path engine (docs/rules.md).

A unit that must make rout movement moves ROUT_DISTANCE hexes along the path `retreat_paths`
chooses, under the scenario's `retreat` and `stacking` options, away from the units that caused
it. A unit makes rout movement at most once a phase (7.65): a second call in the same phase does
nothing. When the engine finds two or more equally good paths, the owner picks (docs/rules.md,
"The owner's pick of a rout path"): `rout_move` leaves the unit where it stands, counts its rout
movement for 7.65 and queues a RETREAT_PATH decision (`path_choice.rout_decision`); the answer
calls `rout_move` again with the picked `path`. Outcomes:

- completed: the unit stands at the end of the path, still routed;
- Broken Box 1 (its own map edge reached short) or Broken Box 3 (no legal path): the unit
  leaves the map for the Broken Track (`GameState.broken`). The scenario option
  `broken_track_return` says how it comes back; the only value so far is `never` (the default):
  units on the Broken Track stay off the map for the rest of the game;
- g88's step loss instead: the unit loses 1 SP and stays; g88's "cannot retreat": it stays.

On the way it takes the casualties of note 4 (7.71-7.75, `rout_casualties.py`) for the hexes
it enters in enemy fronts. Then every other unit of its side in or next to a hex it entered
checks morale (7.37), in id order: at once when the caller gives the dice, else recorded in
`GameState.pending_checks` for the engine to resolve when the action is done.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import replace

from gameapp.core.breakdown import Breakdown, Term
from gameapp.core.dice import Dice
from gameapp.core.events import (
    CasualtiesTaken,
    Event,
    GunsCaptured,
    RoutCasualties,
    RoutMoved,
    UnitBroken,
    UnitEliminated,
    UnitReformed,
)
from gameapp.core.hexgrid import Hex
from gameapp.core.mapdata import HexMap
from gameapp.core.options import RuleOptions
from gameapp.core.rules.exhaustion import HIT, note
from gameapp.core.rules.morale import CheckKind
from gameapp.core.rules.morale_play import take_check
from gameapp.core.rules.morale_terms import protection_terms, standing_terms
from gameapp.core.rules.movement.costs import MoveCosts
from gameapp.core.rules.path_choice import picked_path, rout_decision
from gameapp.core.rules.retreat import Outcome, RetreatOptions, RetreatPath, retreat_paths
from gameapp.core.rules.rout_casualties import CAPTURE_RULE, rout_casualties
from gameapp.core.state import BrokenEntry, GameState, PendingCheck
from gameapp.core.units import Formation, Unit, UnitKind

ROUT_DISTANCE = 4  # hexes; the seed's summary does not give the distance (our choice)
ROUT_RULE = "7.6"
BROKEN_TRACK_RETURN = ("never",)
CAUSERS_WITHIN = 3  # a unit routing on its own routs from the enemy combat units this near
ADJACENT_RULE = CheckKind.ADJACENT_ROUT.value

Options = Mapping[str, str | bool | int]


def rout_move(state: GameState, game_map: HexMap, unit_id: str, causers: Collection[Unit],
              options: Options, costs: MoveCosts | None = None, dice: Dice | None = None,
              path: Sequence[Hex] | None = None) -> list[Event]:
    """Carry out one unit's rout movement now; its events. With `dice`, the 7.37 checks it
    calls for are rolled at once; without, they are left pending. Without `path`, an owner's
    choice of equally good paths is queued as a decision and nothing moves yet; `path` (the
    hexes entered, the start excluded) is the owner's answer to that decision."""
    unit = state.units.get(unit_id)
    if unit is None or (path is None and unit_id in state.rout_moved):
        return []
    state.rout_moved.add(unit_id)
    found = rout_paths(state, game_map, unit, causers, options, costs)
    if path is None and found.owner_has_choice:
        state.decisions.append(rout_decision(unit, found, causers))
        return []
    chosen = found.chosen if path is None else picked_path(found, path)
    return _rout_along(state, game_map, unit, found, chosen, options, costs, dice)


def rout_paths(state: GameState, game_map: HexMap, unit: Unit, causers: Collection[Unit],
               options: Options, costs: MoveCosts | None = None) -> RetreatOptions:
    """Every path of `unit`'s rout movement now, away from `causers`, best first."""
    return retreat_paths(unit, ROUT_DISTANCE, list(causers), state.units, game_map,
                         RuleOptions.of(options).retreat, RuleOptions.of(options).stacking_rule,
                         costs=costs)


def _rout_along(state: GameState, game_map: HexMap, unit: Unit, found: RetreatOptions,
                path: RetreatPath | None, options: Options, costs: MoveCosts | None,
                dice: Dice | None) -> list[Event]:
    unit_id = unit.id
    hexes = path.hexes if path is not None else (unit.hex,)
    reason = str(found.reason)
    if path is not None and path is not found.chosen:
        reason = f"the owner's pick of equally good paths, ending at {path.hex_ids[-1]} " \
                 f"({ROUT_RULE})"
    events: list[Event] = [RoutMoved(unit_id, hexes, found.outcome.label, reason, ROUT_RULE)]
    survivor, losses = take_rout_casualties(state, game_map, unit, hexes)
    events += losses
    if survivor is not None:  # else nothing of it is left to place
        events += _place(state, survivor, found.outcome, hexes[-1])
        if RuleOptions.of(options).artillery_retreats_limbered and len(hexes) > 1:
            events += _limber_after_retreat(state, unit_id)
    return events + _adjacent_checks(state, game_map, unit, hexes, options, costs, dice)


LIMBERED_RETREAT_RULE = "003 6.3f"


def _limber_after_retreat(state: GameState, unit_id: str) -> list[Event]:
    """003 6.3f (option artillery_retreats_limbered): a battery cannot unlimber at the end of
    its retreat, so one that routed unlimbered ends it limbered, at no cost."""
    unit = state.units.get(unit_id)
    if unit is None or unit.kind is not UnitKind.ARTILLERY or \
            unit.formation is not Formation.UNLIMBERED:
        return []
    limbered = replace(unit, formation=Formation.LIMBERED)
    state.units[unit_id] = limbered
    return [UnitReformed(unit_id, limbered.facing, Formation.LIMBERED, Breakdown.of(
        [Term("a battery ends its retreat limbered", 0, LIMBERED_RETREAT_RULE)]))]


def _place(state: GameState, unit: Unit, outcome: Outcome, end: Hex) -> list[Event]:
    """The unit where its rout movement leaves it: at the end, on the Broken Track, or still."""
    if outcome in (Outcome.BROKEN_BOX_1, Outcome.BROKEN_BOX_3):
        del state.units[unit.id]
        state.broken[unit.id] = BrokenEntry(replace(unit, hex=end), outcome.label, state.turn)
        return [UnitBroken(unit.id, outcome.label, "000 15.4")]
    if outcome is Outcome.STEP_LOSS:
        hurt = replace(unit, losses=unit.losses + 1)
        if hurt.strength > 0:
            state.units[unit.id] = hurt
            return [CasualtiesTaken(unit.id, 1, "002 16")]
        del state.units[unit.id]
        return [CasualtiesTaken(unit.id, 1, "002 16"), UnitEliminated(unit.id, "002 16")]
    if outcome is Outcome.COMPLETED:
        state.units[unit.id] = replace(unit, hex=end)
    return []


def take_rout_casualties(state: GameState, game_map: HexMap, unit: Unit, hexes: Sequence[Hex]
                         ) -> tuple[Unit | None, list[Event]]:
    """Note 4's losses routing along `hexes` (start first), applied to the state: the unit
    after them (None when nothing of it is left) and the events."""
    losses = rout_casualties(unit, hexes, state.side_units(unit.side.other), game_map)
    if not losses.terms:
        return unit, []
    events: list[Event] = [RoutCasualties(unit.id, losses, "7.71")]
    lost = int(losses.total)
    if not lost:
        return unit, events
    guns = unit.kind is UnitKind.ARTILLERY
    hurt = replace(unit, losses=unit.losses + lost, guns_lost=unit.guns_lost + lost * guns)
    note(state, unit, HIT, lost)
    events.append(CasualtiesTaken(unit.id, lost, "7.71"))
    if guns:
        events.append(GunsCaptured(unit.id, lost, unit.side.other, CAPTURE_RULE))
    if hurt.strength > 0:
        state.units[unit.id] = hurt
        return hurt, events
    del state.units[unit.id]
    # 7.74: a battery's crew goes with its last gun (its SPs are its guns)
    events.append(UnitEliminated(unit.id, "7.74" if guns else "7.71"))
    return None, events


def nearby_enemies(state: GameState, unit: Unit) -> list[Unit]:
    """The enemy combat units a unit routing on its own routs away from."""
    return [u for u in state.side_units(unit.side.other) if u.kind is not UnitKind.LEADER
            and u.hex.distance(unit.hex) <= CAUSERS_WITHIN]


def _adjacent_checks(state: GameState, game_map: HexMap, router: Unit, hexes: Sequence[Hex],
                     options: Options, costs: MoveCosts | None, dice: Dice | None
                     ) -> list[Event]:
    """7.37: the router's own side's units in or next to a hex it entered check morale."""
    entered = hexes[1:]
    near = sorted(u.id for u in state.side_units(router.side)
                  if u.id != router.id and u.kind is not UnitKind.LEADER
                  and any(u.hex.distance(h) <= 1 for h in entered))
    events: list[Event] = []
    for uid in near:
        if dice is None:
            state.pending_checks.append(
                PendingCheck(uid, f"{router.id} routed past it", ADJACENT_RULE))
        else:
            events += adjacent_rout_check(state, game_map, uid, options, costs, dice)
    return events


def adjacent_rout_check(state: GameState, game_map: HexMap, unit_id: str, options: Options,
                        costs: MoveCosts | None, dice: Dice) -> list[Event]:
    """One unit's 7.37 check and, if it calls for it, its own rout movement."""
    unit = state.units.get(unit_id)
    if unit is None:
        return []
    events, must_rout = take_check(state, unit, CheckKind.ADJACENT_ROUT, dice,
                                   standing_terms(state, game_map, unit),
                                   protection_terms(state, game_map, unit))
    if must_rout:
        events += rout_move(state, game_map, unit_id, nearby_enemies(state, unit), options,
                            costs, dice)
    return events
