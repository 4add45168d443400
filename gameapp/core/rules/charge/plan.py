"""What is fixed before a charge's dice are thrown: the odds, the automatic results, and every
unit's morale level for 7.33. `resolve.py` throws the dice against a plan; `chances.py` counts
the 36 throws against the same plan, so the two can never disagree.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction

from gameapp.core.breakdown import Term
from gameapp.core.dice import D66
from gameapp.core.rules.charge.odds import Odds, charge_odds
from gameapp.core.rules.charge.strength import SideStrength, defender_hex
from gameapp.core.rules.charge.tables import ChargeTables, charge_tables
from gameapp.core.rules.morale import exhaustion_term, level_modifiers
from gameapp.core.units import Formation, Unit, UnitKind


class ChargeOutcome(Enum):
    DEFENDER_ROUTS = "every defender routs: the attackers win and advance"
    ATTACKER_ROUTS = "every attacker routs: the defenders win"
    HELD = "the defenders hold and the attackers stand"


class Automatic(Enum):
    """A charge decided without dice."""

    ATTACKER_ROUTS = "AR"  # the odds column AR
    HORSE_HOLDERS = "8.56"  # odds above 3-2 against horse holders
    OPEN_ORDER = "3.412"  # every defender in skirmish (open) order
    NO_DEFENDERS = "none"  # only leaders in the charged hex


@dataclass(frozen=True)
class Situation:
    """What the engine knows beyond the units. Every field is optional."""

    exhaustion: Mapping[str, int] = field(default_factory=dict)  # level, by unit id
    level_terms: Mapping[str, tuple[Term, ...]] = field(default_factory=dict)  # 7.27 and such
    horse_holders: frozenset[str] = frozenset()  # defending unit ids that are horse holders
    pursuing_cavalry: frozenset[str] = frozenset()  # charging cavalry that follow one hex (8.53)
    present: tuple[Unit, ...] | None = None  # every unit in the charging hexes (8.52, officers)


@dataclass(frozen=True)
class Checker:
    """One unit that checks 7.33, with its morale level fixed before the roll."""

    unit: Unit
    terms: tuple[Term, ...]  # modifiers to the printed level, the odds' last
    horse_holder: bool
    level: D66


@dataclass(frozen=True)
class Plan:
    odds: Odds
    automatic: Automatic | None
    attackers: tuple[Unit, ...]  # as given, leaders included
    defenders: tuple[Unit, ...]
    attacker_checks: tuple[Checker, ...]
    defender_checks: tuple[Checker, ...]
    present: tuple[Unit, ...]  # the units in the charging hexes
    situation: Situation
    tables: ChargeTables

    def routs(self, checkers: tuple[Checker, ...], roll: int) -> frozenset[str]:
        """The units this one roll routs (roll > their level)."""
        return frozenset(c.unit.id for c in checkers if D66.of(roll) > c.level)

    def all_rout(self, checkers: tuple[Checker, ...], roll: int) -> bool:
        return len(self.routs(checkers, roll)) == len(checkers)

    def leader(self, attacker: bool) -> Unit | None:
        """The leader a 66 incapacitates: the first given with the checking units."""
        units = self.attackers if attacker else self.defenders
        return next((u for u in units if u.kind is UnitKind.LEADER), None)


def total(sps: Fraction | int | SideStrength) -> Fraction:
    return sps.total if isinstance(sps, SideStrength) else Fraction(sps)


def _leader_bonus(unit: Unit, units: Sequence[Unit]) -> int:
    return max((u.defn.leader_morale_bonus for u in units if u.kind is UnitKind.LEADER
                and u.hex == unit.hex and u.side is unit.side), default=0)


def _checker(unit: Unit, side: Sequence[Unit], odds_term: Term | None, situation: Situation,
             tables: ChargeTables, horse_holder: bool) -> Checker:
    level = situation.exhaustion.get(unit.id)
    terms = [*level_modifiers(unit, _leader_bonus(unit, side),
                              exhaustion_term(level) if level is not None else None),
             *situation.level_terms.get(unit.id, ())]
    if odds_term is not None:
        terms.append(odds_term)
    printed = tables.horse_holder_morale if horse_holder else unit.defn.morale
    return Checker(unit, tuple(terms), horse_holder,
                   D66.of(printed) + int(sum(t.value for t in terms)))


def make_plan(attackers: Sequence[Unit], defenders: Sequence[Unit],
              attacker_sps: Fraction | int | SideStrength,
              defender_sps: Fraction | int | SideStrength,
              situation: Situation | None = None, tables: ChargeTables | None = None) -> Plan:
    t, s = tables or charge_tables(), situation or Situation()
    defender_hex(defenders)
    odds = charge_odds(total(attacker_sps), total(defender_sps), t)
    present = tuple(s.present) if s.present is not None else tuple(attackers)
    side = {u.id: u for u in (*attackers, *present)}.values()
    a_checks = tuple(_checker(u, list(side), odds.level_term(True), s, t, False)
                     for u in attackers if u.kind is not UnitKind.LEADER)
    troops = [u for u in defenders if u.kind is not UnitKind.LEADER]
    d_checks = tuple(_checker(u, defenders, odds.level_term(False), s, t,
                              u.id in s.horse_holders) for u in troops)
    automatic = None
    if odds.attacker_routs:
        automatic = Automatic.ATTACKER_ROUTS
    elif not troops:
        automatic = Automatic.NO_DEFENDERS
    elif all(u.formation is Formation.SKIRMISH for u in troops):
        automatic = Automatic.OPEN_ORDER
    elif all(u.id in s.horse_holders for u in troops) and odds.index > t.horse_holder_column:
        automatic = Automatic.HORSE_HOLDERS
    return Plan(odds, automatic, tuple(attackers), tuple(defenders), a_checks, d_checks,
                present, s, t)
