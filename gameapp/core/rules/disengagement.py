"""Disengagement fire (000 15.4, 13.7; the scenario option `disengagement_fire`).

A unit whose retreat (our rout movement along the 15.4 paths) leaves a hex next to enemy combat
units, other than the hex it started from, may be fired on by those units. The seed names 13.7
for the details but does not give it; what we decided is in docs/rules.md ("Disengagement
fire"): the enemy units next to each hex left that could fire at that hex now combine in one
attack under the fire rules, at the retreating unit alone as it stood there; its casualty steps
come off at once; no morale check follows (the unit routs already and makes one rout movement a
phase, 7.65); fire at it stops once it is gone; an enemy unit fires once at one retreat. The
firers' own shots this phase do not matter, and this fire is not one of them.
"""

from __future__ import annotations

from dataclasses import replace

from gameapp.core.dice import D66, Dice
from gameapp.core.events import CasualtiesTaken, Event, FireResolved, RoutMoved, UnitEliminated
from gameapp.core.hexgrid import Hex
from gameapp.core.mapdata import HexMap
from gameapp.core.rules.exhaustion import HIT, note
from gameapp.core.rules.fire.field import fire_check
from gameapp.core.rules.fire.phase import FireRules
from gameapp.core.rules.fire.tables import fcrt_result
from gameapp.core.state import GameState
from gameapp.core.units import Status, Unit, UnitKind

RULE = "000 15.4"


def disengagement_fire(state: GameState, rules: FireRules, events: list[Event],
                       dice: Dice) -> list[Event]:
    """The disengagement fire the rout movements among `events` call for, resolved now."""
    out: list[Event] = []
    for event in events:
        if not isinstance(event, RoutMoved):
            continue
        fired: set[str] = set()  # each enemy unit fires once at one retreat
        for h in event.path[1:-1]:  # the hexes left, the start excluded
            if event.unit_id not in state.units:
                break
            out += _fire_at(state, rules, event.unit_id, h, dice, fired)
    return out


def eligible_firers(state: GameState, game_map: HexMap, conventions: tuple[str, ...],
                    router: Unit, at: Hex) -> list[Unit]:
    """The enemy combat units next to `at` that could fire at it now, by id."""
    near = [u for u in state.side_units(router.side.other)
            if u.kind is not UnitKind.LEADER and u.hex.distance(at) == 1
            and Status.ROUTED not in u.status]
    here = {**state.units, router.id: replace(router, hex=at)}
    return sorted((u for u in near
                   if fire_check(u, at, here, game_map, conventions).cell is not None),
                  key=lambda u: u.id)


def _fire_at(state: GameState, rules: FireRules, router_id: str, at: Hex, dice: Dice,
             fired: set[str]) -> list[Event]:
    router = state.units[router_id]
    firers = [u for u in eligible_firers(state, rules.map, rules.conventions, router, at)
              if u.id not in fired]
    fired.update(u.id for u in firers)
    return casualty_fire(state, rules, firers, router, at, dice, RULE, "disengagement fire",
                         f"disengagement fire at {router_id} leaving {rules.map.hex_id(at)}")


def casualty_fire(state: GameState, rules: FireRules, firers: list[Unit], target: Unit, at: Hex,
                  dice: Dice, rule: str, what: str, roll_label: str) -> list[Event]:
    """One fire attack by `firers` at `target` alone as it stands in `at`, outside the fire
    phase, whose casualty steps come off at once and which calls for no morale check (this
    disengagement fire; 003's opening volley, `opening_volley.py`)."""
    plan = rules.plan_at(firers, target, at) if firers else None
    if plan is None or plan.points.column is None:
        return []
    column = plan.points.column
    roll = dice.d66(roll_label)
    modified = D66.of(roll) + int(plan.modifiers.total)
    result = fcrt_result(column, modified)
    events: list[Event] = [FireResolved(
        tuple(f.id for f in firers), at, (*plan.points.lines(), f"{rule} {what}"),
        plan.modifiers, roll, str(modified), result.result, result.steps, column.rule)]
    if not result.steps:
        return events
    lost = min(result.steps, target.strength)
    hurt = replace(target, losses=target.losses + lost)
    note(state, target, HIT, lost)
    events.append(CasualtiesTaken(target.id, lost, rule))
    if hurt.strength <= 0:
        del state.units[target.id]
        return [*events, UnitEliminated(target.id, rule)]
    state.units[target.id] = hurt
    return events
