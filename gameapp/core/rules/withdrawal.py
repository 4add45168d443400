"""Getting away from a declared charge: retreat before combat (3.5) and retire by prolong (3.57,
7.36), the charged player's choices during the movement phase (1.22). docs/rules.md, "Pending
decisions", has the decisions the seed leaves open.

`charge_decisions` lists what the charged player is asked when the first charge on a hex is
declared; `answer` carries out one answer and returns its events and any further decision (the
owner's pick of a retreat path where the retreat rules leave a choice). The owner's pick of a
rout path (7.6, `rout.py`) is answered here too, by `rout_choice.answer_rout`.

- Retreat before combat: every unrouted combat unit of the hex except unlimbered artillery,
  that has a path of WITHDRAW_DISTANCE hexes, together. Mounted cavalry and skirmishers go
  without a roll; the others throw one d66 together and each goes on a roll <= its morale level
  (printed ML, officer, casualties, exhaustion). A unit that fails stays and receives the charge.
- Retire by prolong: each unlimbered battery with such a path, on its own: roll <= ML, it moves
  back WITHDRAW_DISTANCE hexes unlimbered, facing kept; roll > ML, it routs and makes rout
  movement, bringing its guns (7.36).
- When the charged hex holds no combat unit any more the charge is cancelled: the charging
  units lose their charge markers and stay where they stopped. Leaders go with the first unit
  that leaves the hex, once no combat unit of theirs is left in it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from gameapp.core.actions import ChooseRetreatPath, Decision, Prolong, RetreatBeforeCombat
from gameapp.core.breakdown import Breakdown, Term
from gameapp.core.decisions import DecisionKind, DecisionOption, PendingDecision
from gameapp.core.dice import D66, Dice
from gameapp.core.events import (
    Event,
    UnitMoved,
    UnitRouted,
    WithdrawalAttempted,
)
from gameapp.core.hexgrid import Hex
from gameapp.core.mapdata import HexMap
from gameapp.core.options import RuleOptions
from gameapp.core.rules.chargephase import remove_charge_markers
from gameapp.core.rules.morale_terms import standing_terms
from gameapp.core.rules.movement.costs import MoveCosts
from gameapp.core.rules.path_choice import path_decision
from gameapp.core.rules.retreat import Outcome, RetreatOptions, retreat_paths
from gameapp.core.rules.rout import rout_move
from gameapp.core.rules.rout_choice import answer_rout
from gameapp.core.state import GameState
from gameapp.core.units import Formation, Status, Unit, UnitKind

WITHDRAW_DISTANCE = 1  # hexes; the seed's summary gives none (our choice)
RBC_RULE = "3.5"
PROLONG_RULE = "3.57"
Options = Mapping[str, str | bool | int]


def _is_gun_line(unit: Unit) -> bool:
    return unit.kind is UnitKind.ARTILLERY and unit.formation is Formation.UNLIMBERED


def _goes_without_roll(unit: Unit) -> bool:
    return unit.formation in (Formation.MOUNTED, Formation.SKIRMISH)


def _chargers(state: GameState, target: Hex) -> list[Unit]:
    return [state.units[i] for i in state.charges.get(target, ()) if i in state.units]


def _paths(state: GameState, game_map: HexMap, unit: Unit, target: Hex, options: Options,
           costs: MoveCosts | None) -> RetreatOptions:
    return retreat_paths(unit, WITHDRAW_DISTANCE, _chargers(state, target), state.units,
                         game_map, RuleOptions.of(options).retreat,
                         RuleOptions.of(options).stacking_rule, costs=costs)


def _may_withdraw(state: GameState, game_map: HexMap, unit: Unit, target: Hex,
                  options: Options, costs: MoveCosts | None) -> bool:
    found = _paths(state, game_map, unit, target, options, costs)
    return found.outcome is Outcome.COMPLETED and found.chosen is not None


def level(state: GameState, game_map: HexMap, unit: Unit) -> tuple[Breakdown, D66]:
    """The unit's morale level for a withdrawal roll, term by term (the printed ML first, then
    the terms every check shares), and as a d66 value."""
    terms = standing_terms(state, game_map, unit)
    level_terms = Breakdown.of([Term("printed morale level", unit.defn.morale, "7.0"), *terms])
    return level_terms, D66.of(unit.defn.morale) + int(sum(t.value for t in terms))


def charge_decisions(state: GameState, game_map: HexMap, target: Hex, options: Options,
                     costs: MoveCosts | None = None) -> list[PendingDecision]:
    """The charged player's choices on a charge just declared on `target`: one `prolong` per
    battery that may retire, then one `retreat-before-combat` for the other units."""
    chargers = _chargers(state, target)
    if not chargers:
        return []
    side = chargers[0].side.other
    hex_id = game_map.hex_id(target)
    standing = [u for u in state.units_at(target) if u.side is side
                and u.kind is not UnitKind.LEADER and Status.ROUTED not in u.status
                and _may_withdraw(state, game_map, u, target, options, costs)]
    out: list[PendingDecision] = []
    for gun in (u for u in standing if _is_gun_line(u)):
        _, ml = level(state, game_map, gun)
        yes = Prolong(gun.id, True)
        no = Prolong(gun.id, False)
        out.append(PendingDecision(
            side, DecisionKind.PROLONG,
            f"{gun.id} in {hex_id} is charged: retire by prolong?",
            (DecisionOption(yes, f"prolong {gun.id} yes",
                            f"try to retire {WITHDRAW_DISTANCE} hex: d66 ≤ {ml} retires, "
                            "above it the battery routs", "7.36"),
             DecisionOption(no, f"prolong {gun.id} no", "stand and receive the charge",
                            PROLONG_RULE)),
            PROLONG_RULE, target, (gun.id,)))
    rest = [u for u in standing if not _is_gun_line(u)]
    if rest:
        free = [u.id for u in rest if _goes_without_roll(u)]
        rolled = [f"{u.id} on a d66 ≤ {level(state, game_map, u)[1]}" for u in rest
                  if not _goes_without_roll(u)]
        how = "; ".join([*([f"{', '.join(free)} without a roll"] if free else []), *rolled])
        text = f"retreat-before-combat {hex_id}"
        out.append(PendingDecision(
            side, DecisionKind.RETREAT_BEFORE_COMBAT,
            f"{hex_id} is charged: retreat before combat?",
            (DecisionOption(RetreatBeforeCombat(target, True), f"{text} yes",
                            f"retreat {WITHDRAW_DISTANCE} hex before combat: {how}", RBC_RULE),
             DecisionOption(RetreatBeforeCombat(target, False), f"{text} no",
                            "stand and receive the charge", RBC_RULE)),
            RBC_RULE, target, tuple(u.id for u in rest)))
    return out


def answer(state: GameState, game_map: HexMap, decision: PendingDecision, action: Decision,
           dice: Dice, options: Options, costs: MoveCosts | None = None
           ) -> tuple[list[Event], list[PendingDecision]]:
    """Carry out the charged player's answer; its events and the decisions it leads to."""
    if decision.rout is not None and isinstance(action, ChooseRetreatPath):
        events = answer_rout(state, game_map, decision, action, options, costs, dice)
        start = decision.paths[0][0] if decision.paths else None  # a charged hex left empty
        return events + (cancel_if_empty(state, start, decision.cause) if start else []), []
    target = decision.target
    assert target is not None
    if isinstance(action, ChooseRetreatPath):
        events = _withdraw(state, target, action.unit_id, action.path, decision.cause)
        return events + cancel_if_empty(state, target, decision.cause), []
    if isinstance(action, Prolong) and action.retire:
        return _prolong(state, game_map, target, action.unit_id, dice, options, costs)
    if isinstance(action, RetreatBeforeCombat) and action.retreat:
        return _retreat(state, game_map, target, decision.unit_ids, dice, options, costs)
    return [], []


