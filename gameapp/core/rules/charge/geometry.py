"""Where a charge comes from: the defender's front, flank or rear, and the slope charged up.

**Orientation** (docs/rules.md, "Front, flank and rear"). Take the angle θ between the defender's
facing direction and the line from the centre of the defender's hex to the centre of the hex the
attacker charges from (`front.angle_off_facing`, the front's own machinery, 0..180°):

- *front*: θ is within the defender's front arc (`front.HALF_ARC`: 60° for line, skirmish,
  mounted, dismounted and unlimbered guns; 0° for a column, whose front is straight ahead; 180°
  for a square, which has no flank or rear). Road column and limbered guns are columns here
  (they keep a facing; they merely have no front for movement);
- *rear*: θ > 120° and not in the front arc: the back third of the compass;
- *flank*: everything else (for a line, 60° < θ <= 120°).

Next to a line facing north that gives front N, NE and NW, flank SE and SW, rear S. A routed
defender counts as charged from the flank wherever the attacker stands (7.52.g), and so does a
unit in general order (it has no ranks to face anything). A shaken defender keeps its formation
and facing (7.51.d).

**Slopes.** The chart's starred rows count only when the attacker is on lower terrain. The
attacker charges *up a gentle slope* when its hex is lower than the defender's by at least the
map's gentle threshold, *up a steep slope* by at least the steep threshold (the thresholds of
`HexMap.slope_at`). The row is the slope *top* when the defender's hex carries the `slope top`
feature, the slope *hex* otherwise. With several charging hexes the starred row counts only
when every one of them is lower, and then by the gentlest slope among them.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum

from gameapp.core.hexgrid import Hex
from gameapp.core.mapdata import HexMap
from gameapp.core.rules.front import HALF_ARC, angle_off_facing
from gameapp.core.terrain import HexFeature
from gameapp.core.units import Formation, Status, Unit

REAR_FROM = 120.0  # degrees off the facing: the rear is the back third
_EPSILON = 1e-6
COLUMN_LIKE = {Formation.ROAD_COLUMN: 0.0, Formation.LIMBERED: 0.0}


class Position(Enum):
    FRONT = "front"
    FLANK = "flank"
    REAR = "rear"


class Grade(Enum):
    GENTLE = "gentle"
    STEEP = "steep"


def orientation_arc(defender: Unit) -> float | None:
    """The defender's front half-arc for charges, or None when every charge takes it in flank."""
    if Status.ROUTED in defender.status:
        return None
    if defender.formation in HALF_ARC:
        return HALF_ARC[defender.formation]
    return COLUMN_LIKE.get(defender.formation)


def position(attacker_hex: Hex, defender: Unit) -> Position:
    """Where `attacker_hex` lies relative to the defender: its front, flank or rear."""
    if attacker_hex == defender.hex:
        raise ValueError("the attacker charges from another hex than the defender's")
    arc = orientation_arc(defender)
    if arc is None:
        return Position.FLANK
    theta = angle_off_facing(attacker_hex - defender.hex, defender.facing)
    if theta <= arc + _EPSILON:
        return Position.FRONT
    if theta > REAR_FROM + _EPSILON:
        return Position.REAR
    return Position.FLANK


def slope_up(game_map: HexMap, attacker_hex: Hex, defender_hex: Hex) -> Grade | None:
    """The slope the attacker charges up from `attacker_hex`, or None when it is not lower."""
    if not (game_map.contains(attacker_hex) and game_map.contains(defender_hex)):
        return None
    rise = game_map.elevation_at(defender_hex) - game_map.elevation_at(attacker_hex)
    if rise >= game_map.slope_thresholds.steep:
        return Grade.STEEP
    if rise >= game_map.slope_thresholds.gentle:
        return Grade.GENTLE
    return None


def charged_slope(game_map: HexMap, attacker_hexes: Iterable[Hex], defender_hex: Hex
                  ) -> tuple[Grade, bool] | None:
    """(grade, slope top) of the starred terrain row that counts, or None.

    Every charging hex must be lower; the gentlest slope among them decides the grade."""
    grades = [slope_up(game_map, h, defender_hex) for h in set(attacker_hexes)]
    if not grades or any(g is None for g in grades):
        return None
    grade = Grade.GENTLE if Grade.GENTLE in grades else Grade.STEEP
    top = bool(game_map.features_at(defender_hex) & HexFeature.SLOPE_TOP)
    return grade, top
