"""Casualties of rout movement (morale table note 4: 7.71-7.75), each hex entered its own term.

A routing unit that enters a hex in the front of enemy units loses SPs in that hex:

- 7.71: one SP for every 4 enemy SPs whose front holds the hex, guns counting as SPs;
- 7.72: a routing unit of mounted cavalry loses one SP for every 8 enemy SPs instead;
- 7.73: enemy mounted cavalry inflicts one SP for every 2 of its SPs (on routers not mounted);
- 7.74/7.75: a battery's SPs are its guns, so it loses guns, and each gun lost is captured.

The ratios add up within a hex before rounding down (3 infantry SPs and 1 mounted cavalry SP:
3/4 + 1/2 = 1¼, one SP lost); each hex is counted on its own. The losses never exceed what the
unit has left. Decisions are in docs/rules.md, "Rout casualties".
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from fractions import Fraction

from gameapp.core.breakdown import Breakdown, Term
from gameapp.core.hexgrid import Hex
from gameapp.core.mapdata import HexMap
from gameapp.core.rules.front import front_hexes
from gameapp.core.units import Formation, Unit, UnitKind

ENEMY_SPS_PER_LOSS = 4  # 7.71
ENEMY_SPS_PER_MOUNTED_LOSS = 8  # 7.72: the router is mounted cavalry
MOUNTED_CAVALRY_SPS_PER_LOSS = 2  # 7.73: the enemy is mounted cavalry
MOUNTED = frozenset({Formation.MOUNTED, Formation.COLUMN, Formation.ROAD_COLUMN})
CAPTURE_RULE = "7.75"


def is_mounted_cavalry(unit: Unit) -> bool:
    return unit.kind is UnitKind.CAVALRY and unit.formation in MOUNTED


def rout_casualties(unit: Unit, path: Sequence[Hex], enemies: Iterable[Unit],
                    game_map: HexMap) -> Breakdown:
    """The SPs `unit` loses routing along `path` (its start first): one term per hex entered
    in an enemy front, then a cap at what it has left."""
    fronts: dict[Hex, list[Unit]] = {}
    for enemy in enemies:
        if enemy.side is unit.side or enemy.kind is UnitKind.LEADER:
            continue
        for h in front_hexes(enemy, game_map):
            fronts.setdefault(h, []).append(enemy)
    terms: list[Term] = []
    for h in path[1:]:
        facing = fronts.get(h)
        if facing:
            terms.append(_hex_term(unit, h, facing, game_map))
    lost = int(sum(t.value for t in terms))
    if lost > unit.strength:
        terms.append(Term(f"no more than the {unit.strength} SPs it has", unit.strength - lost,
                          "7.71"))
    return Breakdown.of(terms)


def _hex_term(unit: Unit, h: Hex, enemies: list[Unit], game_map: HexMap) -> Term:
    where = f"entered {game_map.hex_id(h)}"
    if is_mounted_cavalry(unit):
        sps = sum(e.strength for e in enemies)
        lost = sps // ENEMY_SPS_PER_MOUNTED_LOSS
        return Term(f"{where} in the front of {sps} enemy SPs, mounted: {sps} ÷ "
                    f"{ENEMY_SPS_PER_MOUNTED_LOSS}", lost, "7.72")
    horse = sum(e.strength for e in enemies if is_mounted_cavalry(e))
    other = sum(e.strength for e in enemies if not is_mounted_cavalry(e))
    ratio = Fraction(other, ENEMY_SPS_PER_LOSS) + Fraction(horse, MOUNTED_CAVALRY_SPS_PER_LOSS)
    parts, rules = [], []
    if other:
        parts.append(f"{other} SPs ÷ {ENEMY_SPS_PER_LOSS}")
        rules.append("7.71")
    if horse:
        parts.append(f"{horse} mounted cavalry SPs ÷ {MOUNTED_CAVALRY_SPS_PER_LOSS}")
        rules.append("7.73")
    return Term(f"{where} in an enemy front: {' + '.join(parts)}", math.floor(ratio),
                "/".join(rules))