def _retreat(state: GameState, game_map: HexMap, target: Hex, ids: Sequence[str], dice: Dice,
             options: Options, costs: MoveCosts | None
             ) -> tuple[list[Event], list[PendingDecision]]:
    units = [state.units[i] for i in ids if i in state.units]
    roll = None
    if any(not _goes_without_roll(u) for u in units):
        roll = dice.d66("3.5 retreat before combat: one roll for the units that need it")
    events: list[Event] = []
    going = []
    for unit in units:
        terms, ml = level(state, game_map, unit)
        passed = _goes_without_roll(unit) or (roll is not None and D66.of(roll) <= ml)
        shown = None if _goes_without_roll(unit) else roll
        events.append(WithdrawalAttempted(unit.id, shown, terms, passed, RBC_RULE))
        if passed:
            going.append(unit)
    decisions: list[PendingDecision] = []
    for unit in going:
        more, asked = _move_or_ask(state, game_map, target, unit, options, costs, RBC_RULE)
        events += more
        decisions += asked
    return events + cancel_if_empty(state, target, RBC_RULE), decisions


def _prolong(state: GameState, game_map: HexMap, target: Hex, unit_id: str, dice: Dice,
             options: Options, costs: MoveCosts | None
             ) -> tuple[list[Event], list[PendingDecision]]:
    gun = state.units[unit_id]
    roll = dice.d66("7.36 retire by prolong")
    terms, ml = level(state, game_map, gun)
    passed = D66.of(roll) <= ml
    events: list[Event] = [WithdrawalAttempted(unit_id, roll, terms, passed, "7.36")]
    if passed:
        more, asked = _move_or_ask(state, game_map, target, gun, options, costs, PROLONG_RULE)
        return events + more + cancel_if_empty(state, target, PROLONG_RULE), asked
    status = (gun.status - {Status.SHAKEN, Status.COVER}) | {Status.ROUTED}
    state.units[unit_id] = replace(gun, status=frozenset(status))
    events.append(UnitRouted(unit_id, "7.36"))
    events += rout_move(state, game_map, unit_id, _chargers(state, target), options, costs)
    return events + cancel_if_empty(state, target, PROLONG_RULE), []


