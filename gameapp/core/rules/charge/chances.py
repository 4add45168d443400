"""The exact chances of a charge before the dice: every one of the 36 throws of the defender's
roll, and for each throw that leaves a defender standing, every one of the attacker's 36, counted
against the same plan `resolve_charge` uses.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from gameapp.core.rules.charge.odds import Odds
from gameapp.core.rules.charge.plan import Automatic, ChargeOutcome, Plan, Situation, make_plan
from gameapp.core.rules.charge.strength import SideStrength
from gameapp.core.rules.charge.tables import ChargeTables
from gameapp.core.units import Unit

THROWS = tuple(10 * tens + units for tens in range(1, 7) for units in range(1, 7))
ONE = Fraction(1, len(THROWS))


@dataclass(frozen=True)
class ChargeChances:
    odds: Odds
    automatic: Automatic | None
    outcomes: dict[ChargeOutcome, Fraction]  # add up to 1
    defender_routs: dict[str, Fraction]  # each defending unit's chance to rout
    attacker_routs: dict[str, Fraction]  # each charging unit's chance to rout
    defender_leader_lost: Fraction  # a 66 with a leader among the defenders
    attacker_leader_lost: Fraction

    def lines(self) -> list[str]:
        out = [f"{float(p) * 100:.1f}% {o.value}" for o, p in self.outcomes.items()]
        out += [f"{float(p) * 100:.1f}% {uid} routs" for uid, p in
                (*self.defender_routs.items(), *self.attacker_routs.items())]
        for side, p in (("defender's", self.defender_leader_lost),
                        ("attacker's", self.attacker_leader_lost)):
            if p:
                out.append(f"{float(p) * 100:.1f}% the {side} leader is incapacitated")
        return out


def _count(plan: Plan) -> ChargeChances:
    """Counts throws in whole numbers (the attacker's 36 results are the same after every
    defender's throw, so they are worked out once) and divides at the end."""
    n = len(THROWS)
    outcomes = dict.fromkeys(ChargeOutcome, 0)
    d_rout = {c.unit.id: 0 for c in plan.defender_checks}
    a_rout = {c.unit.id: 0 for c in plan.attacker_checks}
    has_d_leader, has_a_leader = plan.leader(False) is not None, plan.leader(True) is not None
    attacker_throws = [plan.routs(plan.attacker_checks, a) for a in THROWS]
    everyone_fled = sum(len(fled) == len(plan.attacker_checks) for fled in attacker_throws)
    d_leader = n if has_d_leader and plan.tables.leader_roll in THROWS else 0
    stood = 0  # defender's throws that leave someone standing: the attacker then throws
    for d in THROWS:
        routed = plan.routs(plan.defender_checks, d)
        for uid in routed:
            d_rout[uid] += n
        if len(routed) == len(plan.defender_checks):
            outcomes[ChargeOutcome.DEFENDER_ROUTS] += n
        else:
            stood += 1
    for fled in attacker_throws:
        for uid in fled:
            a_rout[uid] += stood
    a_leader = stood if has_a_leader and plan.tables.leader_roll in THROWS else 0
    outcomes[ChargeOutcome.ATTACKER_ROUTS] += stood * everyone_fled
    outcomes[ChargeOutcome.HELD] += stood * (n - everyone_fled)

    def chance(count: int) -> Fraction:
        return Fraction(count, n * n)

    return ChargeChances(plan.odds, None, {o: chance(c) for o, c in outcomes.items()},
                         {u: chance(c) for u, c in d_rout.items()},
                         {u: chance(c) for u, c in a_rout.items()}, chance(d_leader),
                         chance(a_leader))


def odds_probabilities(attackers: Sequence[Unit], defenders: Sequence[Unit],
                       attacker_sps: Fraction | int | SideStrength,
                       defender_sps: Fraction | int | SideStrength,
                       situation: Situation | None = None, tables: ChargeTables | None = None
                       ) -> ChargeChances:
    """The exact chance of each outcome, of each unit routing and of each side losing a leader,
    with the same inputs as `resolve_charge` and before any dice are thrown."""
    plan = make_plan(attackers, defenders, attacker_sps, defender_sps, situation, tables)
    if plan.automatic is None:
        return _count(plan)
    outcomes = dict.fromkeys(ChargeOutcome, Fraction(0))
    zero, one = Fraction(0), Fraction(1)
    attacker_routs = plan.automatic is Automatic.ATTACKER_ROUTS
    outcomes[ChargeOutcome.ATTACKER_ROUTS if attacker_routs else ChargeOutcome.DEFENDER_ROUTS] \
        = one
    return ChargeChances(
        plan.odds, plan.automatic, outcomes,
        {c.unit.id: zero if attacker_routs else one for c in plan.defender_checks},
        {c.unit.id: one if attacker_routs else zero for c in plan.attacker_checks}, zero, zero)
