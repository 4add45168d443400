"""The cheapest marches from a hex (Dijkstra over MP; entering an enemy zone of control ends a
path, 6.24), searched once for every piece that marches from that hex in one listing.

    search = LandSearch.run(start, side, mp=6, terrain, board, winter, road_only)
    search.within(5)      # {hex: (cost, path)}: what a piece with 5 MP reaches

The cheapest cost to a hex and its path do not depend on the MP a piece has, only whether it
can pay for them: a search run with the most MP of the pieces in a hex serves each of them,
`within` leaving out what a piece cannot pay for. Hexes cheaper than a piece's MP are found by
the same steps in the same order whatever the MP searched with (a step never costs less than
nothing, so every hex a piece can pay for is settled before any it cannot), so `within(mp)`
lists exactly the hexes, costs, paths and order a search with `mp` alone finds.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass, field

from gameapp.core.hexgrid import Hex
from gameapp.core.rulesets.strategic.terrain import TerrainCosts
from gameapp.core.rulesets.strategic.zoc import Board
from gameapp.core.units import Side

Reach = dict[Hex, tuple[int, tuple[Hex, ...]]]  # hex -> (MP it costs, the path to it)


@dataclass
class LandSearch:
    start: Hex
    best: dict[Hex, int]  # the cheapest cost found to each hex
    parent: dict[Hex, Hex]  # the hex each cheapest path came from
    improved: list[tuple[Hex, int]]  # every cheaper cost found, in the order found
    _paths: dict[Hex, tuple[Hex, ...]] = field(default_factory=dict)
    _within: dict[int, Reach] = field(default_factory=dict)

    @classmethod
    def run(cls, start: Hex, side: Side, mp: int, terrain: TerrainCosts, board: Board,
            winter: bool, road_only: bool) -> LandSearch:
        enemy_zoc, enemy_in = board.zoc[side.other], board.occupied[side.other]
        exits = terrain.exits
        best: dict[Hex, int] = {start: 0}
        parent: dict[Hex, Hex] = {}
        improved: list[tuple[Hex, int]] = []
        queue: list[tuple[int, int, Hex]] = [(0, 0, start)]
        counter = 0
        while queue:
            spent, _, at = heapq.heappop(queue)
            if spent > best[at] or (at != start and at in enemy_zoc):
                continue
            for to, step in exits(at, winter, road_only):
                cost = spent + step
                if cost > mp or to in enemy_in or cost >= best.get(to, cost + 1):
                    continue
                best[to] = cost
                parent[to] = at
                improved.append((to, cost))
                counter += 1
                heapq.heappush(queue, (cost, counter, to))
        return cls(start, best, parent, improved)

    def within(self, mp: int) -> Reach:
        """Every hex `mp` MP reach, in the order a search with `mp` finds them (kept: pieces
        of a hex often have the same MP)."""
        found = self._within.get(mp)
        if found is None:
            found = self._within[mp] = {}
            best = self.best
            for h, cost in self.improved:
                if cost <= mp and h not in found:
                    found[h] = (best[h], self.path(h))
        return found

    def path(self, h: Hex) -> tuple[Hex, ...]:
        found = self._paths.get(h)
        if found is None:
            at = self.parent[h]
            found = self._paths[h] = (h,) if at == self.start else (*self.path(at), h)
        return found
