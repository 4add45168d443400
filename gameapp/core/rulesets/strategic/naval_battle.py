"""Ships in battle (docs/strategic-rules.md, "Ships").

- 11.11: where both sides' ships share water in a side's combat phase, all its warships there
  must attack all the enemy's ships there in one battle (`naval HEX`); the phase does not end
  while such a battle is owed. The ratio is the warships' strengths, rounded down in the
  defender's favour, on the same results table (our design: the Naval CRT is not in the
  errata).
- 11.13: transports have no strength: alone under enemy warships they are sunk; with warships
  they share their fate (losses.py).
- 11.0: a fort gives friendly ships no shelter: it adds nothing to a naval battle.
- Losses: each side's percentage of its warships' strength, in whole points, sinks ships as
  8.16 says (the weakest first; any remainder sinks one).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from gameapp.core.breakdown import IllegalActionError, Term
from gameapp.core.hexgrid import Hex
from gameapp.core.ruleset import RuleContext
from gameapp.core.rulesets.strategic.actions import EndPhase, NavalAttack
from gameapp.core.rulesets.strategic.crt import combat_tables, loss_of
from gameapp.core.rulesets.strategic.losses import LossLine, share_losses
from gameapp.core.rulesets.strategic.pieces import Fort
from gameapp.core.rulesets.strategic.sequence import EndPhaseHandler
from gameapp.core.rulesets.strategic.state import StrategicState
from gameapp.core.rulesets.strategic.supply import apply_losses
from gameapp.core.units import Side

NAVAL = "004 11.11"
TRANSPORTS = "004 11.13"
NO_SHELTER = "004 11.0"


@dataclass(frozen=True)
class NavalBattle:
    at: Hex
    terms: tuple[Term, ...]
    column: int | None
    roll: int | None
    outcome: str
    chances: dict[str, Fraction]
    attacker_lines: tuple[LossLine, ...]
    defender_lines: tuple[LossLine, ...]


def contested(state: StrategicState, side: Side) -> list[Hex]:
    """Water where the side's warships share a hex with enemy ships (11.11)."""
    mine = {s.hex for s in state.ships(side) if s.vessel.is_warship}
    theirs = {s.hex for s in state.ships(side.other)}
    return sorted(mine & theirs)


class NavalHandler:
    """`naval HEX` (11.11, 11.13, 11.0)."""

    def legal(self, ctx: RuleContext, side: Side | None) -> Iterator[NavalAttack]:
        assert side is not None
        for h in contested(ctx.state, side):
            yield NavalAttack(h)

    def check(self, ctx: RuleContext, action: NavalAttack, side: Side | None) -> None:
        assert side is not None
        if action.at not in contested(ctx.state, side):
            raise IllegalActionError("no warship of the side to play shares that water with "
                                     "enemy ships", NAVAL)

    def execute(self, ctx: RuleContext, action: NavalAttack, side: Side | None) -> list[Any]:
        assert side is not None
        state: StrategicState = ctx.state
        t = combat_tables()
        mine = [s for s in state.ships(side) if s.hex == action.at]
        theirs = [s for s in state.ships(side.other) if s.hex == action.at]
        attack = sum(s.strength for s in mine if s.vessel.is_warship)
        defence = sum(s.strength for s in theirs if s.vessel.is_warship)
        terms = [Term("warships attacking", attack, NAVAL), Term("warships defending", defence,
                                                                 NAVAL)]
        if any(isinstance(p, Fort) for p in state.at(action.at)):
            terms.append(Term("a fort shelters no ships", 0, NO_SHELTER))
        if defence == 0:  # 11.13: transports alone under warships die
            lines = share_losses([], theirs, 0) or [
                LossLine(s.id, 0, "a transport alone under enemy warships is sunk", TRANSPORTS)
                for s in theirs]
            apply_losses(state, lines, "sunk")
            return [NavalBattle(action.at, tuple(terms), None, None, "transports sunk",
                                {"transports sunk": Fraction(1)}, (), tuple(lines))]
        column = t.column_of(Fraction(attack, defence))
        col = column if column is not None else 0
        terms.append(Term(f"ratio rounded down: column {t.labels[col]}", col, NAVAL))
        chances: dict[str, Fraction] = {}
        for die in range(1, 7):
            text = t.results[die][col].text
            chances[text] = chances.get(text, Fraction(0)) + Fraction(1, 6)
        roll = ctx.dice.d6(f"naval battle at {ctx.scenario.map.hex_id(action.at)}")
        outcome = t.results[roll][col]
        attacker_lines = share_losses([], mine, loss_of(attack, outcome.attacker_percent,
                                                        t.loss_floor_percent))
        defender_lines = share_losses([], theirs, loss_of(defence, outcome.defender_percent,
                                                          t.loss_floor_percent))
        apply_losses(state, attacker_lines, "sunk")
        apply_losses(state, defender_lines, "sunk")
        return [NavalBattle(action.at, tuple(terms), col, roll, outcome.text, chances,
                            tuple(attacker_lines), tuple(defender_lines))]


class CombatEndHandler(EndPhaseHandler):
    """`end` in the combat phase: not while a naval battle is owed (11.11)."""

    def legal(self, ctx: RuleContext, side: Side | None) -> Iterator[EndPhase]:
        assert side is not None
        if not contested(ctx.state, side):
            yield EndPhase()

    def check(self, ctx: RuleContext, action: EndPhase, side: Side | None) -> None:
        assert side is not None
        owed = contested(ctx.state, side)
        if owed:
            where = ", ".join(ctx.scenario.map.hex_id(h) for h in owed)
            raise IllegalActionError(f"the warships at {where} must attack the enemy's ships "
                                     "there first", NAVAL)
