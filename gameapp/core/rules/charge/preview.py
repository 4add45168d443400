"""What the window shows before a charge's dice: both sides' SPs step by step, the odds column,
and the exact chance of each outcome (`chances.py`, the same plan `resolve_charge` throws
against). Pure: the tactical ruleset gathers the units (`tactical(game).charge_preview`).

    preview = tactical(game).charge_preview(game.map.parse("0604"))   # a declared charge
    preview = tactical(game).charge_preview(target, ["US-1"])         # what a move would declare
    preview.odds.column.label                    # "1.5-1"
    preview.probability(ChargeOutcome.DEFENDER_ROUTS)   # Fraction(19, 36)
    for term in preview.attacker_terms: print(term)     # "8.13 charging in column ×3/2"
    preview.lines()                              # the whole breakdown, then the chances
    for level in preview.defender_levels: level.unit_id, level.level, level.terms
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from gameapp.core.breakdown import Breakdown, Term
from gameapp.core.dice import D66
from gameapp.core.hexgrid import Hex
from gameapp.core.mapdata import HexMap
from gameapp.core.rules.charge.chances import ChargeChances, odds_probabilities
from gameapp.core.rules.charge.odds import Odds
from gameapp.core.rules.charge.plan import (
    Automatic,
    ChargeOutcome,
    Checker,
    Plan,
    Situation,
    make_plan,
)
from gameapp.core.rules.charge.strength import (
    SideStrength,
    attacker_strength,
    defender_strength,
)
from gameapp.core.units import Unit


@dataclass(frozen=True)
class UnitLevel:
    """One unit's morale level for the charge's 7.33 check (8.41 defenders, 8.42 attackers),
    fixed before the roll: `terms` starts with the printed level (25 for horse holders, 5.27),
    then every modifier with its rule, the odds' points last. A roll above `level` routs it."""

    unit_id: str
    attacker: bool
    terms: Breakdown
    level: D66

    def line(self) -> str:
        return f"{self.unit_id}: morale level {self.level} = " + " ".join(
            f"{'+' if i and t.value >= 0 else ''}{t.value:g} ({t.label}, {t.rule})"
            for i, t in enumerate(self.terms.terms))


@dataclass(frozen=True)
class ChargePreview:
    """One charge before the roll.

    target: the charged hex; attacker_ids: the charging units and the leaders charging with
    them, as they would resolve together; defender_ids: every unit in the charged hex;
    attacker/defender: the SPs unit by unit, every step with its rule (`SideStrength.lines()`);
    odds: the column and its morale effect; chances: the exact probabilities; declared: True
    for a charge already recorded in the state, False for one a move would declare.
    """

    target: Hex
    attacker_ids: tuple[str, ...]
    defender_ids: tuple[str, ...]
    attacker: SideStrength
    defender: SideStrength
    odds: Odds
    chances: ChargeChances
    declared: bool
    defender_levels: tuple[UnitLevel, ...] = ()  # each defender that checks (8.41)
    attacker_levels: tuple[UnitLevel, ...] = ()  # each attacker that checks if any stands (8.42)
    notes: tuple[tuple[str, str], ...] = ()  # (rule, words): what comes first (003 5.4)

    @property
    def automatic(self) -> Automatic | None:
        """AR, 8.56 horse holders or a hex of leaders only: decided without dice."""
        return self.chances.automatic

    def probability(self, outcome: ChargeOutcome) -> Fraction:
        return self.chances.outcomes[outcome]

    @property
    def attacker_terms(self) -> tuple[Term, ...]:
        return _terms(self.attacker)

    @property
    def defender_terms(self) -> tuple[Term, ...]:
        return _terms(self.defender)

    def lines(self) -> list[str]:
        levels = (*self.defender_levels, *self.attacker_levels)
        return [*self.attacker.lines(), *self.defender.lines(), *self.odds.lines(),
                *(level.line() for level in levels), *self.chances.lines()]


def _terms(side: SideStrength) -> tuple[Term, ...]:
    """Every step as a Term: its label (the unit first; a multiplier ends in "×", a cap in
    "≤"), its value (the start figure, the factor, the cap or the rounded figure) and its rule;
    notes carry 0."""
    out = [Term(step.label, 0.0, step.rule) for step in side.notes]
    for unit in side.units:
        for step in unit.steps:
            mark = f" {step.op}" if step.op in ("×", "≤") else ""
            value = 0.0 if step.op == "note" else float(step.value)
            out.append(Term(f"{unit.unit_id}: {step.label}{mark}", value, step.rule))
    return tuple(out)


def preview_charge(charging: Sequence[Unit], defenders: Sequence[Unit], game_map: HexMap,
                   situation: Situation | None = None, declared: bool = False
                   ) -> ChargePreview:
    """The preview of `charging` (from their own hexes, leaders included) against the units
    of one hex."""
    attacker = attacker_strength(charging, defenders, game_map)
    defender = defender_strength(defenders, charging, game_map)
    chances = odds_probabilities(charging, defenders, attacker, defender, situation)
    plan = make_plan(charging, defenders, attacker, defender, situation)
    return ChargePreview(defenders[0].hex, tuple(u.id for u in charging),
                         tuple(u.id for u in defenders), attacker, defender, chances.odds,
                         chances, declared, _levels(plan, plan.defender_checks, False),
                         _levels(plan, plan.attacker_checks, True))


def _levels(plan: Plan, checkers: tuple[Checker, ...], attacker: bool
            ) -> tuple[UnitLevel, ...]:
    t = plan.tables
    out = []
    for c in checkers:
        printed = (Term("horse holders' morale level", t.horse_holder_morale,
                        t.horse_holder_morale_rule) if c.horse_holder
                   else Term("printed morale level", c.unit.defn.morale, "7.0"))
        out.append(UnitLevel(c.unit.id, attacker, Breakdown.of([printed, *c.terms]), c.level))
    return tuple(out)
