"""The strategic pieces: divisions and brigades, militia and garrisons, leaders, HQs with their
rosters, supply trains, siege trains and rail-repair units, depots, ships and forts.

Every piece is a frozen value with an `id`, a `side` and a `hex`; the state keeps them in one
dict and changes a piece by replacing it (`dataclasses.replace`), so copying a state for undo is
a dict copy. A strength point (SP) is about 1,000 men.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from gameapp.core.hexgrid import Hex
from gameapp.core.units import Side


class Arm(Enum):
    """What a ground combat unit is (16.2: every arm but cavalry counts as infantry)."""

    INFANTRY = "infantry"
    CAVALRY = "cavalry"
    MILITIA = "militia"
    GARRISON = "garrison"  # its strength is in parentheses: it cannot attack (12.14)

    @property
    def counts_as_infantry(self) -> bool:
        return self is not Arm.CAVALRY


class Quality(Enum):
    GREEN = "green"
    SEASONED = "seasoned"
    VETERAN = "veteran"


class Echelon(Enum):
    CORPS = "corps"
    ARMY = "army"


class Haul(Enum):
    """What a logistics unit is. Each weighs 1 SP on a train (6.57)."""

    SUPPLY_TRAIN = "supply train"
    SIEGE_TRAIN = "siege train"
    RAIL_REPAIR = "rail repair"


class Vessel(Enum):
    GUNBOAT = "gunboat"  # a river flotilla
    IRONCLAD = "ironclad"
    TRANSPORT = "transport"  # strength 0, controls no water (9.5, 11.13)

    @property
    def is_warship(self) -> bool:
        return self is not Vessel.TRANSPORT

    @property
    def noun(self) -> str:
        """What a ship counter stands for: 'gunboat flotilla', 'ironclad flotilla',
        'transport fleet'."""
        return "transport fleet" if self is Vessel.TRANSPORT else f"{self.value} flotilla"


def ship_name(side: Side, vessel: Vessel, place: str, number: int | None = None) -> str:
    """A ship's name where the scenario gives none: 'Union gunboat flotilla (Cairo)', the
    place it starts at or arrives at (docs/strategic-rules.md, "Ship names"); `number` tells
    apart two alike arriving together ('Union transport fleet 2 (Head of Passes)')."""
    return f"{side.label} {vessel.noun}{f' {number}' if number else ''} ({place})"


@dataclass(frozen=True)
class Division:
    """A ground combat unit: a division, or a brigade split off one (`brigade_of`, 3.25)."""

    id: str
    side: Side
    name: str
    arm: Arm
    sp: int
    ma: int  # movement allowance, in movement points a week
    hex: Hex
    quality: Quality = Quality.SEASONED
    division: str = ""  # the historical division's name, to match tactical orders of battle
    corps: str = ""
    brigade_of: str | None = None  # the division a brigade was split from
    entrained: bool = False  # aboard a train (6.58): no ZOC, cannot attack, halved if attacked
    aboard: str | None = None  # the ship carrying it

    @property
    def is_brigade(self) -> bool:
        return self.brigade_of is not None

    @property
    def can_attack(self) -> bool:
        return self.arm is not Arm.GARRISON and not self.entrained and self.sp > 0


@dataclass(frozen=True)
class Leader:
    id: str
    side: Side
    name: str
    stars: int  # 1 to 3
    initiative: int  # 1 to 6: a d6 at or under it gives a command (5.2)
    tactical: int  # -1 to +2, the battle modifier
    span: int  # units he may command beyond an HQ roster (10.1)
    hex: Hex
    cavalry: bool = False  # a cavalry general (10.2, 15.13)
    subordinate_to: str | None = None  # may not roll his own initiative (19.44)
    source: str = ""
    entrained: bool = False  # aboard a train (6.57, 6.58): detrains before he marches
    aboard: str | None = None  # the ship carrying him (7.26: leaders embark as infantry)


@dataclass(frozen=True)
class HQ:
    """A corps or army headquarters. Its roster's units stand in its hex, off the map display;
    it moves at its slowest rostered unit's allowance (16.16, 16.2). Only its own `commander`,
    standing on it, commands it (10.1)."""

    id: str
    side: Side
    name: str
    echelon: Echelon
    hex: Hex
    commander: str | None = None
    roster: tuple[str, ...] = ()
    supply: int = 0  # supply points on charge (an army HQ carries up to 2)
    entrained: bool = False  # an empty HQ aboard a train (with a roster: the roster's state)
    aboard: str | None = None  # the ship carrying it; its roster is aboard with it (16.16)


@dataclass(frozen=True)
class Train:
    id: str
    side: Side
    haul: Haul
    hex: Hex
    supply: int = 0  # supply points carried (a supply train: up to 10)
    ma: int = 3
    entrained: bool = False
    aboard: str | None = None  # the ship carrying it


@dataclass(frozen=True)
class Depot:
    id: str
    side: Side
    hex: Hex
    supply: int = 0


@dataclass(frozen=True)
class Ship:
    id: str
    side: Side
    vessel: Vessel
    strength: int
    hex: Hex
    capacity: int = 0  # SP a transport carries
    cargo: tuple[str, ...] = ()
    name: str = ""  # the scenario's, or `ship_name`'s (the loaders fill it)


@dataclass(frozen=True)
class Fort:
    id: str
    side: Side
    hex: Hex
    capacity: int  # SP of garrison it shelters
    fortress: bool = False
    guns: int | None = None  # its guns against passing ships; None: the data's (transit.yaml)


Piece = Division | Leader | HQ | Train | Depot | Ship | Fort
MOVERS = (Division, Leader, HQ, Train)  # what moves over land under a command (5.27)
Boarder = Division | Leader | HQ | Train  # what a transport carries (7.26, 6.57)


def ship_of(piece: Piece) -> str | None:
    """The ship carrying `piece`, if it is aboard one."""
    return piece.aboard if isinstance(piece, Division | Leader | HQ | Train) else None


def counter_kind(piece: Piece) -> str:
    """The counter-mix line a piece is counted on (3.26)."""
    if isinstance(piece, Division):
        if piece.is_brigade:
            return "brigades"
        return {Arm.MILITIA: "militia", Arm.GARRISON: "garrisons"}.get(piece.arm, "divisions")
    kinds: dict[type, str] = {Leader: "leaders", HQ: "hqs", Train: "trains", Depot: "depots",
                              Ship: "ships", Fort: "forts"}
    return kinds[type(piece)]
