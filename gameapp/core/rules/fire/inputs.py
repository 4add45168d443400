"""The plain inputs of a fire attack, as the geometry and the game state hand them over.

Nothing here looks at the map: ranges, enfilade, lines of fire, which hexside the fire crosses
and which slope or slope-top modifiers count (TEC N4, N8, N19) are decided by the line-of-sight
and field-of-fire code and passed in as values.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from gameapp.core.breakdown import Term
from gameapp.core.rules.fire.enfilade import Enfilade
from gameapp.core.terrain import HexFeature, HexsideFeature, Slope, Terrain
from gameapp.core.units import Unit


class TargetMovement(Enum):
    NONE = "none"
    REGULAR_CHARGE = "regular_charge"
    IMMEDIATE_CHARGE = "immediate_charge"
    AUTO_VICTORY_HALF_MOVED = "auto_victory_half_moved"
    AUTO_VICTORY_MOVED = "auto_victory_moved"


class Sun(Enum):
    DAY = "day"
    DAWN = "dawn"
    DUSK = "dusk"
    TWILIGHT = "twilight"


@dataclass(frozen=True)
class FiringLimit:
    """How many SPs (or gun SPs) may fire from the firer's hex, and the rule that says so."""

    sps: int
    rule: str  # "TEC woods", "TEC N1"
    label: str = ""  # "woods, standing"


@dataclass(frozen=True)
class FirerInput:
    unit: Unit
    distance: int  # hexes to the target
    firing_limit: FiringLimit  # of its hex, for its personnel or, for artillery, its guns (N1)
    canister: bool = False
    enfilade: Enfilade = Enfilade.FRONT_OR_REAR
    clear_line_of_fire: bool = False  # range note 4b: no counter friendly to it on the line
    exhaustion: int = 0  # its brigade's exhaustion level
    sps: int | None = None  # its SPs now (guns for artillery); None: the printed strength

    @property
    def strength(self) -> int:
        return self.unit.defn.strength if self.sps is None else self.sps


@dataclass(frozen=True)
class TargetInput:
    units: tuple[Unit, ...]
    terrain: Terrain = Terrain.CLEAR
    features: HexFeature = HexFeature.NONE  # the hex's additional features that count (N19)
    hexsides: HexsideFeature = HexsideFeature.NONE  # hexside features the fire crosses into it
    parallel_to_hexside: bool = False  # N8: target in line along the wall/fence, fire across it
    slopes: tuple[Slope, ...] = ()  # the slope modifiers that count (N4)
    at_guns: bool = False  # fire at the guns rather than at personnel
    horse_holders: frozenset[str] = frozenset()  # unit ids standing as horse holders (5.28)
    sps: tuple[tuple[str, int], ...] = ()  # (unit id, SPs now) where not the printed strength

    def strength(self, unit: Unit) -> int:
        return dict(self.sps).get(unit.id, unit.defn.strength)


@dataclass(frozen=True)
class Situation:
    """What the attack as a whole brings to the dice roll, and the rules options."""

    target_movement: TargetMovement = TargetMovement.NONE
    sun: Sun = Sun.DAY
    facing_nw_or_w: bool = False  # dusk: the fire faces north-west or west
    officer_bonus: int = 0  # printed bonus of an officer directing the fire
    at_officer: bool = False  # small arms fired specifically at an officer (6.75)
    rapid_fire: bool = False  # 6.47/6.48 are not in the seed: must stay off (docs/rules.md)
    drm_cap: bool = False  # option drm_cap: the roll is modified by at most 10 (002 14)
    duel: bool = False  # option artillery_duels: guns at guns at a distance (002 19-28)
    duel_notes: tuple[Term, ...] = ()  # the target's cover a duel takes away (002 22, 23)
