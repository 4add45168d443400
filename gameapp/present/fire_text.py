"""Fire attacks in words: the rows of a plan's breakdown (fire points step by step, the column,
the dice-roll modifiers, the odds of each result) and what each result means. Pure Python: the
fire dialog, the fire panel and the tests read the same text; what a roll did is told by
event_words, like every event.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from gameapp.core.breakdown import Term
from gameapp.core.rules.datafile import show
from gameapp.core.rules.fire.phase import FirePlan
from gameapp.core.rules.fire.points import FpTerm
from gameapp.core.units import UnitKind

OFFICER_HIT = "officer hit"
_ORDER = ("NE", "A", "A1", "A2", "A3", "C1", "C2", "C3", "C4", "C5", "C6", OFFICER_HIT)


def percent(chance: Fraction) -> str:
    """A chance as a percentage with one decimal: 24/36 -> '66.7%'."""
    return f"{float(chance) * 100:.1f}%"


def signed(value: float) -> str:
    return f"{value:+g}"


def steps_words(n: int) -> str:
    return f"{n} casualty step" + ("" if n == 1 else "s")


def result_meaning(result: str) -> str:
    """What a result of the FCRT does, in a few words."""
    if result == "NE":
        return "no effect"
    if result == OFFICER_HIT:
        return "an officer in the hex is incapacitated (unmodified roll)"
    steps = int(result[1:]) if result[1:].isdigit() else 0
    if result.startswith("A"):
        check = "a morale check if only artillery fired"
        return f"{steps_words(steps)}; {check}" if steps else check
    if result.startswith("C"):
        return f"{steps_words(steps)} and a morale check"
    return result


def _order(result: str) -> tuple[int, str]:
    return (_ORDER.index(result), "") if result in _ORDER else (len(_ORDER), result)


@dataclass(frozen=True)
class OddsRow:
    result: str
    chance: Fraction
    meaning: str

    @property
    def text(self) -> str:
        return f"{self.result} {percent(self.chance)}"


def odds_rows(odds: Mapping[str, Fraction]) -> list[OddsRow]:
    """Each result's chance, in the table's order (NE, A, A1, C1 … C6, then the officer)."""
    return [OddsRow(r, odds[r], result_meaning(r)) for r in sorted(odds, key=_order)]


def odds_line(odds: Mapping[str, Fraction]) -> str:
    """'NE 66.7%, A 11.1%, A1 11.1%, C1 11.1%; officer hit 2.8%'."""
    rows = odds_rows(odds)
    results = ", ".join(r.text for r in rows if r.result != OFFICER_HIT)
    officer = next((r.text for r in rows if r.result == OFFICER_HIT), "")
    return results + (f"; {officer}" if officer else "")


@dataclass(frozen=True)
class StepRow:
    """One step of the fire point calculation: (rule, label, operation, running total)."""

    rule: str
    label: str
    operation: str  # "=5", "×1/3", "≤4", "" for a note
    result: str

    @classmethod
    def of(cls, term: FpTerm) -> StepRow:
        if term.op == "note":
            return cls(term.rule, term.label, "", "")
        return cls(term.rule, term.label, f"{term.op}{show(term.value)}", show(term.result))


@dataclass(frozen=True)
class FirerRows:
    unit_id: str
    name: str
    distance: int
    fires: bool
    steps: list[StepRow]


@dataclass(frozen=True)
class PlanRows:
    """Everything the fire dialog shows before the roll."""

    firers: list[FirerRows]
    attack: list[StepRow]  # adding the firers up, the target's formation and morale, steps 7-8
    total: str  # the fire points
    column: str  # the FCRT column's rule, such as "FCRT small arms 1½"
    modifiers: list[Term]
    modifier_total: int
    odds: list[OddsRow]
    aim: str = ""  # what the fire is aimed at, when not simply the personnel


def plan_rows(plan: FirePlan) -> PlanRows:
    names = {f.unit.id: f.unit.defn.name for f in plan.firers}
    distances = {f.unit.id: f.distance for f in plan.firers}
    firers = [
        FirerRows(p.unit_id, names.get(p.unit_id, p.unit_id), distances.get(p.unit_id, 0),
                  p.fires, [StepRow.of(t) for t in p.terms])
        for p in plan.points.firers
    ]
    column = plan.points.column
    return PlanRows(
        firers=firers,
        attack=[StepRow.of(t) for t in plan.points.terms],
        total=show(plan.points.total),
        column=column.rule if column is not None else "no column",
        modifiers=list(plan.modifiers),
        modifier_total=int(plan.modifiers.total),
        odds=odds_rows(plan.odds),
        aim=aim_words(plan),
    )


def aim_words(plan: FirePlan) -> str:
    """What the attack is aimed at, in the dialog's words ("" for the personnel alone)."""
    if plan.target.at_guns:
        return ("the guns: the batteries' gun SPs make the density, and the casualty steps "
                "come off the batteries")
    if plan.situation.at_officer:
        return "an officer: the first casualty step incapacitates him (6.75, 6.77)"
    if any(u.kind is UnitKind.ARTILLERY for u in plan.target.units):
        return "the personnel: the artillery crews count double (6.63)"
    return ""
