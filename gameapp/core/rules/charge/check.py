"""The morale check that resolves a charge (7.33), along the d66 sequence.

    roll <= ML   no effect
    roll >  ML   rout and rout movement (artillery personnel leave their guns)
    roll == 66   a leader present is incapacitated (the dice as thrown)

One roll serves a whole stack (morale table note 3): every unit compares it with its own morale
level. The level is the printed ML (25 for horse holders, 5.27) moved along the sequence by the
morale table's modifiers (`morale.level_modifiers`: officers, losses, exhaustion) and by the
odds' points (`odds.Odds.level_term`). Nothing modifies the roll itself in a charge.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from gameapp.core.breakdown import Breakdown, Term
from gameapp.core.dice import D66
from gameapp.core.rules.charge.tables import ChargeTables, charge_tables
from gameapp.core.rules.morale import Outcome
from gameapp.core.units import Unit, UnitKind


@dataclass(frozen=True)
class ChargeCheck:
    unit_id: str
    attacker: bool
    roll: int  # the dice as thrown
    level_terms: Breakdown  # the printed ML, then the modifiers to it
    outcome: Outcome  # NO_EFFECT or ROUT_MOVEMENT
    guns_abandoned: bool  # artillery personnel leave their guns
    rule: str

    @property
    def morale_level(self) -> D66:
        printed, *mods = self.level_terms.terms
        return D66.of(int(printed.value)) + int(sum(t.value for t in mods))

    @property
    def routs(self) -> bool:
        return self.outcome is Outcome.ROUT_MOVEMENT

    def lines(self) -> list[str]:
        side = "attacker" if self.attacker else "defender"
        sign = ">" if self.routs else "≤"
        printed, *mods = self.level_terms.terms
        result = "rout and rout movement" if self.routs else "no effect"
        if self.guns_abandoned:
            result += "; the personnel leave their guns"
        return [
            f"{self.rule} charge morale check of {self.unit_id} ({side})",
            f"  {printed.rule} {printed.label} {int(printed.value)}",
            *(f"  {t}" for t in mods),
            f"morale level {self.morale_level}",
            f"roll {self.roll} {sign} {self.morale_level}: {result}",
        ]


def charge_morale_check(unit: Unit, roll: int, level_modifiers: Sequence[Term], *,
                        attacker: bool, horse_holder: bool = False,
                        tables: ChargeTables | None = None) -> ChargeCheck:
    """7.33 for one unit and the stack's roll."""
    t = tables or charge_tables()
    if horse_holder:
        printed = Term("horse holders' morale level", t.horse_holder_morale,
                       t.horse_holder_morale_rule)
    else:
        printed = Term("printed morale level", unit.defn.morale, "7.0")
    terms = Breakdown.of([printed, *level_modifiers])
    level = D66.of(int(printed.value)) + int(sum(m.value for m in level_modifiers))
    routs = D66.of(roll) > level
    outcome = Outcome.ROUT_MOVEMENT if routs else Outcome.NO_EFFECT
    guns = routs and unit.kind is UnitKind.ARTILLERY
    return ChargeCheck(unit.id, attacker, roll, terms, outcome, guns, t.check_rule)
