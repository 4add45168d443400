"""How far a place is in marching, not as the crow flies: the MP a march from every land hex
to a hex costs on the bare map (terrain, rivers, roads, ridges crossed at gaps; no units, no
zones of control, no winter). A commander measures the way to an objective in days of march:
Grant's army stood across the Mississippi from Vicksburg in West '63, one hex away as the crow
flies, and sat there for eighteen weeks, every hex it could reach being no nearer.

Computed once for each hex asked for (a reverse Dijkstra over the map's cached exits) and kept
for the game: the player asks it only for places and the sides of fortresses, which do not
move.
"""

from __future__ import annotations

import heapq
from collections.abc import Mapping
from dataclasses import dataclass, field

from gameapp.core.hexgrid import Hex
from gameapp.core.rulesets.strategic.terrain import TerrainCosts

ROUND_KEPT = 64  # marches round barred hexes kept at once (the enemy's army moves each week)


@dataclass
class MarchCosts:
    terrain: TerrainCosts
    _to: dict[Hex, dict[Hex, int]] = field(default_factory=dict)
    _into: dict[Hex, tuple[tuple[Hex, int], ...]] = field(default_factory=dict)
    _round: dict[tuple[Hex, frozenset[Hex]], dict[Hex, int]] = field(default_factory=dict)

    def to(self, goal: Hex) -> Mapping[Hex, int]:
        """The MP from each land hex to `goal` (absent: no way there by land)."""
        found = self._to.get(goal)
        if found is None:
            found = self._to[goal] = self._costs_to(goal)
        return found

    def round(self, goal: Hex, barred: frozenset[Hex]) -> Mapping[Hex, int]:
        """The MP from each land hex to `goal` by a march that keeps out of the `barred` hexes
        (absent: no such way, or standing in one): the way round an enemy army, not through
        it. Kept while the barred hexes stay the same (the enemy army has not moved)."""
        key = (goal, barred)
        found = self._round.get(key)
        if found is None:
            if len(self._round) > ROUND_KEPT:
                self._round.clear()
            found = self._round[key] = self._costs_to(goal, barred)
        return found

    def _costs_to(self, goal: Hex, barred: frozenset[Hex] = frozenset()) -> dict[Hex, int]:
        best = {goal: 0}
        queue = [(0, goal)]
        while queue:
            cost, b = heapq.heappop(queue)
            if cost > best.get(b, cost):
                continue
            for a, step in self._steps_into(b):
                if a in barred:
                    continue
                total = cost + step
                if total < best.get(a, total + 1):
                    best[a] = total
                    heapq.heappush(queue, (total, a))
        return best

    def _steps_into(self, b: Hex) -> tuple[tuple[Hex, int], ...]:
        """The land hexes a march steps from into `b`, with the MP of the step (at least 1),
        in `b.neighbors()` order; kept for the game, since every search crosses the same hexes
        (West '63: 109 searches, a worst decision of 10 s when each step was looked up anew)."""
        found = self._into.get(b)
        if found is None:
            terrain = self.terrain
            limit = terrain.tables.movement_allowance["infantry"]
            steps = []
            for a in b.neighbors():
                if not terrain.map.contains(a) or terrain.terrain(a).is_water:
                    continue
                step = next((mp for n, mp in terrain.exits(a) if n == b), None)
                if step is None or step > limit:  # more than a week's march of infantry
                    continue
                steps.append((a, max(1, step)))
            found = self._into[b] = tuple(steps)
        return found
