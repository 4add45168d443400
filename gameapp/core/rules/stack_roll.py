"""Note 3 of the morale table: one roll for a whole stack, or one roll for each unit.

When two or more units in one hex must check morale for the same cause at the same moment (a
fire result, 7.37 next to a rout, 7.38, 3.312), their owner says before the dice which it is
(docs/rules.md, "One roll or one each"). Charge checks are never asked: 8.41 always throws one
roll for the stack (`rules/chargephase.py`).

- `due_check` freezes a check's terms while the question waits (`decisions.DueCheck`);
- `stack_decision` is the question, each option with the exact chances it gives (`chances`);
- `roll_checks` throws the dice: with `one`, a single d66 read against every unit's own level
  (each check keeps its own terms, plus a 0 term saying the roll was shared); otherwise one d66
  per unit, in the order of the checks;
- `apply_fire_check` puts a fire check's result on the state (the fire phase's way, shared by
  the fire phase and the answer).

The answer itself (`pending_checks.answer_stack_roll`) applies the results and makes the rout
movements they call for.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import prod

from gameapp.core.actions import StackRoll
from gameapp.core.breakdown import Term
from gameapp.core.decisions import DecisionKind, DecisionOption, DueCheck, PendingDecision
from gameapp.core.dice import D66, Dice
from gameapp.core.events import Event, MoraleChecked, RoutMovementPending
from gameapp.core.hexgrid import Hex
from gameapp.core.rules.morale import CheckKind, MoraleCheck, Outcome, apply_outcome, morale_check
from gameapp.core.state import GameState
from gameapp.core.units import Side, Unit

STACK_RULE = "Morale N3"
SHARED_ROLL = Term("one roll for the stack", 0, STACK_RULE)
FIRE_KINDS = frozenset({CheckKind.FCRT.value, CheckKind.CAVALRY.value,
                        CheckKind.ROUTED_HIT.value})
ALL_ROLLS = tuple(tens * 10 + units for tens in range(1, 7) for units in range(1, 7))
HOLDS = frozenset({Outcome.NO_EFFECT, Outcome.COVER})
ROUTS = frozenset({Outcome.ROUT, Outcome.ROUT_MOVEMENT})


@dataclass(frozen=True)
class StackChances:
    """What one choice gives, exactly: every unit holds (no effect or cover), at least one
    routs, every one routs, and the SPs expected to rout (the same under both choices: only
    the spread differs)."""

    all_hold: Fraction
    any_routs: Fraction
    all_rout: Fraction
    routed_sps: Fraction


def due_check(unit: Unit, kind: CheckKind, level_terms: Sequence[Term],
              roll_terms: Sequence[Term]) -> DueCheck:
    return DueCheck(unit.id, kind.value, unit.defn.morale, tuple(level_terms), tuple(roll_terms))


def morale_level(check: DueCheck) -> D66:
    """The level the unit checks against, with every level term."""
    return D66.of(check.printed) + int(sum(t.value for t in check.level_terms))


def check_with(unit: Unit, check: DueCheck, roll: int, shared: bool) -> MoraleCheck:
    roll_terms = [*check.roll_terms, *([SHARED_ROLL] if shared else [])]
    return morale_check(unit, CheckKind(check.kind), roll, list(check.level_terms), roll_terms)


def _outcomes(unit: Unit, check: DueCheck) -> list[Outcome]:
    return [check_with(unit, check, roll, False).outcome for roll in ALL_ROLLS]


def chances(units: Mapping[str, Unit], checks: Sequence[DueCheck], one: bool) -> StackChances:
    """The exact chances of a choice, from the 36 equally likely d66 rolls. Like
    `roll_checks`, only the checks of units still on the map count: a unit may leave it (a
    rout off the edge) while an earlier decision is answered."""
    rows = [(units[c.unit_id], _outcomes(units[c.unit_id], c)) for c in checks
            if c.unit_id in units]
    n = len(ALL_ROLLS)
    rout_p = [Fraction(sum(o in ROUTS for o in outs), n) for _, outs in rows]
    routed_sps = sum((p * unit.strength for p, (unit, _) in zip(rout_p, rows, strict=True)),
                     Fraction(0))
    if one:
        all_hold = Fraction(sum(all(outs[i] in HOLDS for _, outs in rows) for i in range(n)), n)
        any_routs = Fraction(sum(any(outs[i] in ROUTS for _, outs in rows) for i in range(n)), n)
        all_rout = Fraction(sum(all(outs[i] in ROUTS for _, outs in rows) for i in range(n)), n)
    else:
        all_hold = prod((Fraction(sum(o in HOLDS for o in outs), n) for _, outs in rows),
                        start=Fraction(1))
        any_routs = 1 - prod((1 - p for p in rout_p), start=Fraction(1))
        all_rout = prod(rout_p, start=Fraction(1))
    return StackChances(all_hold, any_routs, all_rout, routed_sps)


def _percent(p: Fraction) -> str:
    return f"{float(p):.1%}"


def _label(what: str, odds: StackChances) -> str:
    return (f"{what}: all hold {_percent(odds.all_hold)}, any routs {_percent(odds.any_routs)}, "
            f"all rout {_percent(odds.all_rout)}, {float(odds.routed_sps):.2f} SPs expected "
            "to rout")


def stack_decision(state: GameState, side: Side, where: Hex, hex_id: str,
                   checks: Sequence[DueCheck], cause: str,
                   causers: Sequence[str] = ()) -> PendingDecision:
    """The owner's question before the dice of `checks` (two or more units in `where`)."""
    one, each = (chances(state.units, checks, flag) for flag in (True, False))
    levels = ", ".join(f"{c.unit_id} level {morale_level(c)}" for c in checks)
    return PendingDecision(
        side, DecisionKind.STACK_ROLL,
        f"{len(checks)} units in {hex_id} must check morale ({cause}; {levels}): one roll for "
        "the stack or one each?",
        (DecisionOption(StackRoll(True), "stack-roll one",
                        _label("one roll for the stack, read against each unit's own level",
                               one), STACK_RULE),
         DecisionOption(StackRoll(False), "stack-roll each",
                        _label("one roll for each unit", each), STACK_RULE)),
        STACK_RULE, where, tuple(c.unit_id for c in checks), checks=tuple(checks),
        causers=tuple(causers))


def roll_label(check: DueCheck) -> str:
    """What one unit's own roll is for (the fire phase's words for fire checks)."""
    if check.kind in FIRE_KINDS:
        return f"morale {check.unit_id}"
    return f"{check.kind} morale {check.unit_id}"


def roll_checks(units: Mapping[str, Unit], checks: Sequence[DueCheck], one: bool, dice: Dice,
                hex_id: str) -> list[MoraleCheck]:
    """Throw the dice for `checks` (units still on the map) and read each one's result."""
    live = [c for c in checks if c.unit_id in units]
    if one and live:
        roll = dice.d66(f"morale {hex_id}: one roll for the stack")
        return [check_with(units[c.unit_id], c, roll, True) for c in live]
    return [check_with(units[c.unit_id], c, dice.d66(roll_label(c)), False) for c in live]


def apply_fire_check(state: GameState, check: MoraleCheck) -> list[Event]:
    """A fire check's result on the state; rout movement is left to the engine (away from the
    firers)."""
    unit = state.units[check.unit_id]
    state.units[unit.id] = apply_outcome(unit, check.outcome)
    events: list[Event] = [MoraleChecked(check)]
    if check.outcome is Outcome.ROUT_MOVEMENT:
        events.append(RoutMovementPending(unit.id, check.kind.value))
    return events
