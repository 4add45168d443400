"""Enfilade (6.44): how the firer's position against the target's axis multiplies fire points.

A formed target has an *axis*, the line its files or ranks run along. A unit in line stands
across its facing, so its axis is square to the facing; a column stands along its facing. Take
the centre-to-centre line from the target to the firer, measure its angle to the facing with the
front's own machinery (`front.angle_off_facing`), and turn that into the angle `phi` between the
line of fire and the axis (0 to 90 degrees):

- phi <= 15 degrees: **full enfilade**, the fire sweeps the whole length of the unit (x3);
- 15 < phi < 30 degrees: **partial enfilade** (x2);
- phi >= 30 degrees: front or rear (x1).

For a line, phi >= 30 is exactly the front arc (within 60 degrees of the facing, `front.py`) and
its mirror behind, so a line is enfiladed only from its flanks; full enfilade takes in the hexes
the line would occupy if extended. A column is enfiladed from ahead and behind and takes fire
from its flanks at x1. Axes by formation:

- across the facing: line, mounted and dismounted cavalry, unlimbered artillery (a battery);
- along the facing: column, road column, limbered artillery;
- none (always x1): skirmish order, square, general order, routed units and leaders.

The multipliers are the fire tables' (`data/fire.yaml`, `fire_points.enfilade`).
"""

from __future__ import annotations

from enum import Enum
from fractions import Fraction

from gameapp.core.breakdown import Term
from gameapp.core.hexgrid import Hex
from gameapp.core.rules.fire.tables import fire_tables
from gameapp.core.rules.front import angle_off_facing
from gameapp.core.units import Formation, Status, Unit, UnitKind

FULL_WITHIN = 15.0  # degrees between the line of fire and the target's axis
PARTIAL_WITHIN = 30.0
_EPSILON = 1e-6
RULE = "6.44"


class Axis(Enum):
    ACROSS_FACING = "across"  # a line
    ALONG_FACING = "along"  # a column


_AXIS: dict[Formation, Axis] = {
    Formation.LINE: Axis.ACROSS_FACING,
    Formation.MOUNTED: Axis.ACROSS_FACING,
    Formation.DISMOUNTED: Axis.ACROSS_FACING,
    Formation.UNLIMBERED: Axis.ACROSS_FACING,
    Formation.COLUMN: Axis.ALONG_FACING,
    Formation.ROAD_COLUMN: Axis.ALONG_FACING,
    Formation.LIMBERED: Axis.ALONG_FACING,
}


class Enfilade(Enum):
    FRONT_OR_REAR = "front"
    PARTIAL = "partial"
    FULL = "full"

    @property
    def multiplier(self) -> Fraction:
        return fire_tables().effects.enfilade[self.value]

    @property
    def rule(self) -> str:
        return RULE

    @property
    def label(self) -> str:
        name = {"front": "front or rear", "partial": "partial enfilade",
                "full": "full enfilade"}[self.value]
        return f"{name} ×{self.multiplier}"


def target_axis(target: Unit) -> Axis | None:
    """The target's axis, or None when it has none (always front or rear)."""
    if target.kind is UnitKind.LEADER or Status.ROUTED in target.status:
        return None
    return _AXIS.get(target.formation)


def axis_angle(firer_hex: Hex, target: Unit) -> float | None:
    """Degrees (0..90) between the line of fire and the target's axis; None without an axis or
    when the firer is in the target's hex."""
    axis = target_axis(target)
    if axis is None or firer_hex == target.hex:
        return None
    off_facing = angle_off_facing(firer_hex - target.hex, target.facing)
    if axis is Axis.ACROSS_FACING:
        return abs(90.0 - off_facing)
    return min(off_facing, 180.0 - off_facing)


def enfilade(firer_hex: Hex, target: Unit) -> Enfilade:
    """How fire from `firer_hex` takes `target` (6.44)."""
    phi = axis_angle(firer_hex, target)
    if phi is None:
        return Enfilade.FRONT_OR_REAR
    if phi <= FULL_WITHIN + _EPSILON:
        return Enfilade.FULL
    if phi < PARTIAL_WITHIN - _EPSILON:
        return Enfilade.PARTIAL
    return Enfilade.FRONT_OR_REAR


def enfilade_term(firer_hex: Hex, target: Unit) -> Term:
    """The fire-point multiplier as a breakdown term, such as `6.44 partial enfilade ×2`."""
    result = enfilade(firer_hex, target)
    return Term(result.label, float(result.multiplier), result.rule)
