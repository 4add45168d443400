"""Into the tactical game (docs/campaigns.md, "Into the tactical game"): the field's tactical
scenario with the forces the strategic battle brings.

- R&C campaign formations: a formation whose strategic divisions are not in the battle is left
  out (its units, its arrivals, its leaders).
- R&C campaign scale: one strategic SP is about 1,000 men, one tactical SP about 100 (one gun
  for artillery), so a strategic SP is ten tactical SP. A formation present brings
  min(its scenario SP, 10 x strategic SP) infantry and cavalry SP, shared over its units in
  proportion to their printed strengths (largest remainders; a unit whose share is 0 stays
  out); its guns keep the same share, rounded half up, at least 1. The scenario's order of
  battle is the most the field holds (its map, stacking and arrivals were built for it): a
  stronger division fights with what the scenario has, a weaker one with its share.
- R&C campaign leaders: a tactical leader tied to a strategic leader who is not with the
  battle (absent from its hexes, or out of play) is absent.

Every step is a term of the conversion's breakdown, shown to the players before the battle.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from fractions import Fraction

from gameapp.core.breakdown import Breakdown, Term
from gameapp.core.campaign.offer import BattleOffer, battle_units, matched
from gameapp.core.campaign.sites import BattleSite
from gameapp.core.rulesets.strategic.odds import attack_hexes
from gameapp.core.rulesets.strategic.pieces import Leader
from gameapp.core.rulesets.strategic.state import StrategicState
from gameapp.core.scenario import Reinforcement, Scenario, load_scenario
from gameapp.core.specialrules import LeaderFalls
from gameapp.core.units import Side, UnitDef, UnitKind

FORMATIONS = "R&C campaign formations"
SCALE = "R&C campaign scale"
LEADERS = "R&C campaign leaders"
TACTICAL_SP_PER_SP = 10


@dataclass(frozen=True)
class FormationIn:
    side: Side
    name: str
    divisions: tuple[str, ...]  # the strategic units it stands for ((): left out)
    strategic_sp: int
    tactical_sp: int  # the scenario's infantry and cavalry SP of the formation
    factor: Fraction  # what each unit keeps of its strength (0: left out)


@dataclass(frozen=True)
class ConversionIn:
    site: str
    scenario: Scenario  # the tactical scenario with the forces present
    formations: tuple[FormationIn, ...]
    leaders_absent: tuple[str, ...]  # tactical leader ids left out for their strategic leader
    terms: Breakdown

    def strength_of(self, formation: str) -> int:
        """The formation's infantry and cavalry SP in the converted scenario."""
        return sum(d.strength for d in self.scenario.order_of_battle.values()
                   if formation_of(d) == formation
                   and d.kind in (UnitKind.INFANTRY, UnitKind.CAVALRY))


def round_half_up(value: Fraction) -> int:
    return math.floor(value + Fraction(1, 2))


def shares(strengths: list[int], total: int) -> list[int]:
    """`total` shared in proportion to `strengths` by largest remainders (ties to the first)."""
    whole = sum(strengths)
    if not whole:
        return list(strengths)
    quotas = [Fraction(s * total, whole) for s in strengths]
    out = [math.floor(q) for q in quotas]
    left = total - sum(out)
    order = sorted(range(len(quotas)), key=lambda i: (-(quotas[i] - math.floor(quotas[i])), i))
    for i in order[:max(0, left)]:
        out[i] += 1
    return out


def formation_of(defn: UnitDef) -> str:
    """The formation a counter belongs to: its division, or its brigade outside any division."""
    return defn.division or defn.brigade


