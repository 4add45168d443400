"""Artillery duels: `002` 19-28, double-range artillery, read into `001`'s fire (the scenario
option `artillery_duels`; docs/rules.md, "Artillery duels").

A duel is fire by artillery only, every firer two hexes or more from the target hex, at a hex
whose combat units are all artillery (19: any number of them). Then:

- 20: a battery next to an enemy combat unit takes no part in a duel (it has closer work);
- 28: no duels at night;
- 21: the target's ground counts, the firer's never does: `001` already works so;
- 22: a target fired on from the same hill (every hex of the line, ends included, above the
  map's lowest ground: LoB 4.2c's test) loses its slope modifiers;
- 23: a target in woods fired on from woods connected to its own, hex by hex, loses the woods;
- 24: a duel takes one casualty step at most and calls for no morale check, so no rout follows.

25 (hills see over everything), 26 and 27 (G88's defending factors and battles) have no place
in `001`'s fire; docs/rules.md says why.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from gameapp.core.breakdown import Term
from gameapp.core.hexgrid import Hex
from gameapp.core.mapdata import HexMap
from gameapp.core.rules.fire.inputs import TargetInput
from gameapp.core.rules.retreat.ground import WOODED
from gameapp.core.scenario import Light
from gameapp.core.state import GameState
from gameapp.core.terrain import Terrain
from gameapp.core.units import Unit, UnitKind

DUEL_STEPS = 1
DUEL_RULE = "002 24"


def is_duel(firers: Sequence[Unit], defenders: Sequence[Unit], at: Hex) -> bool:
    troops = [d for d in defenders if d.kind is not UnitKind.LEADER]
    return (bool(troops) and all(d.kind is UnitKind.ARTILLERY for d in troops)
            and all(f.kind is UnitKind.ARTILLERY and f.hex.distance(at) >= 2 for f in firers))


def duel_refusal(state: GameState, firers: Sequence[Unit], light: Light
                 ) -> tuple[str, str] | None:
    """Why these batteries may not duel now (reason, rule), or None."""
    if light is Light.NIGHT:
        return "no artillery duels at night", "002 28"
    for firer in firers:
        if any(u.side is not firer.side and u.kind is not UnitKind.LEADER
               and u.hex.distance(firer.hex) == 1 for u in state.units.values()):
            return (f"{firer.defn.name} is next to the enemy: it takes no part in an "
                    "artillery duel", "002 20")
    return None


def duel_ground(game_map: HexMap, firers: Sequence[Unit], target: TargetInput, at: Hex
                ) -> tuple[TargetInput, tuple[Term, ...]]:
    """The target's ground as a duel counts it (22, 23), and a 0 term for each cover lost."""
    notes: list[Term] = []
    if target.slopes and all(same_hill(game_map, f.hex, at) for f in firers):
        target = replace(target, slopes=())
        notes.append(Term("fired on from the same hill: no slope modifier", 0, "002 22"))
    if target.terrain in WOODED and all(woods_connected(game_map, f.hex, at) for f in firers):
        notes.append(Term(f"fired on from woods connected to its own: no "
                          f"{target.terrain.label} modifier", 0, "002 23"))
        target = replace(target, terrain=Terrain.CLEAR)
    return target, tuple(notes)


def same_hill(game_map: HexMap, a: Hex, b: Hex) -> bool:
    lowest = int(game_map.elevation.min())
    return all(game_map.elevation_at(h) > lowest for h in a.line_to(b))


def woods_connected(game_map: HexMap, a: Hex, b: Hex) -> bool:
    """`a` and `b` are woods joined by a chain of woods hexes, each next to the one before."""
    def wooded(h: Hex) -> bool:
        return game_map.contains(h) and game_map.terrain_at(h) in WOODED

    if not (wooded(a) and wooded(b)):
        return False
    seen, frontier = {a}, [a]
    while frontier:
        here = frontier.pop()
        if here == b:
            return True
        for n in here.neighbors():
            if n not in seen and wooded(n):
                seen.add(n)
                frontier.append(n)
    return False
