"""The target hex's qualities under the majority rule (6.63).

When the units in a target hex differ in something that changes the fire points or the dice
roll, the quality of the majority of the SPs counts; on a tie, the one best for the defender.
Artillery personnel count double when the fire is at personnel; fire at the guns counts gun SPs.
Each quality is decided on its own: the fire-point factor (square, general order, routed), the
posture for the terrain figures (covered, standing, or standing in clear when shaken) and the
target-type modifier (mounted, under cover, sharpshooters under cover).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from typing import Generic, TypeVar

from gameapp.core.rules.fire.inputs import TargetInput
from gameapp.core.rules.fire.tables import fire_tables
from gameapp.core.units import Formation, Side, SmallArms, Status, Unit, UnitKind

T = TypeVar("T", bound=Hashable)


class Posture(Enum):
    """Which terrain figures the target gets."""

    STANDING = "standing"
    COVERED = "covered"
    CLEAR = "standing in clear"  # shaken targets (7.51.c)


class TargetCause(Enum):
    """Fire-point modifications the target brings (step 5)."""

    SQUARE = "square"
    GENERAL_ORDER = "general order"
    ROUTED = "routed"


class TargetType(Enum):
    """The target-type dice-roll modifiers."""

    NONE = "none"
    MOUNTED_OR_LIMBERED = "mounted_or_limbered"
    UNDER_COVER = "dismounted_or_artillery_under_cover"
    US_SHARPSHOOTER_UNDER_COVER = "us_sharpshooter_under_cover"


@dataclass(frozen=True)
class Majority(Generic[T]):
    value: T
    sps: int  # weighted SPs that hold it
    total: int  # weighted SPs in the hex
    mixed: bool  # the units differ in this quality

    def note(self, what: str) -> str:
        return f"majority: {what}, {self.sps} of {self.total} SPs"


def weights(target: TargetInput) -> list[tuple[Unit, int]]:
    """Each unit the fire can hit, with its weight: artillery personnel double at personnel."""
    double = fire_tables().modifiers.artillery_personnel_weight
    out = []
    for unit in target.units:
        if unit.kind is UnitKind.LEADER:
            continue
        artillery = unit.kind is UnitKind.ARTILLERY
        if target.at_guns and not artillery:
            continue
        weight = target.strength(unit) * (double if artillery and not target.at_guns else 1)
        out.append((unit, weight))
    return out


def majority(target: TargetInput, quality: Callable[[Unit], T],
             favour: Callable[[T], Fraction | int]) -> Majority[T] | None:
    """The quality of most SPs; ties go to the lowest `favour` (best for the defender)."""
    tally: dict[T, int] = {}
    for unit, weight in weights(target):
        value = quality(unit)
        tally[value] = tally.get(value, 0) + weight
    if not tally:
        return None
    most = max(tally.values())
    best = min((v for v, w in tally.items() if w == most), key=favour)
    return Majority(best, most, sum(tally.values()), len(tally) > 1)


def causes(unit: Unit) -> frozenset[TargetCause]:
    found = set()
    if unit.formation is Formation.SQUARE:
        found.add(TargetCause.SQUARE)
    if unit.formation is Formation.GENERAL_ORDER:
        found.add(TargetCause.GENERAL_ORDER)
    if Status.ROUTED in unit.status:
        found.add(TargetCause.ROUTED)
    return frozenset(found)


def cause_factor(found: frozenset[TargetCause]) -> Fraction:
    effects = fire_tables().effects
    factors = {TargetCause.SQUARE: effects.square_target,
               TargetCause.GENERAL_ORDER: effects.general_order_target,
               TargetCause.ROUTED: effects.routed_target}
    product = Fraction(1)
    for cause in found:
        product *= factors[cause]
    return product


def cause_rule(cause: TargetCause) -> str:
    key = {TargetCause.SQUARE: "square_target", TargetCause.GENERAL_ORDER: "general_order_target",
           TargetCause.ROUTED: "routed_target"}[cause]
    return fire_tables().effects.rules[key]


def fire_point_causes(target: TargetInput) -> Majority[frozenset[TargetCause]] | None:
    return majority(target, causes, cause_factor)


def posture(unit: Unit, target: TargetInput) -> Posture:
    if Status.SHAKEN in unit.status:
        return Posture.CLEAR
    if target.at_guns:
        return Posture.STANDING
    return Posture.COVERED if Status.COVER in unit.status else Posture.STANDING


def target_type(unit: Unit, target: TargetInput) -> TargetType:
    if target.at_guns:
        return TargetType.NONE
    covered = Status.COVER in unit.status and Status.SHAKEN not in unit.status
    mounted = unit.id in target.horse_holders or unit.formation is not Formation.DISMOUNTED
    if unit.kind is UnitKind.CAVALRY and mounted:
        return TargetType.MOUNTED_OR_LIMBERED
    if unit.kind is UnitKind.ARTILLERY and unit.formation in (Formation.LIMBERED,
                                                              Formation.ROAD_COLUMN):
        return TargetType.MOUNTED_OR_LIMBERED
    if covered and unit.side is Side.UNION and unit.defn.weapon is SmallArms.S:
        return TargetType.US_SHARPSHOOTER_UNDER_COVER
    if covered and unit.kind in (UnitKind.CAVALRY, UnitKind.ARTILLERY):
        return TargetType.UNDER_COVER
    return TargetType.NONE


def type_drm(kind: TargetType) -> int:
    return 0 if kind is TargetType.NONE else fire_tables().modifiers.target_type[kind.value]


def target_types(target: TargetInput) -> Majority[TargetType] | None:
    return majority(target, lambda u: target_type(u, target), type_drm)


def density_sps(target: TargetInput) -> int:
    """SPs for the density modifier: personnel with artillery double, or gun SPs at guns."""
    return sum(weight for _, weight in weights(target))
