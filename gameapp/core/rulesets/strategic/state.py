"""StrategicState: one position of a strategic game.

The pieces live in one dict by id (frozen values, replaced on change), so `copy()` is a few
dict and set copies. Where the turn stands (`turn`, `step_index`, `first_side`) is what the
driver reads; the rest is the week's bookkeeping: who is commanded, who moved and how far, the
rail capacity used, hex control.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, TypeVar

from gameapp.core.decisions import PendingDecision
from gameapp.core.hexgrid import Hex
from gameapp.core.rulesets.strategic.pieces import HQ, Division, Leader, Piece, Ship, Train
from gameapp.core.units import Side

P = TypeVar("P", bound=Piece)


@dataclass
class Force:
    """A leader's command this phase (10.1): the pieces he commands, and whether a command was
    given (an order or a roll at or under his initiative)."""

    leader: str
    members: tuple[str, ...]  # pieces commanded, the leader and his HQ included
    commanded: bool = False
    rolled: bool = False  # initiative was tried (one try a phase)
    declared: bool = False  # his span was declared (not only his base force, taken in by an
    # army commander before he declared)


@dataclass(frozen=True)
class OffMap:
    """A unit off the map on a detour (7.54): out of play until it comes back at `entry`."""

    unit: Division
    left: int  # the turn it left the map
    detour: str
    entry: Hex


@dataclass(frozen=True)
class UnitLoss:
    """The SP one unit has lost so far."""

    side: Side
    name: str
    sp: int


@dataclass
class StrategicState:
    turn: int
    step_index: int
    first_side: Side
    pieces: dict[str, Piece]
    control: dict[Hex, Side] = field(default_factory=dict)  # hexes whose control changed (3.23)
    forces: dict[str, Force] = field(default_factory=dict)  # this phase's, by leader id
    active: str | None = None  # the leader whose force is moving (5.28)
    finished: set[str] = field(default_factory=set)  # forces whose move is over this phase
    mp_spent: dict[str, Fraction] = field(default_factory=dict)  # this turn, by piece
    forced: set[str] = field(default_factory=set)  # pieces force-marching this turn (6.33)
    halted: set[str] = field(default_factory=set)  # pieces whose move has ended (6.24, 6.33)
    moved: set[str] = field(default_factory=set)  # pieces that moved this turn
    attacked: set[str] = field(default_factory=set)  # pieces that attacked this turn (8.12)
    new_brigades: set[str] = field(default_factory=set)  # split off while moving (3.25)
    orders_used: dict[Side, int] = field(default_factory=lambda: defaultdict(int))
    rail_used: dict[Side, int] = field(default_factory=lambda: defaultdict(int))
    initiative_rolls: dict[Side, int] = field(default_factory=dict)  # this week's dice
    decisions: list[PendingDecision] = field(default_factory=list)
    # the combat module's records: battles fought this phase (8.0), SP each side has lost in
    # battle and to attrition (victory), pieces out of play and why, supply points gone
    battles: int = 0
    lost: dict[Side, int] = field(default_factory=lambda: dict.fromkeys(Side, 0))
    # each unit's share of `lost`, with its name and side (it may have left play): the end
    # screen's table
    lost_by: dict[str, UnitLoss] = field(default_factory=dict)
    gone: dict[str, str] = field(default_factory=dict)
    supply_gone: dict[str, int] = field(default_factory=dict)  # "spent" / "destroyed" -> points
    offmap: dict[str, OffMap] = field(default_factory=dict)  # units on a detour (7.54), by id
    withdrawn: dict[str, Piece] = field(default_factory=dict)  # out by the schedule, may return
    siege_months: dict[str, int] = field(default_factory=dict)  # sieges.siege_key -> months
    waiting: tuple[int, ...] = ()  # schedule entries (by index) waiting for their place
    advance: tuple[Hex, tuple[str, ...]] | None = None  # a battle's emptied hex, who may go in
    # a battle offered to be fought out tactically, or being fought (core/campaign/offer.py):
    # a frozen record, shared by copies
    battle: Any = None
    revision: int = field(default=0, compare=False)

    def copy(self) -> StrategicState:
        return replace(
            self, pieces=dict(self.pieces), control=dict(self.control),
            forces={k: replace(f) for k, f in self.forces.items()}, finished=set(self.finished),
            mp_spent=dict(self.mp_spent), forced=set(self.forced), halted=set(self.halted),
            moved=set(self.moved),
            attacked=set(self.attacked), new_brigades=set(self.new_brigades),
            orders_used=defaultdict(int, self.orders_used),
            rail_used=defaultdict(int, self.rail_used),
            initiative_rolls=dict(self.initiative_rolls), decisions=list(self.decisions),
            lost=dict(self.lost), lost_by=dict(self.lost_by), gone=dict(self.gone),
            supply_gone=dict(self.supply_gone), offmap=dict(self.offmap),
            withdrawn=dict(self.withdrawn), siege_months=dict(self.siege_months))

    def note_loss(self, unit: Division, sp: int) -> None:
        """`unit` loses `sp` SP in battle, to attrition or on the march (the piece itself is
        changed by the caller): the side's total (victory) and the unit's share."""
        self.lost[unit.side] += sp
        before = self.lost_by.get(unit.id)
        self.lost_by[unit.id] = UnitLoss(unit.side, unit.name,
                                         sp + (before.sp if before is not None else 0))

    # --- reading -----------------------------------------------------------------------------
    def of_type(self, kind: type[P], side: Side | None = None) -> Iterator[P]:
        for piece in self.pieces.values():
            if isinstance(piece, kind) and (side is None or piece.side is side):
                yield piece

    def divisions(self, side: Side | None = None) -> Iterator[Division]:
        return self.of_type(Division, side)

    def leaders(self, side: Side | None = None) -> Iterator[Leader]:
        return self.of_type(Leader, side)

    def hqs(self, side: Side | None = None) -> Iterator[HQ]:
        return self.of_type(HQ, side)

    def at(self, h: Hex) -> list[Piece]:
        return [p for p in self.pieces.values() if p.hex == h]

    def by_hex(self) -> dict[Hex, list[Piece]]:
        found: dict[Hex, list[Piece]] = defaultdict(list)
        for piece in self.pieces.values():
            found[piece.hex].append(piece)
        return found

    def hq_of(self, unit_id: str) -> HQ | None:
        """The HQ whose roster holds `unit_id`."""
        return next((hq for hq in self.hqs() if unit_id in hq.roster), None)

    def entrained(self, piece: Piece) -> bool:
        """Aboard a train (6.58): a unit, train, leader or empty HQ, or an HQ whose whole
        roster is."""
        if isinstance(piece, HQ) and piece.roster:
            return all(self.entrained(self.pieces[u]) for u in piece.roster)
        return isinstance(piece, Division | Train | Leader | HQ) and piece.entrained

    def ships(self, side: Side | None = None) -> Iterator[Ship]:
        return self.of_type(Ship, side)

    def trains(self, side: Side | None = None) -> Iterator[Train]:
        return self.of_type(Train, side)

    # --- writing -----------------------------------------------------------------------------
    def put(self, piece: Piece) -> None:
        self.pieces[piece.id] = piece

    def move(self, piece_id: str, to: Hex) -> None:
        """Move a piece, with an HQ its roster (16.16), with a ship its cargo."""
        piece = self.pieces[piece_id]
        self.pieces[piece_id] = replace(piece, hex=to)
        carried = piece.roster if isinstance(piece, HQ) else (
            piece.cargo if isinstance(piece, Ship) else ())
        for unit_id in carried:
            self.move(unit_id, to)

    def leave_roster(self, piece_id: str) -> HQ | None:
        """Take a piece off its HQ's roster (16.16); the HQ it left, if it was on one."""
        hq = self.hq_of(piece_id)
        if hq is not None:
            self.put(replace(hq, roster=tuple(u for u in hq.roster if u != piece_id)))
        return hq

    def leave_ships(self, piece_id: str) -> None:
        """Take a piece out of any ship's cargo."""
        for ship in [s for s in self.ships() if piece_id in s.cargo]:
            self.put(replace(ship, cargo=tuple(u for u in ship.cargo if u != piece_id)))

    def new_phase(self) -> None:
        """Command spans lapse at every movement and combat phase (10.1)."""
        self.forces.clear()
        self.active = None
        self.finished.clear()
        self.battles = 0

    def new_turn(self) -> None:
        self.mp_spent.clear()
        self.forced.clear()
        self.halted.clear()
        self.moved.clear()
        self.attacked.clear()
        self.new_brigades.clear()
        self.orders_used.clear()
        self.rail_used.clear()
        self.initiative_rolls.clear()
        self.new_phase()
