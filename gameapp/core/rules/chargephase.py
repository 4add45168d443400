"""Charges in play: resolving the charges recorded in `GameState.charges` (1.22, 1.25, 8.x).

`resolve_charges` resolves every recorded charge (the charge phase); `resolve_charge_at` one
charged hex (an immediate charge during movement, 3.411). Each applies the `ChargeResult` of
`rules/charge` at once, in this order:

1. leaders incapacitated on a 66 leave the map;
2. 8.52/8.53 casualties (`unit.losses`), a unit with nothing left eliminated;
3. every routed unit gets the ROUTED marker and makes rout movement (`rules/rout.py`) away from
   the other side's units in the charge, defenders first;
4. the victors advance into the charged hex at 0 MPs (8.54), after the last rout path the
   defenders' owner has to pick (`path_choice.hold_advance`); with a leader present each may
   then change facing, formation or cover (`advance_reform`);
5. the CHARGE markers of the charging units are removed and the charge is forgotten.

A recorded charge whose hex no longer holds enemy combat units (they were routed away or
eliminated by fire) is cancelled: its markers are removed, nothing is rolled.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace

from gameapp.core.breakdown import Breakdown, Term
from gameapp.core.dice import Dice
from gameapp.core.events import (
    CasualtiesTaken,
    ChargeResolved,
    Event,
    GunsCaptured,
    MarkersRemoved,
    OfficerIncapacitated,
    UnitEliminated,
    UnitMoved,
    UnitRouted,
)
from gameapp.core.hexgrid import Hex
from gameapp.core.mapdata import HexMap
from gameapp.core.options import RuleOptions
from gameapp.core.rules.advance_reform import reform_decisions
from gameapp.core.rules.charge import (
    Situation,
    attacker_strength,
    defender_strength,
    resolve_charge,
)
from gameapp.core.rules.charge.casualties import Casualty
from gameapp.core.rules.exhaustion import HIT, level_of, note
from gameapp.core.rules.morale_terms import as_level_terms, open_flank_terms, protection_terms
from gameapp.core.rules.movement.costs import MoveCosts
from gameapp.core.rules.movement.stacking import stacking_problem
from gameapp.core.rules.path_choice import hold_advance
from gameapp.core.rules.rout import rout_move
from gameapp.core.rules.tables import terrain_effects
from gameapp.core.state import GameState
from gameapp.core.units import Formation, Side, Status, Unit, UnitKind

CHARGE_RULE = "1.25"


# what happens as a charge goes in, before its checks: (charged hex, charging ids) -> events
# (003's opening volley, an option: `opening_volley.py`)
BeforeCharge = Callable[[Hex, tuple[str, ...]], list[Event]]


def resolve_charges(state: GameState, game_map: HexMap, dice: Dice,
                    options: Mapping[str, str | bool | int], costs: MoveCosts | None = None,
                    before: BeforeCharge | None = None) -> list[Event]:
    """The charge phase: every recorded charge, in the order declared."""
    events: list[Event] = []
    for target in list(state.charges):
        events += resolve_charge_at(state, game_map, target, dice, options, costs,
                                    before=before)
    return events


def resolve_charge_at(state: GameState, game_map: HexMap, target: Hex, dice: Dice,
                      options: Mapping[str, str | bool | int], costs: MoveCosts | None = None,
                      rule: str = CHARGE_RULE, before: BeforeCharge | None = None
                      ) -> list[Event]:
    ids = state.charges.pop(target, ())
    events: list[Event] = remove_charge_markers(state, ids, rule)
    if before is not None:
        events += before(target, ids)
    parties = charge_parties(state, target, ids, game_map=game_map)
    if parties is None:
        return events
    charging, defenders, situation = parties
    result = resolve_charge(
        charging, defenders, attacker_strength(charging, defenders, game_map),
        defender_strength(defenders, charging, game_map), dice, situation)
    events.append(ChargeResolved(tuple(u.id for u in charging), target, result.outcome.value,
                                 tuple(result.lines()), rule))
    for lost in result.leaders_lost:
        if state.units.pop(lost.unit_id, None) is not None:
            events.append(OfficerIncapacitated(lost.unit_id, lost.rule))
    events += _take_casualties(state, result.casualties)
    if result.attacker_won:
        events += abandon_guns(state, [r.unit_id for r in result.routs if r.guns_abandoned],
                               charging[0].side)
    routs = sorted(result.routs, key=lambda r: r.attacker)  # defenders move first
    for rout in routs:
        unit = state.units.get(rout.unit_id)
        if unit is None:
            continue
        status = (unit.status - {Status.SHAKEN, Status.COVER, Status.CHARGE}) | {Status.ROUTED}
        state.units[unit.id] = replace(unit, status=frozenset(status))
        events.append(UnitRouted(unit.id, rout.rule))
    for rout in routs:
        causers = defenders if rout.attacker else charging
        live = [state.units[u.id] for u in causers if u.id in state.units]
        events += rout_move(state, game_map, rout.unit_id, live or causers, options, costs)
    advance = result.advance
    # a defender whose owner still picks its rout path holds the advance (path_choice.py)
    if advance is not None and not hold_advance(state, advance.to_hex, advance.unit_ids,
                                                advance.rule):
        events += advance_victors(state, advance.unit_ids, advance.to_hex, advance.rule,
                                  game_map, RuleOptions.of(options).stacking_rule)
    return events


def _take_casualties(state: GameState, casualties: Sequence[Casualty]) -> list[Event]:
    """8.52/8.53: the SPs come off; a unit with nothing left is eliminated."""
    events: list[Event] = []
    for casualty in casualties:
        unit = state.units.get(casualty.unit_id)
        if unit is None or not casualty.sps:
            continue
        hurt = replace(unit, losses=unit.losses + casualty.sps)
        note(state, unit, HIT, casualty.sps)
        events.append(CasualtiesTaken(unit.id, casualty.sps, casualty.rule))
        if hurt.strength <= 0:
            del state.units[unit.id]
            events.append(UnitEliminated(unit.id, casualty.rule))
        else:
            state.units[unit.id] = hurt
    return events


GUNS_LEFT_RULE = "7.33"


def abandon_guns(state: GameState, battery_ids: Sequence[str], victors: Side) -> list[Event]:
    """7.33: the crews of batteries routed by a charge leave their guns, and the victors
    advancing into the hex take them, served and silent. A battery's crew goes with its last gun
    (7.74), so it is captured whole and leaves the map (docs/rules.md, "Routed gunners")."""
    events: list[Event] = []
    for uid in battery_ids:
        battery = state.units.pop(uid, None)
        if battery is None:
            continue
        # every gun still with the battery, silent ones too (docs/rules.md, "Crews and guns")
        events.append(GunsCaptured(uid, battery.guns_on_hand, victors, GUNS_LEFT_RULE))
        events.append(UnitEliminated(uid, GUNS_LEFT_RULE))
    return events


AUTOMATIC_VICTORY_RULE = "3.412"


def automatic_victory(state: GameState, target: Hex) -> bool:
    """3.412: every combat unit charged in `target` stands in skirmish (open) order."""
    ids = state.charges.get(target, ())
    side = next((state.units[i].side for i in ids if i in state.units), None)
    troops = [u for u in state.units_at(target) if u.side is not side
              and u.kind is not UnitKind.LEADER]
    return bool(troops) and all(u.formation is Formation.SKIRMISH for u in troops)


def charge_parties(state: GameState, target: Hex, ids: Sequence[str],
                   positions: Mapping[str, Hex] | None = None, game_map: HexMap | None = None
                   ) -> tuple[list[Unit], list[Unit], Situation] | None:
    """Who takes part in a charge on `target` by the units `ids`: the charging units (routed
    ones drop out) with the leaders stacked with them (their bonus, their risk), the units in
    the charged hex, and the situation (exhaustion, the units present in the charging hexes).
    `positions` moves charging units to where a move would stop them. With `game_map` every
    checking unit's level also counts its open flanks (7.27) and what enemy fire from the other
    side of the charge would subtract from its roll (`charge_level_terms`). None when nothing is
    left to resolve: no unrouted charging unit, or no enemy combat unit in the hex."""
    where = positions or {}
    attackers = [replace(state.units[i], hex=where.get(i, state.units[i].hex)) for i in ids
                 if i in state.units and Status.ROUTED not in state.units[i].status]
    if not attackers:
        return None
    side = attackers[0].side
    defenders = [u for u in state.units_at(target) if u.side is not side]
    if not any(u.kind is not UnitKind.LEADER for u in defenders):
        return None
    hexes = {u.hex for u in attackers}
    moved = {u.id: u for u in attackers}
    present = tuple(moved.get(u.id, u) for u in state.units.values()
                    if moved.get(u.id, u).hex in hexes and u.side is side)
    leaders = [u for u in present if u.kind is UnitKind.LEADER and u.id not in moved]
    charging = [*attackers, *leaders]
    situation = Situation(
        exhaustion={u.id: level_of(state, u) for u in (*charging, *defenders)},
        horse_holders=frozenset(u.id for u in defenders if u.defn.horse_holders),  # 8.56
        # 8.53: mounted cavalry of the charge follow routing skirmishers into the charged hex,
        # the first hex of their rout (docs/rules.md, "Pursuit")
        pursuing_cavalry=frozenset(u.id for u in attackers if u.kind is UnitKind.CAVALRY
                                   and u.formation is not Formation.DISMOUNTED),
        present=present,
        level_terms=charge_level_terms(state, game_map, attackers, defenders) if game_map
        else {})
    return charging, defenders, situation


def charge_level_terms(state: GameState, game_map: HexMap, attackers: Sequence[Unit],
                       defenders: Sequence[Unit]) -> dict[str, tuple[Term, ...]]:
    """8.41/8.42 with the morale table's modifiers that depend on the position: open flanks
    (7.27) and what fire by the other side's units in the charge would subtract, each unit's
    own ground and the hexsides between them (counted as level, see `as_level_terms`)."""
    out: dict[str, tuple[Term, ...]] = {}
    if any(state.units.get(u.id) != u for u in attackers):  # previewed where a move stops
        state = state.copy()
        state.units.update({u.id: u for u in attackers})
    for own, other in ((attackers, defenders), (defenders, attackers)):
        enemies = [u for u in other if u.kind is not UnitKind.LEADER]
        for unit in own:
            if unit.kind is UnitKind.LEADER:
                continue
            out[unit.id] = (*open_flank_terms(state, game_map, unit), *as_level_terms(
                protection_terms(state, game_map, unit, enemies)))
    return out


def remove_charge_markers(state: GameState, ids: tuple[str, ...], rule: str) -> list[Event]:
    """The charge markers of `ids` come off (a charge resolved or cancelled)."""
    events: list[Event] = []
    for uid in ids:
        unit = state.units.get(uid)
        if unit is not None and Status.CHARGE in unit.status:
            state.units[uid] = replace(unit, status=unit.status - {Status.CHARGE})
            events.append(MarkersRemoved(uid, frozenset({Status.CHARGE}), rule))
    return events


def advance_victors(state: GameState, ids: tuple[str, ...], to: Hex, rule: str,
                    game_map: HexMap | None = None, stacking: str = "tec_sl") -> list[Event]:
    """8.54: the victors enter the charged hex at 0 MPs, keeping formation and facing unless a
    leader is present there (then each is asked, `advance_reform`). If a
    defender is still there (a routed unit that could not leave), nobody advances. The stacking
    limit of the charged hex holds (000 6.1, at the end of every step; TEC N1, the SPs that may
    charge from a hex): the victors advance in the order declared while the hex has room, and
    one that would over-stack it stays where it charged from (docs/rules.md, "Over-stacking")."""
    victors = [state.units[i] for i in ids
               if i in state.units and Status.ROUTED not in state.units[i].status]
    if not victors or any(u.side is not victors[0].side for u in state.units_at(to)):
        return []
    events: list[Event] = []
    for unit in victors:
        uid = unit.id
        moved = replace(unit, hex=to)
        if game_map is not None and _overstacks(state, moved, game_map, stacking):
            continue
        state.units[uid] = moved
        events.append(UnitMoved(uid, (to,), Breakdown.of(
            [Term("advance into the charged hex", 0, rule)])))
    if game_map is not None:  # with a leader present they may change on the advance (8.54)
        state.decisions += reform_decisions(state, game_map, to, ids, stacking)
    return events


def _overstacks(state: GameState, unit: Unit, game_map: HexMap, stacking: str) -> bool:
    here = [u for u in state.units_at(unit.hex) if u.id != unit.id]
    return stacking_problem(unit.hex, [*here, unit], game_map, terrain_effects(),
                            stacking) is not None

