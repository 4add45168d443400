"""Morale checks (the morale table, 7.31-7.38, and 3.312), read along the d66 sequence.

A check compares the modified roll with the unit's morale level (ML), both as d66 values. The
fire rows (7.31, 7.32), and without their cover band 7.37, 7.38 and 3.312:

    roll < ML - 6          no effect
    ML - 6 <= roll < ML    cover (note 6), otherwise no effect
    ML <= roll < ML + 12   a formed unit is shaken
    roll >= ML + 12        a formed unit routs (no rout movement)
    roll >= ML             a shaken unit routs (no rout movement); a routed unit makes rout movement

Note 6 (7.31): cover only for a formed infantry or unlimbered artillery unit of printed ML above
36. For 7.32 (any fire on cavalry): cover only for dismounted cavalry of printed ML above 36.

The morale modifiers of the table change the morale level for the check (an officer's bonus
raises it, losses and exhaustion lower it), except the line "subtract what the enemy would
subtract firing at this unit", which lowers the roll (docs/rules.md, "Morale checks").

The pass-or-fail rows (7.33 charge, 7.34 routed unit hit, 7.35 rally, 7.36 retire by prolong):
a roll <= ML passes (no effect, rally, retire); a roll > ML means rout and rout movement.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

from gameapp.core.breakdown import Breakdown, Term
from gameapp.core.dice import D66
from gameapp.core.units import Formation, Side, Status, Unit, UnitKind


class Outcome(Enum):
    NO_EFFECT = "no effect"
    COVER = "cover"
    SHAKEN = "shaken"
    ROUT = "rout"  # routed, no rout movement this time
    ROUT_MOVEMENT = "rout movement"
    RALLY = "rally"  # 7.35 passed: shaken and rout markers off
    RETIRE = "retire"  # 7.36 passed: the battery retires by prolong


class CheckKind(Enum):
    FCRT = "7.31"  # an FCRT morale result
    CAVALRY = "7.32"  # any fire on cavalry
    CHARGE = "7.33"  # resolving a charge (rules/charge/check.py holds the play version)
    ROUTED_HIT = "7.34"  # a routed unit that takes casualties from fire
    RALLY = "7.35"  # an attempted rally
    PROLONG = "7.36"  # retire by prolong
    ADJACENT_ROUT = "7.37"  # a friendly unit's rout movement passes next to this unit
    LEADER_LOST = "7.38"  # an incapacitated leader
    FRONT_CHANGE = "3.312"  # facing, formation or cover changed in an enemy front


PASS_OR_FAIL = {CheckKind.CHARGE: Outcome.NO_EFFECT, CheckKind.ROUTED_HIT: Outcome.NO_EFFECT,
                CheckKind.RALLY: Outcome.RALLY, CheckKind.PROLONG: Outcome.RETIRE}
WITH_COVER = frozenset({CheckKind.FCRT, CheckKind.CAVALRY})  # note 6 applies


@dataclass(frozen=True)
class MoraleCheck:
    unit_id: str
    kind: CheckKind
    roll: int  # the dice as thrown
    roll_terms: Breakdown  # modifiers to the roll
    level_terms: Breakdown  # the printed ML and the modifiers to it
    outcome: Outcome

    @property
    def modified_roll(self) -> D66:
        return D66.of(self.roll) + int(self.roll_terms.total)

    @property
    def morale_level(self) -> D66:
        return D66.of(int(self.level_terms.terms[0].value)) + int(
            sum(t.value for t in self.level_terms.terms[1:])
        )

    def lines(self) -> list[str]:
        return [
            f"{self.kind.value} morale check of {self.unit_id}",
            f"roll {self.roll}",
            *(f"  {t}" for t in self.roll_terms),
            f"modified roll {self.modified_roll}",
            *(f"  {t}" for t in self.level_terms),
            f"morale level {self.morale_level}",
            f"result: {self.outcome.value}",
        ]


def is_formed(unit: Unit) -> bool:
    return not ({Status.SHAKEN, Status.ROUTED} & unit.status)


def may_take_cover(unit: Unit, kind: CheckKind) -> bool:
    """Note 6 for 7.31; its cavalry form for 7.32."""
    if unit.defn.morale <= 36 or not is_formed(unit):
        return False
    if kind is CheckKind.CAVALRY:
        return unit.formation is Formation.DISMOUNTED
    if unit.kind is UnitKind.ARTILLERY:
        return unit.formation is Formation.UNLIMBERED
    return unit.kind is UnitKind.INFANTRY


def morale_check(
    unit: Unit,
    kind: CheckKind,
    roll: int,
    level_modifiers: list[Term],
    roll_modifiers: list[Term],
) -> MoraleCheck:
    level_terms = Breakdown.of([Term("printed morale level", unit.defn.morale, "7.0"),
                                *level_modifiers])
    roll_terms = Breakdown.of(roll_modifiers)
    check = MoraleCheck(unit.id, kind, roll, roll_terms, level_terms, Outcome.NO_EFFECT)
    outcome = _band(unit, kind, check.modified_roll, check.morale_level)
    return MoraleCheck(unit.id, kind, roll, roll_terms, level_terms, outcome)


fire_morale_check = morale_check  # the name the fire phase knows it by


def _band(unit: Unit, kind: CheckKind, roll: D66, ml: D66) -> Outcome:
    passed = PASS_OR_FAIL.get(kind)
    if passed is not None:
        return Outcome.ROUT_MOVEMENT if roll > ml else passed
    if Status.ROUTED in unit.status:
        return Outcome.ROUT_MOVEMENT if roll >= ml else Outcome.NO_EFFECT
    if Status.SHAKEN in unit.status:
        return Outcome.ROUT if roll >= ml else Outcome.NO_EFFECT
    if roll >= ml + 12:
        return Outcome.ROUT
    if roll >= ml:
        return Outcome.SHAKEN
    if roll >= ml - 6 and kind in WITH_COVER and may_take_cover(unit, kind):
        return Outcome.COVER
    return Outcome.NO_EFFECT


def apply_outcome(unit: Unit, outcome: Outcome) -> Unit:
    """The unit after the check (rout movement itself is carried out by the rout rules)."""
    status = set(unit.status)
    if outcome is Outcome.COVER:
        status.add(Status.COVER)
    elif outcome is Outcome.RALLY:
        status -= {Status.SHAKEN, Status.ROUTED}
    elif outcome is Outcome.SHAKEN:
        status.add(Status.SHAKEN)
    elif outcome in (Outcome.ROUT, Outcome.ROUT_MOVEMENT):
        status -= {Status.SHAKEN, Status.COVER}
        status.add(Status.ROUTED)
    return replace(unit, status=frozenset(status))


EXHAUSTION_BANDS = ((12, -12), (9, -9), (5, -6))  # the morale table's exhaustion rows


def exhaustion_term(level: int) -> Term | None:
    for low, value in EXHAUSTION_BANDS:
        if level >= low:
            return Term(f"exhaustion level {level}", value, "7.2 exhaustion")
    return None


def level_modifiers(
    unit: Unit, leader_bonus: int = 0, exhaustion: Term | None = None,
    cavalry_unhurt: bool = False,
) -> list[Term]:
    """The morale table's changes to the morale level for a check caused by fire.

    Losses: the Union loses 6 from a quarter of its printed strength lost, the Confederacy from a
    third; anyone loses 9 from a half (the worse one applies, not both)."""
    terms = []
    if leader_bonus:
        terms.append(Term("officer's morale bonus", leader_bonus, "7.2 officers"))
    printed, lost = unit.defn.strength, unit.losses
    if printed and lost * 2 >= printed:
        terms.append(Term("lost half its strength", -9, "7.2 casualties"))
    elif printed and unit.side is Side.UNION and lost * 4 >= printed:
        terms.append(Term("Union unit lost a quarter", -6, "7.2 casualties"))
    elif printed and unit.side is Side.CONFEDERATE and lost * 3 >= printed:
        terms.append(Term("Confederate unit lost a third", -6, "7.2 casualties"))
    if exhaustion is not None and exhaustion.value:
        terms.append(exhaustion)
    if cavalry_unhurt and unit.kind is UnitKind.CAVALRY:
        terms.append(Term("cavalry fired on without losses", 6, "7.25"))
    return terms
