"""8.54: the changes a charge's victors may make on their advance when a leader is present.

The victors enter the charged hex at 0 MPs keeping formation, facing and cover, unless a leader
is present (docs/rules.md, "Changes on the advance"). With a leader of their side in the hex
once they have advanced, each advancing combat unit is asked in turn (a REFORM decision): keep
as it is, or make one change of facing (to any other direction), of formation (one the unit can
reach by the chart's changes, the hex's stacking limit holding, no unlimbering beside a steep
slope: TEC N5) or of cover. After a change it is asked again about the kinds it has not changed
yet, so one unit may turn, form line and take cover. The changes cost nothing, like the
advance, and call for no 3.312 check: they are part of the charge's result, not MPs spent in an
enemy front. The case without a leader (a charge resolved during movement, with MPs left) needs
nothing here: the unit simply goes on with its movement and pays for its changes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from gameapp.core.actions import Reform
from gameapp.core.breakdown import Breakdown, Term
from gameapp.core.decisions import DecisionKind, DecisionOption, PendingDecision, ReformLeft
from gameapp.core.events import Event, UnitReformed
from gameapp.core.hexgrid import Hex
from gameapp.core.mapdata import HexMap
from gameapp.core.rules.movement.formations import change_terms
from gameapp.core.rules.movement.stacking import stacking_problem
from gameapp.core.rules.tables import movement_tables, terrain_effects
from gameapp.core.state import GameState
from gameapp.core.terrain import Slope
from gameapp.core.units import FORMATIONS_BY_KIND, Formation, Status, Unit, UnitKind

REFORM_RULE = "8.54"


def leader_present(state: GameState, where: Hex, unit: Unit) -> bool:
    """A leader of `unit`'s side stands in `where`."""
    return any(u.kind is UnitKind.LEADER and u.side is unit.side for u in state.units_at(where))


def reform_decisions(state: GameState, game_map: HexMap, to: Hex, advanced: Sequence[str],
                     stacking: str) -> list[PendingDecision]:
    """One REFORM question for each combat unit of `advanced` (now in `to`) when a leader of
    their side is present there; none without a leader."""
    out: list[PendingDecision] = []
    for uid in advanced:
        unit = state.units.get(uid)
        if unit is None or unit.kind is UnitKind.LEADER or unit.hex != to:
            continue
        if not leader_present(state, to, unit):
            return []
        decision = reform_decision(state, game_map, unit, ReformLeft(), stacking)
        if decision is not None:
            out.append(decision)
    return out


def reform_decision(state: GameState, game_map: HexMap, unit: Unit, left: ReformLeft,
                    stacking: str) -> PendingDecision | None:
    """The question for `unit`: keep, or one change of a kind not yet made (None: no change
    is open to it)."""
    options = [DecisionOption(Reform(unit.id), f"reform {unit.id} keep",
                              "keep formation, facing and cover", REFORM_RULE)]
    for action, label in _changes(state, game_map, unit, left.made, stacking):
        options.append(DecisionOption(action, action.to_text(game_map.numbering), label,
                                      REFORM_RULE))
    if len(options) == 1:
        return None
    return PendingDecision(
        unit.side, DecisionKind.REFORM,
        f"{unit.defn.name} advanced with a leader present: it may change facing, formation or "
        "cover at no cost", tuple(options), REFORM_RULE, unit.hex, (unit.id,), reform=left)


def _changes(state: GameState, game_map: HexMap, unit: Unit, made: tuple[str, ...],
             stacking: str) -> list[tuple[Reform, str]]:
    out: list[tuple[Reform, str]] = []
    if "facing" not in made:
        out += [(Reform(unit.id, facing=f), f"face direction {f} (now {unit.facing})")
                for f in range(6) if f != unit.facing]
    if "formation" not in made:
        out += [(Reform(unit.id, formation=f), f"form {f.value} (now {unit.formation.value})")
                for f in FORMATIONS_BY_KIND[unit.kind] if _may_form(state, game_map, unit, f,
                                                                    stacking)]
    if "cover" not in made:
        on = Status.COVER not in unit.status
        out.append((Reform(unit.id, cover=on), "take cover" if on else "leave cover"))
    return out


def _may_form(state: GameState, game_map: HexMap, unit: Unit, formation: Formation,
              stacking: str) -> bool:
    if formation is unit.formation:
        return False
    if change_terms(unit.kind, unit.formation, formation, movement_tables(), False) is None:
        return False
    if formation is Formation.UNLIMBERED and any(
            abs(game_map.slope_at(unit.hex, d)) == Slope.STEEP_UP for d in range(6)):
        return False  # TEC N5
    others = [u for u in state.units_at(unit.hex) if u.id != unit.id]
    return stacking_problem(unit.hex, [*others, replace(unit, formation=formation)], game_map,
                            terrain_effects(), stacking) is None


def answer_reform(state: GameState, game_map: HexMap, decision: PendingDecision,
                  action: Reform, stacking: str) -> list[Event]:
    """Make the change `action` names (the decision is off the queue), then ask the same unit
    about the kinds it has not changed yet."""
    unit = state.units.get(action.unit_id)
    left = decision.reform or ReformLeft()
    if unit is None or action.keeps:
        return []
    if action.facing is not None:
        changed, kind, label = replace(unit, facing=action.facing), "facing", "change facing"
    elif action.formation is not None:
        changed = replace(unit, formation=action.formation)
        kind, label = "formation", f"{unit.formation.value} to {action.formation.value}"
    else:
        on = bool(action.cover)
        status = unit.status | {Status.COVER} if on else unit.status - {Status.COVER}
        changed = replace(unit, status=frozenset(status))
        kind, label = "cover", "take cover" if on else "leave cover"
    state.units[unit.id] = changed
    events: list[Event] = [UnitReformed(unit.id, changed.facing, changed.formation, Breakdown.of(
        [Term(f"{label} on the advance, leader present", 0, REFORM_RULE)]))]
    again = reform_decision(state, game_map, changed, replace(left, made=(*left.made, kind)),
                            stacking)
    if again is not None:
        state.decisions.insert(0, again)
    return events
