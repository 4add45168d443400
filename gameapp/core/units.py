"""Units: what a counter is (its definition) and where it stands (its placement).

A `UnitDef` is the printed counter from the order of battle in `counters/`. A `Unit` is one counter
on the board: its definition plus position, facing, formation and status markers. Later issues move
the changing half into the game state; the split is already here.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import Enum

from gameapp.core.fastenum import FastHashEnum
from gameapp.core.hexgrid import Hex


class Side(FastHashEnum):
    UNION = "union"
    CONFEDERATE = "confederate"

    @property
    def other(self) -> Side:
        return Side.CONFEDERATE if self is Side.UNION else Side.UNION

    @property
    def label(self) -> str:
        return self.value.capitalize()


class UnitKind(FastHashEnum):
    INFANTRY = "infantry"
    CAVALRY = "cavalry"
    ARTILLERY = "artillery"
    LEADER = "leader"


class SmallArms(Enum):
    """Small-arms weapon letters of the weapon range table."""

    M = "M"  # smoothbores
    R = "R"  # rifled muskets
    S = "S"  # sharpshooters
    A = "A"  # Austrian rifles
    C = "C"  # carbines


class GunType(Enum):
    """Artillery gun letters of the weapon range table."""

    H = "H"  # howitzer
    MN = "Mn"  # mountain howitzer
    G = "G"  # 6 lb. guns
    N = "N"  # 12 lb. Napoleons
    R = "R"  # rifled guns
    W = "W"  # Whitworth


class Formation(FastHashEnum):
    LINE = "line"
    COLUMN = "column"
    ROAD_COLUMN = "road column"
    SQUARE = "square"
    GENERAL_ORDER = "general order"
    MOUNTED = "mounted"
    DISMOUNTED = "dismounted"
    SKIRMISH = "skirmish"
    LIMBERED = "limbered"
    UNLIMBERED = "unlimbered"


FORMATIONS_BY_KIND: dict[UnitKind, tuple[Formation, ...]] = {
    UnitKind.INFANTRY: (
        Formation.LINE,
        Formation.COLUMN,
        Formation.ROAD_COLUMN,
        Formation.SQUARE,
        Formation.GENERAL_ORDER,
        Formation.SKIRMISH,
    ),
    UnitKind.CAVALRY: (
        Formation.MOUNTED,
        Formation.DISMOUNTED,
        Formation.SKIRMISH,
        Formation.COLUMN,
        Formation.ROAD_COLUMN,
    ),
    UnitKind.ARTILLERY: (Formation.LIMBERED, Formation.UNLIMBERED, Formation.ROAD_COLUMN),
    UnitKind.LEADER: (Formation.MOUNTED,),
}


class Status(FastHashEnum):
    """Status markers a counter can carry."""

    SHAKEN = "shaken"
    ROUTED = "routed"
    MOVED = "M"
    DOUBLE_MOVED = "DM"
    HALF_MOVED = "HM"
    CHARGE = "charge"
    COVER = "cover"
    LOW_AMMUNITION = "low ammunition"
    NO_AMMUNITION = "no ammunition"


@dataclass(frozen=True)
class UnitDef:
    """One printed counter of an order of battle."""

    id: str
    side: Side
    name: str
    kind: UnitKind
    strength: int  # strength points (SPs); for artillery, guns
    morale: int  # printed morale level, a d66 value such as 35
    brigade: str = ""
    division: str = ""
    corps: str = ""
    weapon: SmallArms | None = None  # small arms, for infantry and cavalry
    fire_power: float = 1.0
    gun: GunType | None = None  # for artillery
    gun_label: str = ""  # the printed gun code, such as "1 R 3"
    horse_artillery: bool = False
    horse_holders: bool = False  # a cavalry counter standing as horse holders (5.27, 5.28, 8.56)
    leader_morale_bonus: int = 0  # for leaders
    leader_command: int = 0  # for leaders: command rating
    detachment: bool = False  # detachments ignore command control
    regular: bool = False  # regular (U.S. Army) cavalry ignores command control
    source: str = ""


@dataclass(frozen=True)
class Unit:
    """A counter on the board."""

    defn: UnitDef
    hex: Hex
    facing: int = 0
    formation: Formation = Formation.LINE
    status: frozenset[Status] = field(default_factory=frozenset)
    losses: int = 0  # strength points lost so far
    # artillery: the guns destroyed or taken among the losses; the rest of the losses are crews
    # shot down, whose guns stand silent with the battery (docs/rules.md, "Crews and guns")
    guns_lost: int = 0

    @property
    def id(self) -> str:
        return self.defn.id

    @property
    def strength(self) -> int:
        """Strength points left (guns, for artillery)."""
        return self.defn.strength - self.losses

    @property
    def side(self) -> Side:
        return self.defn.side

    @property
    def kind(self) -> UnitKind:
        return self.defn.kind

    @property
    def guns_on_hand(self) -> int:
        """A battery's guns still with it, served or silent (0 for other units)."""
        return self.defn.strength - self.guns_lost if self.kind is UnitKind.ARTILLERY else 0

    def moved_to(self, h: Hex, facing: int | None = None) -> Unit:
        return replace(self, hex=h, facing=self.facing if facing is None else facing)


def changed(unit: Unit, name: str, value: object) -> Unit:
    """`replace(unit, name=value)`, made without the frozen dataclass's `__init__` (one
    `object.__setattr__` per field): the listing tries every formation and cover change of
    every unit. The same value in every way (==, hash, repr, fields);
    tests/core/test_legal_listing.py checks it."""
    assert name in unit.__dict__
    end: Unit = object.__new__(Unit)
    object.__setattr__(end, "__dict__", {**unit.__dict__, name: value})
    return end
