"""Enemy forts that bar a river: a target for a side with ships on the map (docs/ai.md, "River
forts").

A garrisoned enemy fort on navigable water fires on every ship of ours that passes it (R&C
strategic transit), so the river beyond is ours to use only once the fort is taken or starved.
That was Grant's reason for Fort Henry and Fort Donelson (6 and 16 February 1862): with them
the Tennessee and the Cumberland carried the Union's transports and gunboats to Nashville and
Pittsburg Landing. A fort that is not a victory place is worth nothing to the place targets
but 25.3's single point, so before this the computer's Union sailed past Donelson's guns or
down the Mississippi and Donelson never fell (West '62, 0 games of 20 in session 8).

Each such fort is a target worth `RIVER_FORT` in proportion to how far it is within our grasp
(objectives.grasp: three times its defenders, a fort counting them twice), and, as a fortress
too strong to storm, its open sides (objectives.investing: a siege). Driving its garrison out
counts in a battle's worth as a place's would (combat_cas.battle_worth).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from gameapp.ai.strategic.objectives import Target, grasp, investing
from gameapp.ai.strategic.position import Position
from gameapp.core.hexgrid import Hex
from gameapp.core.rulesets.strategic.pieces import Fort

RIVER_FORT = 4.0  # VP: a 2-point place's swing, the river beyond it opened to our ships


def barring_forts(pos: Position) -> dict[Hex, Fort]:
    """The enemy forts that bar water to a side that has ships: on navigable water and not
    victory places (those are targets already: Columbus, Vicksburg). A garrisoned one fires on
    our ships; an empty one is taken by marching in (13.15), and then no enemy garrison can
    come back to it (Fort Donelson's garrison beaten, the fort stood empty until a unit went
    in)."""
    if next(pos.state.ships(pos.side), None) is None:
        return {}
    places = {p.hex for p in pos.places}
    return {f.hex: f for f in pos.state.of_type(Fort, pos.side.other)
            if f.hex not in places and pos.terrain.on_water(f.hex)}


def river_fort_targets(pos: Position,
                       way: Callable[[Hex], Mapping[Hex, int] | None]) -> list[Target]:
    """Each barring fort, to take, and its open sides, to invest."""
    found: list[Target] = []
    for h, fort in sorted(barring_forts(pos).items()):
        name = f"{pos.name(h)} ({fort.id})"
        have, need = grasp(pos, h)
        found.append(Target(h, RIVER_FORT, f"{name}, an enemy fort barring the river",
                            have=have, need=need, march=way(h)))
        found += investing(pos, h, RIVER_FORT, name, way)
    return found
