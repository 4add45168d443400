"""Forts and sieges (docs/strategic-rules.md, "Forts and sieges").

- 13.15: an enemy fort with no garrison stops nothing; a side's ground combat unit in its hex
  takes it over (ours: it becomes the taker's fort, the errata's "replace it with a friendly
  fort").
- 13.38: a fort is not attacked from march nor by amphibious assault (combat.py refuses it).
- 13.4: in his command phase (the errata's fortification segment) a player may raze his own
  forts that are not besieged (`raze FORT`).
- Besieged (our design, wbts.md 7.8): a garrisoned fort whose every land neighbour is
  enemy-occupied or in an enemy zone of control, and whose water neighbours all hold enemy
  warships (or it has none).
- 13.0: each month every enemy siege train next to a besieged fort rolls a die, +1 per 10 SP
  besieging; on 6 or more a fortress drops to a fort, and a fort falls: its marker leaves, and
  the garrison stays in the hex until attacked and driven out (13.36). A besieged garrison also
  loses a tenth of its SP a month to hunger.
- Starved out (our design, R&C strategic sieges): a garrison found besieged at `starved_after`
  month-ends running (2) surrenders at the last of them, and its fort falls. Vicksburg (18 May -
  4 Jul 1863) and Port Hudson (21 May - 9 Jul) gave in to hunger after 47 and 48 days, where a
  tenth a month would have taken most of a year.
- 7.27: nothing lands in, or embarks from, a besieged fort's hex (`landing_refusal`).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from gameapp.core.breakdown import IllegalActionError, Term
from gameapp.core.hexgrid import Hex
from gameapp.core.ruleset import RuleContext
from gameapp.core.rulesets.strategic.actions import RazeFort
from gameapp.core.rulesets.strategic.crt import combat_tables, loss_of
from gameapp.core.rulesets.strategic.losses import LossLine, share_losses
from gameapp.core.rulesets.strategic.movement import remove_piece
from gameapp.core.rulesets.strategic.pieces import (
    HQ,
    Depot,
    Division,
    Fort,
    Haul,
    Leader,
    Ship,
    Train,
)
from gameapp.core.rulesets.strategic.state import StrategicState
from gameapp.core.rulesets.strategic.supply import apply_losses
from gameapp.core.rulesets.strategic.terrain import TerrainCosts
from gameapp.core.rulesets.strategic.zoc import Board
from gameapp.core.units import Side

EMPTY_FORT = "004 13.15"
RAZE = "004 13.4"
SIEGE = "004 13.0"
NO_LANDING = "004 7.27"
BESIEGED = "R&C strategic sieges"


@dataclass(frozen=True)
class FortTaken:
    fort: str
    side: Side
    rule: str


@dataclass(frozen=True)
class FortRazed:
    fort: str
    rule: str


@dataclass(frozen=True)
class SiegeRoll:
    fort: str
    train: str
    roll: int
    terms: tuple[Term, ...]
    needed: int
    chance: Fraction
    breached: bool
    now: str  # "fortress", "fort" or "fallen"


@dataclass(frozen=True)
class Hunger:
    fort: str
    loss: int
    lines: tuple[LossLine, ...]
    rule: str


@dataclass(frozen=True)
class StarvedOut:
    """A garrison besieged `months` month-ends running surrenders: its SP lost, its fort
    fallen."""

    fort: str
    months: int
    loss: int
    lines: tuple[LossLine, ...]
    rule: str
    taken: tuple[str, ...] = ()  # leaders (to the leader pool, 22.5), HQs and stores with it


def garrison(state: StrategicState, fort: Fort) -> list[Division]:
    return [p for p in state.at(fort.hex) if isinstance(p, Division) and p.side is fort.side
            and p.sp > 0 and p.aboard is None]


def besieged(state: StrategicState, terrain: TerrainCosts, fort: Fort,
             board: Board | None = None) -> bool:
    if not garrison(state, fort):
        return False
    board = board or Board.of(state, terrain)
    enemy = fort.side.other
    for n in fort.hex.neighbors():
        if not terrain.map.contains(n):
            continue
        if terrain.terrain(n).is_water:
            if not any(isinstance(p, Ship) and p.side is enemy and p.vessel.is_warship
                       for p in state.at(n)):
                return False
        elif not (board.enemy_in(fort.side, n) or board.enemy_zoc(fort.side, n)):
            return False
    return True


def landing_refusal(state: StrategicState, terrain: TerrainCosts, h: Hex) -> str | None:
    """7.27: why nothing may land in or embark from `h` (None when it may)."""
    for piece in state.at(h):
        if isinstance(piece, Fort) and besieged(state, terrain, piece):
            return f"{piece.id} is besieged: no landing or embarking there"
    return None


def take_empty_forts(ctx: RuleContext) -> list[Any]:
    """13.15: an enemy fort without a garrison passes to the side whose unit stands in it."""
    state: StrategicState = ctx.state
    board = Board.of(state, ctx.rules.terrain)
    events: list[Any] = []
    for fort in list(state.of_type(Fort)):
        enemy = fort.side.other
        if fort.hex in board.combat[enemy] and fort.hex not in board.combat[fort.side]:
            state.put(replace(fort, side=enemy))
            events.append(FortTaken(fort.id, enemy, EMPTY_FORT))
    return events


class RazeHandler:
    """`raze FORT` (13.4), in the command phase."""

    def legal(self, ctx: RuleContext, side: Side | None) -> Iterator[RazeFort]:
        state: StrategicState = ctx.state
        for fort in sorted(state.of_type(Fort, side), key=lambda f: f.id):
            if not besieged(state, ctx.rules.terrain, fort):
                yield RazeFort(fort.id)

    def check(self, ctx: RuleContext, action: RazeFort, side: Side | None) -> None:
        state: StrategicState = ctx.state
        fort = state.pieces.get(action.fort)
        if not isinstance(fort, Fort) or fort.side is not side:
            raise IllegalActionError(f"{action.fort} is not a fort of the side to play", RAZE)
        if besieged(state, ctx.rules.terrain, fort):
            raise IllegalActionError(f"{fort.id} is besieged: a besieged fort is not razed",
                                     RAZE)

    def execute(self, ctx: RuleContext, action: RazeFort, side: Side | None) -> list[Any]:
        state: StrategicState = ctx.state
        remove_piece(state, action.fort)
        state.gone[action.fort] = "razed"
        return [FortRazed(action.fort, RAZE)]


def siege_terms(state: StrategicState, fort: Fort) -> tuple[list[Term], int]:
    """The modifier to a siege train's die: +1 per 10 SP next to the fort (13.0)."""
    sp = sum(p.sp for n in fort.hex.neighbors() for p in state.at(n)
             if isinstance(p, Division) and p.side is not fort.side and p.aboard is None)
    bonus = sp // 10
    return [Term(f"{sp} SP besieging: +1 per 10", bonus, BESIEGED)], bonus


