"""A battle before its die (docs/strategic-rules.md, "Battles"): who fights with what strength,
the odds column, each column shift and die modifier with its rule, and the exact chance of each
result. `preview_battle` is what the window and the computer player call; the combat handler
resolves the same preview with one die.

- Strength: each attacking unit's SP, halved across a river (our design), all halved without
  combat supply (our design) or in an amphibious assault (7.24). The defenders' SP, entrained
  units at half (6.58), and warships beside them at their strength (8.16's naval example).
  Supply trains and depots are held out of the battle (8.17).
- Odds: attack : defence rounded down in the defender's favour to a column; below the first
  column there is no attack.
- Shifts left: the larger of the defender's terrain and his works (a fort holding the
  defenders, a fortress more).
- Die modifier: the attacking leader's tactical rating minus the best defending leader's,
  capped either way (our design).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from gameapp.core.breakdown import Term
from gameapp.core.hexgrid import Hex
from gameapp.core.rulesets.strategic.crt import CombatTables, Outcome, combat_tables, loss_of
from gameapp.core.rulesets.strategic.pieces import Depot, Division, Fort, Leader, Ship, Train
from gameapp.core.rulesets.strategic.state import StrategicState
from gameapp.core.rulesets.strategic.supply import CombatSupply, combat_supply
from gameapp.core.rulesets.strategic.terrain import RIVER, TerrainCosts
from gameapp.core.units import Side

COMBAT = "R&C strategic combat"
ODDS = "R&C strategic odds"
SHIFTS = "R&C strategic column shifts"
LEADERS = "R&C strategic leaders in battle"
ENTRAINED = "004 6.58"
AMPHIBIOUS = "004 7.24"
HELD_OUT = "004 8.17"


@dataclass(frozen=True)
class ResultChance:
    outcome: Outcome
    chance: Fraction
    attacker_loss: int  # whole SP (before 7.24's tripling, which depends on the outcome)
    defender_loss: int
    dice: tuple[int, ...]  # the die faces that give it


@dataclass(frozen=True)
class BattlePreview:
    side: Side  # the attacker
    target: Hex
    attackers: tuple[str, ...]
    defenders: tuple[str, ...]  # ground units (entrained ones included)
    ships: tuple[str, ...]  # the defender's ships in the hex (8.16)
    held_out: tuple[str, ...]  # trains and depots held out (8.17)
    attack_terms: tuple[Term, ...]
    defence_terms: tuple[Term, ...]
    attack: Fraction
    defence: Fraction
    base_column: int | None  # None: worse than the first column
    shift_terms: tuple[Term, ...]
    column: int
    modifier_terms: tuple[Term, ...]
    modifier: int
    supply: CombatSupply | None  # None for an amphibious assault (7.24)
    results: tuple[ResultChance, ...]
    attacker_sp: int  # SP engaged, the base of the percentages
    defender_sp: int
    amphibious: bool

    @property
    def odds_label(self) -> str:
        return combat_tables().labels[self.column]

    def outcome_for(self, die: int) -> ResultChance:
        return next(r for r in self.results if die in r.dice)


def attack_hexes(state: StrategicState, attackers: tuple[str, ...]) -> tuple[Hex, ...]:
    """Where the attack comes from: the attackers' hexes, or their ships' hexes afloat."""
    found: list[Hex] = []
    for unit_id in attackers:
        h = state.pieces[unit_id].hex
        if h not in found:
            found.append(h)
    return tuple(found)


def defending(state: StrategicState, side: Side, target: Hex) -> tuple[list[Division],
                                                                        list[Ship], list[str]]:
    """The enemy's ground units, ships and held-out trains and depots in the target hex."""
    units, ships, held = [], [], []
    for piece in state.at(target):
        if piece.side is side:
            continue
        if isinstance(piece, Division) and piece.aboard is None and piece.sp > 0:
            units.append(piece)
        elif isinstance(piece, Ship):
            ships.append(piece)
        elif isinstance(piece, Train | Depot):
            held.append(piece.id)
    return (sorted(units, key=lambda u: u.id), sorted(ships, key=lambda s: s.id), sorted(held))


def fighting_sp(unit: Division) -> int:
    """A unit's SP in battle: an entrained defender detrains at half, rounded down (6.58)."""
    return unit.sp // 2 if unit.entrained else unit.sp


def fort_of(state: StrategicState, side: Side, h: Hex) -> Fort | None:
    return next((p for p in state.at(h) if isinstance(p, Fort) and p.side is side), None)


def _attack_strength(state: StrategicState, terrain: TerrainCosts, side: Side, target: Hex,
                     attackers: tuple[str, ...], amphibious: bool
                     ) -> tuple[list[Term], Fraction, int, CombatSupply | None]:
    terms: list[Term] = []
    total = Fraction(0)
    raw = 0
    for unit_id in attackers:
        unit = state.pieces[unit_id]
        assert isinstance(unit, Division)
        raw += unit.sp
        terms.append(Term(f"{unit.id} {unit.name}", unit.sp, COMBAT))
        total += unit.sp
        if amphibious:
            continue
        direction = unit.hex.direction_to(target)
        if direction is not None and terrain.map.hexside_at(unit.hex, direction) & RIVER:
            terms.append(Term(f"{unit.id} attacks across a river: half", -unit.sp / 2, COMBAT))
            total -= Fraction(unit.sp, 2)
    supply = None
    if amphibious:
        terms.append(Term("amphibious assault: half, and no combat supply needed",
                          -float(total / 2), AMPHIBIOUS))
        total /= 2
    else:
        supply = combat_supply(state, side, attack_hexes(state, attackers), raw)
        terms += supply.terms
        if not supply.enough:
            terms.append(Term("without enough combat supply: half", -float(total / 2),
                              "R&C strategic combat supply"))
            total /= 2
    return terms, total, raw, supply


