"""Morale checks in play: the phase's bookkeeping of notes 1 and 2, and applying a result.

- 7.65 (note 1): a unit makes rout movement at most once a phase (`GameState.rout_moved`); any
  further morale check on it this phase is ignored.
- 7.83 (note 2): a unit may not rout in the phase it becomes unformed. A formed unit that a
  check leaves shaken or routed goes into `GameState.unformed_this_phase`, and further checks
  on it this phase are ignored too.

Together these are the units whose shaken or rout marker 1.24 suggests turning upside down:
`checks_ignored(state)`, which the window draws. An ignored check is not rolled; it leaves a
`MoraleCheckIgnored` event.
"""

from __future__ import annotations

from gameapp.core.breakdown import Term
from gameapp.core.dice import Dice
from gameapp.core.events import Event, MoraleChecked, MoraleCheckIgnored, UnitRouted
from gameapp.core.rules.morale import (
    CheckKind,
    MoraleCheck,
    Outcome,
    apply_outcome,
    is_formed,
    morale_check,
)
from gameapp.core.state import GameState
from gameapp.core.units import Status, Unit


def new_phase(state: GameState) -> None:
    """Forget last phase's rout movements, newly unformed units and MPs spent in fronts."""
    state.rout_moved.clear()
    state.unformed_this_phase.clear()
    state.front_mp.clear()


def checks_ignored(state: GameState) -> frozenset[str]:
    """The units on the map whose further morale checks this phase are ignored (the seed's
    upside-down marker)."""
    return frozenset((state.rout_moved | state.unformed_this_phase) & set(state.units))


def ignored(state: GameState, unit_id: str, kind: CheckKind) -> MoraleCheckIgnored | None:
    """The event of an ignored check, or None when the unit must roll."""
    if unit_id in state.rout_moved:
        return MoraleCheckIgnored(unit_id, kind.value, "made rout movement this phase", "7.65")
    if unit_id in state.unformed_this_phase:
        return MoraleCheckIgnored(unit_id, kind.value, "became unformed this phase", "7.83")
    return None


def mark_newly_unformed(before: GameState, after: GameState) -> None:
    """Note every unit an action took from formed to unformed (7.83), whatever rule did it,
    unless the action ended the phase (what happened in the old phase does not carry over)."""
    if (before.turn, before.step_index) != (after.turn, after.step_index):
        return
    for uid, unit in after.units.items():
        old = before.units.get(uid)
        if old is not None and is_formed(old) and not is_formed(unit):
            after.unformed_this_phase.add(uid)


def take_check(state: GameState, unit: Unit, kind: CheckKind, dice: Dice,
               level_terms: list[Term], roll_terms: list[Term]) -> tuple[list[Event], bool]:
    """Roll one unit's check, or ignore it (7.65, 7.83); apply the result to the state.
    Returns the events and whether the unit must now make rout movement."""
    skip = ignored(state, unit.id, kind)
    if skip is not None:
        return [skip], False
    roll = dice.d66(f"{kind.value} morale {unit.id}")
    return settle(state, unit, morale_check(unit, kind, roll, level_terms, roll_terms))


def settle(state: GameState, unit: Unit, check: MoraleCheck) -> tuple[list[Event], bool]:
    """Apply a rolled check: markers, the newly unformed, and whether rout movement is due."""
    after = apply_outcome(unit, check.outcome)
    state.units[unit.id] = after
    events: list[Event] = [MoraleChecked(check)]
    if is_formed(unit) and not is_formed(after):
        state.unformed_this_phase.add(unit.id)
    if Status.ROUTED in after.status and Status.ROUTED not in unit.status:
        events.append(UnitRouted(unit.id, check.kind.value))
    return events, check.outcome is Outcome.ROUT_MOVEMENT
