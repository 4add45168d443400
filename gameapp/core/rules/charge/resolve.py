"""Charge resolution (8.4, 8.5): the dice, the checks, the routs, the casualties, the advance.

`resolve_charge` returns everything as data for the engine to apply, in this order:

1. AR: every attacker routs without a roll. Odds above 3-2 against horse holders (8.56), a
   hex of skirmishers only (3.412, automatic victory), or a hex with only leaders in it: every
   defender routs without a roll;
2. otherwise the defender throws once for the whole stack (8.41, morale table note 3); each
   unit checks 7.33 against its own level, the odds' D points subtracted;
3. if any defender did not rout, the attacker throws once for all the charging units (8.42),
   the odds' A points subtracted;
4. a thrown 66 incapacitates a leader with the checking units (the first one given);
5. each unit making rout movement loses SPs by 8.52 (and routing skirmishers followed by
   cavalry by 8.53), before it moves;
6. when every defender routed the attackers must advance into the charged hex at 0 MPs (8.54).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from gameapp.core.dice import Dice
from gameapp.core.hexgrid import Hex
from gameapp.core.rules.charge.casualties import (
    Casualty,
    personnel_sps,
    pursuit_casualties,
    rout_casualties,
)
from gameapp.core.rules.charge.check import ChargeCheck, charge_morale_check
from gameapp.core.rules.charge.odds import Odds
from gameapp.core.rules.charge.plan import (
    Automatic,
    ChargeOutcome,
    Checker,
    Plan,
    Situation,
    make_plan,
)
from gameapp.core.rules.charge.strength import SideStrength, defender_hex
from gameapp.core.rules.charge.tables import ChargeTables
from gameapp.core.units import Formation, Unit, UnitKind

ADVANCE_RULE = "8.54"


@dataclass(frozen=True)
class Rout:
    """A unit that routs and makes rout movement at once."""

    unit_id: str
    attacker: bool
    rule: str  # 7.33, the odds' AR, or 8.56
    guns_abandoned: bool  # artillery personnel leave their guns (7.33)


@dataclass(frozen=True)
class LeaderLoss:
    unit_id: str
    roll: int
    rule: str


@dataclass(frozen=True)
class Advance:
    """8.54: the victors enter the charged hex at 0 MPs. Formation, facing and cover may change
    on the way only with a leader among them (`leader_present`), or, for a charge resolved
    during movement, with MPs left for the change (the engine knows those)."""

    unit_ids: tuple[str, ...]
    to_hex: Hex
    mp_cost: int
    leader_present: bool
    rule: str = ADVANCE_RULE


@dataclass(frozen=True)
class ChargeResult:
    odds: Odds
    outcome: ChargeOutcome
    automatic: Automatic | None
    rolls: tuple[tuple[str, int], ...]  # (purpose, d66) in the order thrown
    defender_checks: tuple[ChargeCheck, ...]
    attacker_checks: tuple[ChargeCheck, ...]
    routs: tuple[Rout, ...]
    leaders_lost: tuple[LeaderLoss, ...]
    casualties: tuple[Casualty, ...]
    advance: Advance | None
    strengths: tuple[SideStrength, ...] = ()

    @property
    def attacker_won(self) -> bool:
        return self.outcome is ChargeOutcome.DEFENDER_ROUTS

    def lines(self) -> list[str]:
        out = [line for s in self.strengths for line in s.lines()]
        out += self.odds.lines()
        if self.automatic is Automatic.HORSE_HOLDERS:
            out.append(f"{self.automatic.value} odds above 3-2 against horse holders: "
                       "automatic victory")
        elif self.automatic is Automatic.OPEN_ORDER:
            out.append(f"{self.automatic.value} every defender in skirmish order: automatic "
                       "victory")
        elif self.automatic is Automatic.NO_DEFENDERS:
            out.append("8.0 no defending combat units: the charge succeeds")
        for check in (*self.defender_checks, *self.attacker_checks):
            out += check.lines()
        out += [f"{x.rule} roll {x.roll}: leader {x.unit_id} incapacitated"
                for x in self.leaders_lost]
        if self.automatic is not None:
            out += [f"{r.rule} {r.unit_id} routs and makes rout movement" for r in self.routs]
        out += [str(c) for c in self.casualties]
        if self.advance is not None:
            a = self.advance
            changes = "may" if a.leader_present else "may not (no leader)"
            out.append(f"{a.rule} {', '.join(a.unit_ids)} advance into the charged hex at "
                       f"{a.mp_cost} MPs; {changes} change formation, facing or cover")
        return [*out, f"result: {self.outcome.value}"]


def _checks(plan: Plan, checkers: tuple[Checker, ...], roll: int, attacker: bool
            ) -> tuple[ChargeCheck, ...]:
    return tuple(charge_morale_check(c.unit, roll, c.terms, attacker=attacker,
                                     horse_holder=c.horse_holder, tables=plan.tables)
                 for c in checkers)


def _leader_loss(plan: Plan, roll: int, attacker: bool) -> tuple[LeaderLoss, ...]:
    leader = plan.leader(attacker)
    if roll != plan.tables.leader_roll or leader is None:
        return ()
    return (LeaderLoss(leader.id, roll, plan.tables.check_rule),)


def _casualties(plan: Plan, routs: Sequence[Rout], attacker_won: bool) -> tuple[Casualty, ...]:
    units = {u.id: u for u in (*plan.attackers, *plan.defenders)}
    charging = personnel_sps(plan.present)
    charged = personnel_sps(plan.defenders)
    cavalry = [u for u in plan.attackers if u.id in plan.situation.pursuing_cavalry
               and u.kind is UnitKind.CAVALRY and u.formation is not Formation.DISMOUNTED]
    out: list[Casualty] = []
    for rout in routs:
        unit = units[rout.unit_id]
        loss = rout_casualties(unit, charged if rout.attacker else charging, plan.tables)
        out.append(loss)
        if attacker_won and cavalry and not rout.attacker \
                and unit.formation is Formation.SKIRMISH:
            hurt = replace(unit, losses=unit.losses + loss.sps)
            out.append(pursuit_casualties(hurt, personnel_sps(cavalry), plan.tables))
    return tuple(out)


def resolve_charge(attackers: Sequence[Unit], defenders: Sequence[Unit],
                   attacker_sps: Fraction | int | SideStrength,
                   defender_sps: Fraction | int | SideStrength, dice: Dice,
                   situation: Situation | None = None, tables: ChargeTables | None = None
                   ) -> ChargeResult:
    """Resolve one charge. `attackers` charge from their own hexes (`unit.hex`); leaders among
    them or among the defenders lend their morale bonus and can be lost on a 66."""
    plan = make_plan(attackers, defenders, attacker_sps, defender_sps, situation, tables)
    rolls: list[tuple[str, int]] = []
    d_checks: tuple[ChargeCheck, ...] = ()
    a_checks: tuple[ChargeCheck, ...] = ()
    lost: tuple[LeaderLoss, ...] = ()
    routs: list[Rout] = []
    rule = plan.tables.check_rule
    if plan.automatic is Automatic.ATTACKER_ROUTS:
        routs = [Rout(c.unit.id, True, plan.odds.rule, c.unit.kind is UnitKind.ARTILLERY)
                 for c in plan.attacker_checks]
    elif plan.automatic is not None:
        why = {Automatic.HORSE_HOLDERS: plan.tables.horse_holder_rule,
               Automatic.OPEN_ORDER: Automatic.OPEN_ORDER.value}.get(plan.automatic, "8.0")
        routs = [Rout(c.unit.id, False, why, c.unit.kind is UnitKind.ARTILLERY)
                 for c in plan.defender_checks]
    else:
        roll = dice.d66("8.41 charge: defender's morale, one roll for the stack")
        rolls.append(("8.41 defender", roll))
        d_checks = _checks(plan, plan.defender_checks, roll, False)
        lost = _leader_loss(plan, roll, False)
        if not all(c.routs for c in d_checks):
            roll = dice.d66("8.42 charge: attacker's morale, one roll for the charging units")
            rolls.append(("8.42 attacker", roll))
            a_checks = _checks(plan, plan.attacker_checks, roll, True)
            lost += _leader_loss(plan, roll, True)
        routs = [Rout(c.unit_id, c.attacker, rule, c.guns_abandoned)
                 for c in (*d_checks, *a_checks) if c.routs]
    defenders_routed = {r.unit_id for r in routs if not r.attacker}
    attackers_routed = {r.unit_id for r in routs if r.attacker}
    if len(defenders_routed) == len(plan.defender_checks) and not attackers_routed:
        outcome = ChargeOutcome.DEFENDER_ROUTS
    elif plan.attacker_checks and len(attackers_routed) == len(plan.attacker_checks):
        outcome = ChargeOutcome.ATTACKER_ROUTS
    else:
        outcome = ChargeOutcome.HELD
    advance = None
    if outcome is ChargeOutcome.DEFENDER_ROUTS:
        advance = Advance(tuple(u.id for u in plan.attackers), defender_hex(defenders), 0,
                          any(u.kind is UnitKind.LEADER for u in plan.attackers))
    strengths = tuple(s for s in (attacker_sps, defender_sps) if isinstance(s, SideStrength))
    return ChargeResult(plan.odds, outcome, plan.automatic, tuple(rolls), d_checks, a_checks,
                        tuple(routs), lost, _casualties(plan, routs, advance is not None),
                        advance, strengths)