def convert_in(site: BattleSite, state: StrategicState, offer: BattleOffer) -> ConversionIn:
    base = load_scenario(site.tactical)
    preview = offer.preview
    formations: list[FormationIn] = []
    factors: dict[str, Fraction] = {}
    terms: list[Term] = []
    for side in Side:
        units = battle_units(state, preview, side)
        claimed = matched(site.sides[side].formations, units)
        sp_of = {u.id: u.sp for u in units}
        for formation in site.sides[side].formations:
            tactical = sum(d.strength for d in base.order_of_battle.values()
                           if formation_of(d) == formation.name
                           and d.kind in (UnitKind.INFANTRY, UnitKind.CAVALRY))
            present = claimed.get(formation.name, ())
            strategic = sum(sp_of[i] for i in present)
            if not present or not tactical:
                factor = Fraction(0)
                terms.append(Term(f"{formation.name}: no strategic division of it in the "
                                  "battle, left out", 0, FORMATIONS))
            else:
                brought = min(tactical, TACTICAL_SP_PER_SP * strategic)
                factor = Fraction(brought, tactical)
                terms.append(Term(
                    f"{formation.name} ({', '.join(present)}): {strategic} SP x "
                    f"{TACTICAL_SP_PER_SP} = {TACTICAL_SP_PER_SP * strategic} tactical SP, "
                    f"the scenario has {tactical}: it brings {brought} ({_percent(factor)})",
                    brought, SCALE))
            factors[formation.name] = factor
            formations.append(FormationIn(side, formation.name, present, strategic, tactical,
                                          factor))
    absent = _absent_leaders(site, state, offer)
    for tactical_id, strategic_id in absent:
        terms.append(Term(f"{tactical_id} left out: {strategic_id} is not with the battle", 0,
                          LEADERS))
    scenario = _with_forces(base, factors, {t for t, _ in absent})
    return ConversionIn(site.id, scenario, tuple(formations), tuple(t for t, _ in absent),
                        Breakdown.of(terms))


def _percent(factor: Fraction) -> str:
    return f"{float(factor):.0%}"


def _absent_leaders(site: BattleSite, state: StrategicState, offer: BattleOffer
                    ) -> list[tuple[str, str]]:
    preview = offer.preview
    hexes = {preview.target, *attack_hexes(state, preview.attackers)}
    absent = []
    for side in Side:
        for link in site.sides[side].leaders:
            leader = state.pieces.get(link.strategic)
            if not isinstance(leader, Leader) or leader.hex not in hexes:
                absent.append((link.tactical, link.strategic))
    return absent


def _with_forces(base: Scenario, factors: dict[str, Fraction], absent: set[str]) -> Scenario:
    """The scenario with each formation's share of every unit, without the absent ones."""
    printed: dict[str, UnitDef] = {}
    for unit_id, defn in base.order_of_battle.items():
        factor = factors.get(formation_of(defn))
        if unit_id in absent or factor == 0:
            continue
        if factor is not None and defn.kind is UnitKind.ARTILLERY:
            defn = replace(defn, strength=max(1, round_half_up(defn.strength * factor)))
        printed[unit_id] = defn
    for name, factor in factors.items():
        troops = [d for d in printed.values() if formation_of(d) == name
                  and d.kind in (UnitKind.INFANTRY, UnitKind.CAVALRY)]
        total = round_half_up(sum(d.strength for d in troops) * factor)
        for defn, strength in zip(troops, shares([d.strength for d in troops], total),
                                  strict=True):
            if strength:
                printed[defn.id] = replace(defn, strength=strength)
            else:  # too small a share for a counter of its own
                del printed[defn.id]
    units = [replace(u, defn=printed[u.id]) for u in base.units if u.id in printed]
    arrivals = []
    for arrival in base.reinforcements:
        kept = tuple(replace(u, defn=printed[u.id]) for u in arrival.units if u.id in printed)
        if kept:
            arrivals.append(Reinforcement(arrival.turn, arrival.hex, kept))
    special = tuple(r for r in base.special_rules
                    if not isinstance(r, LeaderFalls) or r.unit in printed)
    # The expectation prices the record's odds (Banks at one against two); a campaign's battle
    # is fought with the strategic game's forces and its result moves the strategic game, so it
    # is judged on the ground and the losses alone (docs/rules.md, R&C victory expectation).
    points = replace(base.victory_points, expectation=None)
    return replace(base, units=units, reinforcements=arrivals, order_of_battle=printed,
                   special_rules=special, victory_points=points)