def _defence_strength(units: list[Division], ships: list[Ship], held: list[str]
                      ) -> tuple[list[Term], Fraction]:
    terms: list[Term] = []
    total = Fraction(0)
    for unit in units:
        terms.append(Term(f"{unit.id} {unit.name}", unit.sp, COMBAT))
        total += unit.sp
        if unit.entrained:
            terms.append(Term(f"{unit.id} caught aboard a train: detrains at half strength",
                              -(unit.sp - unit.sp // 2), ENTRAINED))
            total -= unit.sp - unit.sp // 2
    for ship in ships:
        if ship.vessel.is_warship:
            terms.append(Term(f"{ship.id} {ship.vessel.value} beside the troops", ship.strength,
                              "004 8.16"))
            total += ship.strength
    for piece_id in held:
        terms.append(Term(f"{piece_id} held out of the battle", 0, HELD_OUT))
    return terms, total


def _shifts(state: StrategicState, terrain: TerrainCosts, t: CombatTables, defender: Side,
            target: Hex, defending_sp: int) -> list[Term]:
    ground = terrain.terrain(target)
    ground_shift = t.terrain_shift.get(ground, 0)
    fort = fort_of(state, defender, target)
    works = 0
    works_label = ""
    if fort is not None and defending_sp <= fort.capacity:
        works = t.fortress_shift if fort.fortress else t.fort_shift
        works_label = f"{'fortress' if fort.fortress else 'fort'} {fort.id}"
    elif fort is not None:
        return [Term(f"{ground.label}", -ground_shift, SHIFTS),
                Term(f"fort {fort.id} holds {fort.capacity} SP, not {defending_sp}: no shelter",
                     0, SHIFTS)]
    if works > ground_shift:
        return [Term(works_label, -works, SHIFTS),
                Term(f"{ground.label}: not counted beside the works", 0, SHIFTS)]
    terms = [Term(ground.label, -ground_shift, SHIFTS)] if ground_shift else []
    if works:
        terms.append(Term(f"{works_label}: not counted beside the ground", 0, SHIFTS))
    return terms


def _modifier(state: StrategicState, side: Side, leader: Leader | None, target: Hex,
              t: CombatTables) -> list[Term]:
    terms: list[Term] = []
    if leader is not None:
        terms.append(Term(f"{leader.name} leads the attack", leader.tactical, LEADERS))
    best = max((p for p in state.at(target) if isinstance(p, Leader) and p.side is not side),
               key=lambda p: p.tactical, default=None)
    if best is not None:
        terms.append(Term(f"{best.name} leads the defence", -best.tactical, LEADERS))
    total = sum(int(term.value) for term in terms)
    if abs(total) > t.leader_cap:
        capped = t.leader_cap if total > 0 else -t.leader_cap
        terms.append(Term(f"capped at {capped:+d}", capped - total, LEADERS))
    return terms


def preview_battle(state: StrategicState, terrain: TerrainCosts, side: Side, target: Hex,
                   attackers: tuple[str, ...], leader: Leader | None,
                   amphibious: bool = False) -> BattlePreview:
    """The battle as it stands before the die (checks are the handler's; this only computes)."""
    t = combat_tables()
    units, ships, held = defending(state, side, target)
    attack_terms, attack, raw, supply = _attack_strength(state, terrain, side, target,
                                                         attackers, amphibious)
    defence_terms, defence = _defence_strength(units, ships, held)
    ratio = attack / defence if defence else Fraction(99)
    base = t.column_of(ratio)
    defending_sp = sum(fighting_sp(u) for u in units)
    shift_terms = _shifts(state, terrain, t, side.other, target, defending_sp)
    shift = int(sum(term.value for term in shift_terms))
    column = max(0, (base if base is not None else 0) + shift)
    column = min(column, len(t.columns) - 1)
    modifier_terms = _modifier(state, side, leader, target, t)
    modifier = int(sum(term.value for term in modifier_terms))
    defender_sp = defending_sp + sum(s.strength for s in ships if s.vessel.is_warship)
    results: dict[str, ResultChance] = {}
    for die in range(1, 7):
        outcome = t.results[max(1, min(6, die + modifier))][column]
        known = results.get(outcome.text)
        if known is None:
            results[outcome.text] = ResultChance(
                outcome, Fraction(1, 6),
                loss_of(raw, outcome.attacker_percent, t.loss_floor_percent),
                loss_of(defender_sp, outcome.defender_percent, t.loss_floor_percent), (die,))
        else:
            results[outcome.text] = ResultChance(outcome, known.chance + Fraction(1, 6),
                                                 known.attacker_loss, known.defender_loss,
                                                 (*known.dice, die))
    return BattlePreview(
        side, target, attackers, tuple(u.id for u in units), tuple(s.id for s in ships),
        tuple(held), tuple(attack_terms), tuple(defence_terms), attack, defence, base,
        (Term(f"odds {float(ratio):.2f} : 1, column {t.labels[base] if base is not None else '-'}",
              base if base is not None else -1, ODDS), *shift_terms),
        column, tuple(modifier_terms), modifier, supply, tuple(results.values()), raw,
        defender_sp, amphibious)
