"""What strategic actions and steps cause, each explaining itself term by term."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from gameapp.core.breakdown import Term
from gameapp.core.hexgrid import Hex
from gameapp.core.units import Side


@dataclass(frozen=True)
class InitiativeDecided:
    """The week's initiative dice (our design, wbts.md 7.3): the higher total moves first."""

    rolls: dict[Side, int]
    terms: tuple[Term, ...]
    first: Side
    chance_first: dict[Side, Fraction]  # each side's chance of moving first, before the dice
    rule: str


@dataclass(frozen=True)
class CommandGiven:
    """A force commanded: by an order (no die) or by a roll at or under the initiative."""

    leader: str
    side: Side
    by_order: bool
    roll: int | None
    needed: int | None  # the highest roll that commands
    chance: Fraction  # the chance the command was given, before the die
    success: bool
    terms: tuple[Term, ...]
    rule: str


@dataclass(frozen=True)
class Marched:
    piece: str
    path: tuple[Hex, ...]
    terms: tuple[Term, ...]  # each hex's cost, term by term
    cost: Fraction
    allowance: Fraction
    forced: bool
    stopped_by_zoc: bool


@dataclass(frozen=True)
class ForcedMarchLoss:
    piece: str
    roll: int
    lose_on: int  # the die loses on this or more
    chance: Fraction
    loss: int  # SP lost (whole SP, 12.13)
    friendly: bool  # the march ended in friendly territory (3.23)
    terms: tuple[Term, ...]


@dataclass(frozen=True)
class RailMoved:
    piece: str
    frm: Hex
    to: Hex
    weight: int
    capacity_left: int
    terms: tuple[Term, ...]


@dataclass(frozen=True)
class LeftTrain:
    """`detrain PIECE`: it got off the train (6.58) where it stands."""
    piece: str
    at: Hex
    terms: tuple[Term, ...]


@dataclass(frozen=True)
class BrigadeSplit:
    division: str
    brigade: str
    sp: int
    rule: str


@dataclass(frozen=True)
class RosterChanged:
    unit: str
    hq: str | None  # the HQ it joined, None when released
    rule: str


@dataclass(frozen=True)
class ControlChanged:
    hex: Hex
    side: Side
    rule: str


@dataclass(frozen=True)
class MonthEnded:
    """The monthly interphase after every fourth week."""

    turn: int
    rule: str


@dataclass(frozen=True)
class Sailed:
    ship: str
    path: tuple[Hex, ...]
    terms: tuple[Term, ...]


@dataclass(frozen=True)
class Boarded:
    """A piece embarked on (or landed from) transports, an HQ with its roster: which pieces
    went on (or came off) which ship, and the room they took."""

    piece: str
    at: Hex
    ships: dict[str, tuple[str, ...]]  # ship -> the pieces put on it (or taken off it)
    landed: bool
    terms: tuple[Term, ...]


@dataclass(frozen=True)
class WentOffMap:
    """A unit left the map on a detour (7.54); it may come back at `entry` next turn."""

    piece: str
    left_from: Hex
    entry: Hex
    detour: str
    terms: tuple[Term, ...]


@dataclass(frozen=True)
class ReEntered:
    """A unit back from a detour (7.54), its move for the turn spent."""

    piece: str
    entry: Hex
    detour: str
    terms: tuple[Term, ...]
