"""Closing rolls (003 3.5, 3.5a, 3.5c; the scenario option `closing_rolls`).

`003` clarifies Line of Battle's closing roll without giving its table; in `001`'s terms
(docs/rules.md, "Closing rolls") a unit whose move declares a charge must first pass a roll to
close with the enemy, the roll `001` already uses for getting away from a charge (3.5): one
d66 at or under its morale level (printed ML, officer, casualties, exhaustion):

- no roll is needed (3.5a) when no enemy combat unit next to the closing hex (the hex the unit
  charges from, where its move stopped) could fire at it there now; nor for a unit in skirmish
  (open) order, which closes without a roll (3.5, the errata);
- enemy artillery that has the closing hex in its canister band, wherever its target, takes
  6 places (one tens digit) off the level (3.5: "the DRM for artillery with canister applies
  even if a charge target is in a different hex"); `001`'s terrain has no breastworks, so
  3.5's -3 for closing from them has nothing to apply to;
- a failed roll cancels the charge: the unit stays in the closing hex (3.5c: it need not fall
  back) and its movement is over for the phase.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace

from gameapp.core.breakdown import Breakdown, Term
from gameapp.core.dice import D66, Dice
from gameapp.core.events import ChargeDeclared, ClosingRoll, Event, MarkersRemoved
from gameapp.core.hexgrid import Hex
from gameapp.core.mapdata import HexMap
from gameapp.core.rules.fire.field import fire_check
from gameapp.core.rules.withdrawal import level
from gameapp.core.state import GameState
from gameapp.core.units import Formation, Status, Unit, UnitKind

RULE = "003 3.5"
CANISTER_PLACES = 6


def closing_rolls(state: GameState, game_map: HexMap, conventions: tuple[str, ...],
                  events: Iterable[Event], dice: Dice, allowance: Callable[[Unit], int]
                  ) -> list[Event]:
    """`events` with a closing roll before each charge a move declared; a failed roll takes the
    charge back (the `ChargeDeclared` is left out, so nobody is asked about it)."""
    out: list[Event] = []
    for event in events:
        unit = state.units.get(event.unit_id) if isinstance(event, ChargeDeclared) else None
        if not isinstance(event, ChargeDeclared) or unit is None:
            out.append(event)
            continue
        rolled = closing_roll(state, game_map, conventions, unit, event.target, dice)
        out.append(rolled)
        if rolled.passed:
            out.append(event)
        else:
            out += _call_off(state, unit, event.target, allowance(unit))
    return out


def closing_roll(state: GameState, game_map: HexMap, conventions: tuple[str, ...], unit: Unit,
                 target: Hex, dice: Dice) -> ClosingRoll:
    if unit.formation is Formation.SKIRMISH:
        why = Term("open order closes without a roll", 0, RULE)
        return ClosingRoll(unit.id, target, None, Breakdown((why,)), True, RULE)
    if not _under_fire(state, game_map, conventions, unit):
        why = Term("no enemy next to the closing hex can fire at it", 0, "003 3.5a")
        return ClosingRoll(unit.id, target, None, Breakdown((why,)), True, "003 3.5a")
    terms, ml = level(state, game_map, unit)
    if _canister_on(state, game_map, conventions, unit):
        terms = Breakdown.of([*terms, Term("enemy canister on the closing hex",
                                           -CANISTER_PLACES, RULE)])
        ml = ml - CANISTER_PLACES
    roll = dice.d66(f"closing roll of {unit.id} against {game_map.hex_id(target)}")
    return ClosingRoll(unit.id, target, roll, terms, D66.of(roll) <= ml, RULE)


def _enemies(state: GameState, unit: Unit) -> list[Unit]:
    return [u for u in state.side_units(unit.side.other)
            if u.kind is not UnitKind.LEADER and Status.ROUTED not in u.status]


def _under_fire(state: GameState, game_map: HexMap, conventions: tuple[str, ...],
                unit: Unit) -> bool:
    """3.5a: an enemy combat unit next to the closing hex could fire at it there now."""
    return any(fire_check(e, unit.hex, state.units, game_map, conventions).cell is not None
               for e in _enemies(state, unit) if e.hex.distance(unit.hex) == 1)


def _canister_on(state: GameState, game_map: HexMap, conventions: tuple[str, ...],
                 unit: Unit) -> bool:
    for enemy in _enemies(state, unit):
        if enemy.kind is not UnitKind.ARTILLERY:
            continue
        cell = fire_check(enemy, unit.hex, state.units, game_map, conventions).cell
        if cell is not None and cell.canister:
            return True
    return False


def _call_off(state: GameState, unit: Unit, target: Hex, allowance: int) -> list[Event]:
    """The failed roll: no charge; the unit stays where it stopped, its movement over."""
    left = tuple(i for i in state.charges.get(target, ()) if i != unit.id)
    if left:
        state.charges[target] = left
    else:
        state.charges.pop(target, None)
    state.units[unit.id] = replace(unit, status=frozenset(unit.status - {Status.CHARGE}))
    state.mp_spent[unit.id] = max(state.mp_spent.get(unit.id, 0), allowance)
    return [MarkersRemoved(unit.id, frozenset({Status.CHARGE}), RULE)]

