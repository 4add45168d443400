"""Charges in words: the rows of a charge preview (each side's SPs step by step, the odds column
and its effect on morale, each checking unit's morale level (8.41, 8.42), the exact chance of
each outcome and of each unit routing). Pure Python: the charge dialog and the tests read the
same text; what a charge did is told by event_words, like every event.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from gameapp.core.dice import D66
from gameapp.core.rules.charge import ChargeOutcome, SideStrength, Step
from gameapp.core.rules.charge.preview import ChargePreview, UnitLevel
from gameapp.core.rules.datafile import show
from gameapp.present.fire_text import StepRow, percent

OUTCOME_WORDS = {
    ChargeOutcome.DEFENDER_ROUTS: "Defenders rout",
    ChargeOutcome.ATTACKER_ROUTS: "Attackers rout",
    ChargeOutcome.HELD: "Both stand",
}


def step_row(step: Step) -> StepRow:
    """(rule, label, operation, running figure) of one step of a side's SPs."""
    if step.op == "note":
        return StepRow(step.rule, step.label, "", "")
    if step.op == "≈":
        return StepRow(step.rule, step.label, "≈", show(step.result))
    return StepRow(step.rule, step.label, f"{step.op}{show(step.value)}", show(step.result))


@dataclass(frozen=True)
class UnitRows:
    unit_id: str
    name: str
    steps: list[StepRow]
    sps: str


@dataclass(frozen=True)
class SideRows:
    title: str  # "Attacker" or "Defender"
    notes: list[StepRow]  # what holds for the whole side
    units: list[UnitRows]
    total: str  # "5 + 3 = 8"


@dataclass(frozen=True)
class ChanceRow:
    label: str
    chance: Fraction
    meaning: str


@dataclass(frozen=True)
class LevelRows:
    """One checking unit's morale level for the charge's 7.33 check, step by step."""

    title: str  # "Defender 1st Texas (CS-1), 8.41"
    steps: list[StepRow]  # the printed level, then each modifier with the running level
    level: str


@dataclass(frozen=True)
class ChargeRows:
    """Everything the charge dialog shows before the roll."""

    attacker: SideRows
    defender: SideRows
    odds: list[tuple[str, str]]  # (rule, text): the column and its effect on morale
    automatic: str  # why no dice are thrown, or ""
    outcomes: list[ChanceRow]  # add up to 1
    routs: list[ChanceRow]  # each unit's chance to rout
    leaders: list[ChanceRow]  # a 66 incapacitating a side's leader
    levels: list[LevelRows] = field(default_factory=list)  # defenders (8.41), attackers (8.42)


def level_rows(level: UnitLevel, names: Mapping[str, str]) -> LevelRows:
    """A unit's morale level, each modifier moving it along the d66 sequence."""
    printed, *mods = level.terms.terms
    running = D66.of(int(printed.value))
    steps = [StepRow(printed.rule, printed.label, f"={int(printed.value)}", str(running))]
    for term in mods:
        running = running + int(term.value)
        steps.append(StepRow(term.rule, term.label, f"{int(term.value):+d}", str(running)))
    who, rule = ("Attacker", "8.42") if level.attacker else ("Defender", "8.41")
    name = names.get(level.unit_id, level.unit_id)
    return LevelRows(f"{who} {name} ({level.unit_id}), {rule}", steps, str(level.level))


def _side(side: SideStrength, names: Mapping[str, str]) -> SideRows:
    units = [UnitRows(u.unit_id, names.get(u.unit_id, u.unit_id), [step_row(s) for s in u.steps],
                      show(u.sps)) for u in side.units]
    figures = " + ".join(u.sps for u in units) or "0"
    total = figures if len(units) == 1 else f"{figures} = {show(side.total)}"
    return SideRows("Attacker" if side.attacker else "Defender",
                    [step_row(n) for n in side.notes], units, total)


def charge_rows(preview: ChargePreview, names: Mapping[str, str] | None = None) -> ChargeRows:
    """The preview's rows; `names` gives each unit's printed name by id."""
    names = names or {}
    chances = preview.chances
    outcomes = [ChanceRow(OUTCOME_WORDS[o], p, o.value) for o, p in chances.outcomes.items()]
    routs = [ChanceRow(f"{names.get(uid, uid)} ({uid}) routs", p, "defender")
             for uid, p in chances.defender_routs.items()]
    routs += [ChanceRow(f"{names.get(uid, uid)} ({uid}) routs", p, "attacker")
              for uid, p in chances.attacker_routs.items()]
    leaders = [ChanceRow(f"the {who} leader is incapacitated (a 66)", p, "")
               for who, p in (("defenders'", chances.defender_leader_lost),
                              ("attackers'", chances.attacker_leader_lost)) if p]
    automatic = preview.automatic
    why = "" if automatic is None else {
        "AR": "the odds column is AR: the attackers rout without a roll",
        "8.56": "horse holders charged at odds above 3-2: an automatic victory (8.56)",
        "none": "only leaders in the charged hex: nothing to roll against",
    }.get(automatic.value, f"decided without dice ({automatic.value})")
    rule = preview.odds.rule
    odds = [(rule, line.removeprefix(f"{rule} ")) for line in preview.odds.lines()]
    odds += list(preview.notes)  # what comes before the roll (003 5.4's opening volley)
    levels = [] if automatic is not None else [  # no check is rolled
        level_rows(u, names) for u in (*preview.defender_levels, *preview.attacker_levels)]
    return ChargeRows(_side(preview.attacker, names), _side(preview.defender, names), odds,
                      why, outcomes, routs, leaders, levels)


def chance_line(preview: ChargePreview) -> str:
    """'Defenders rout 52.8%, Attackers rout 24.9%, Both stand 22.3%'."""
    return ", ".join(f"{OUTCOME_WORDS[o]} {percent(p)}"
                     for o, p in preview.chances.outcomes.items())