def _move_or_ask(state: GameState, game_map: HexMap, target: Hex, unit: Unit, options: Options,
                 costs: MoveCosts | None, rule: str
                 ) -> tuple[list[Event], list[PendingDecision]]:
    """Withdraw along the chosen path, or ask the owner when equally good paths remain."""
    found = _paths(state, game_map, unit, target, options, costs)
    if found.chosen is None or found.outcome is not Outcome.COMPLETED:
        return [], []  # blocked since the choice was offered: the unit stays
    if not found.owner_has_choice:
        return _withdraw(state, target, unit.id, found.chosen.hexes[1:], rule), []
    return [], [path_decision(unit, found, target, rule)]


def _withdraw(state: GameState, target: Hex, unit_id: str, path: Sequence[Hex], rule: str
              ) -> list[Event]:
    unit = state.units.get(unit_id)
    if unit is None or not path:
        return []
    cost = Breakdown.of([Term("withdraws from the charge", 0, rule)])
    state.units[unit_id] = replace(unit, hex=path[-1])
    events: list[Event] = [UnitMoved(unit_id, tuple(path), cost)]
    left = [u for u in state.units_at(target) if u.side is unit.side]
    if left and all(u.kind is UnitKind.LEADER for u in left):
        for leader in left:
            state.units[leader.id] = replace(leader, hex=path[-1])
            events.append(UnitMoved(leader.id, tuple(path), cost))
    return events


def cancel_if_empty(state: GameState, target: Hex, rule: str) -> list[Event]:
    """Cancel the charge on `target` if no defending combat unit is left there."""
    ids = state.charges.get(target)
    if not ids:
        return []
    side = next((state.units[i].side for i in ids if i in state.units), None)
    if any(u.side is not side and u.kind is not UnitKind.LEADER
           for u in state.units_at(target)):
        return []
    del state.charges[target]
    state.deferred_charges.pop(target, None)
    return remove_charge_markers(state, ids, rule)