def siege_key(fort: Fort) -> str:
    """The key of a fort's count of month-ends besieged: its id and holder."""
    return f"{fort.id}:{fort.side.value}"


def siege_month(ctx: RuleContext) -> list[Any]:
    """The monthly siege rolls and hunger (13.0), for every besieged fort."""
    state: StrategicState = ctx.state
    terrain: TerrainCosts = ctx.rules.terrain
    t = combat_tables()
    events: list[Any] = []
    for fort in sorted(state.of_type(Fort), key=lambda f: f.id):
        key = siege_key(fort)  # a fort taken over starts its count afresh
        if not besieged(state, terrain, fort):
            state.siege_months.pop(key, None)
            continue
        months = state.siege_months[key] = state.siege_months.get(key, 0) + 1
        trains = sorted((p for n in fort.hex.neighbors() for p in state.at(n)
                         if isinstance(p, Train) and p.haul is Haul.SIEGE_TRAIN
                         and p.side is not fort.side), key=lambda p: p.id)
        for train in trains:
            current = state.pieces.get(fort.id)
            if not isinstance(current, Fort):
                break
            terms, bonus = siege_terms(state, current)
            needed = t.breach_on - bonus
            chance = Fraction(max(0, min(6, 7 - needed)), 6)
            roll = ctx.dice.d6(f"siege of {fort.id}")
            breached = roll + bonus >= t.breach_on
            now = "fortress" if current.fortress else "fort"
            if breached and current.fortress:
                state.put(replace(current, fortress=False))
                now = "fort"
            elif breached:
                remove_piece(state, current.id)
                state.gone[current.id] = "fallen"
                now = "fallen"
            events.append(SiegeRoll(fort.id, train.id, roll,
                                    (Term("die", roll, SIEGE), *terms), needed, chance,
                                    breached, now))
        if fort.id not in state.pieces:  # breached: the garrison stands in the hex, unfed
            state.siege_months.pop(key, None)  # by no fort, until driven out (13.36)
            events += _hunger(state, fort)
        elif months >= t.starved_after:
            events.append(_starved_out(state, fort, months))
        else:
            events += _hunger(state, fort)
    return events


def _starved_out(state: StrategicState, fort: Fort, months: int) -> StarvedOut:
    """The garrison surrenders, and with it every leader, HQ and store of its side in the hex
    (Pemberton gave himself up with his army): they cannot get out through the siege lines
    (10.34's one hex is closed), and left there they would bar the hex to the besiegers."""
    units = garrison(state, fort)
    loss = sum(u.sp for u in units)
    lines = share_losses(units, [], loss)
    apply_losses(state, lines, "starved out")
    taken = []
    for piece in [p for p in state.at(fort.hex) if p.side is fort.side
                  and isinstance(p, Leader | HQ | Train | Depot)]:
        if isinstance(piece, Train | Depot):
            state.supply_gone["destroyed"] = state.supply_gone.get("destroyed", 0) + \
                piece.supply
        remove_piece(state, piece.id, "leader pool" if isinstance(piece, Leader) else
                     "taken" if isinstance(piece, HQ) else "destroyed")
        taken.append(piece.id)
    remove_piece(state, fort.id)
    state.gone[fort.id] = "fallen"
    state.siege_months.pop(siege_key(fort), None)
    return StarvedOut(fort.id, months, loss, tuple(lines), BESIEGED, tuple(taken))


def _hunger(state: StrategicState, fort: Fort) -> list[Any]:
    units = garrison(state, fort)
    t = combat_tables()
    loss = loss_of(sum(u.sp for u in units), t.hunger_percent, t.loss_floor_percent)
    if not loss:
        return []
    lines = share_losses(units, [], loss)
    apply_losses(state, lines, "hunger")
    return [Hunger(fort.id, loss, tuple(lines), BESIEGED)]
