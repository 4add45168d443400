"""Dial's bucket-queue Dijkstra over small whole-number costs, on a plain graph.

Nodes are plain ints and the caller says where each leads (`arcs_of(node)` -> (node, cost)
pairs), so the loop creates no object per node. `PlainGraph` runs it on hexes with one cost to
enter each (the benchmark against networkx). The reach search runs the same loop on the unit's
(hex, facing, still-on-pike) states, with every movement rule folded into the arcs, its places
pruned and its arcs looked up inline (`reach._settle_states`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import NamedTuple

from gameapp.core.hexgrid import Hex

Arcs = Callable[[int], Sequence[tuple[int, int]]]  # node -> (next node, cost >= 0) pairs

UNREACHED = 1 << 62


class Settled(NamedTuple):
    best: dict[int, int]  # node -> least cost
    parent: dict[int, int]  # node -> the node it was reached from (the start has none)
    first: dict[int, int]  # place -> its first node expanded, the cheapest (the reach's only)


def least_costs(start: int, limit: int, arcs_of: Arcs) -> Settled:
    """The least cost of every node reachable from `start` for at most `limit`. (The reach
    search runs the same loop, with its own pruning and its arcs looked up inline:
    `reach.settle`.)"""
    if limit < 0:
        return Settled({}, {}, {})
    best = {start: 0}
    parent: dict[int, int] = {}
    best_get = best.get
    buckets: list[list[int]] = [[] for _ in range(limit + 1)]
    queue = [bucket.append for bucket in buckets]  # queue[cost](node)
    buckets[0].append(start)
    for spent, bucket in enumerate(buckets):
        for node in bucket:  # a zero-cost arc appends to this bucket: still visited
            if best[node] < spent:
                continue  # reached more cheaply since it was queued
            for there, cost in arcs_of(node):
                total = spent + cost
                if total <= limit and total < best_get(there, UNREACHED):
                    best[there] = total
                    parent[there] = node
                    queue[total](there)
    return Settled(best, parent, {})


class PlainGraph:
    """Hexes with one cost to enter each and nothing else (no facing, formation or rules),
    searched by the same loop as the reach over flat indices and a neighbour table."""

    def __init__(self, costs: Mapping[Hex, int]) -> None:
        self.hexes: list[Hex] = list(costs)
        self.index = {h: i for i, h in enumerate(self.hexes)}
        for h, cost in costs.items():
            if cost < 0:
                raise ValueError(f"hex {h} costs {cost}: costs must not be negative")
        index = self.index
        self.arcs: list[tuple[tuple[int, int], ...]] = [
            tuple((index[n], costs[n]) for n in h.neighbors() if n in index) for h in self.hexes
        ]

    def least_costs(self, start: Hex, cutoff: int) -> dict[Hex, int]:
        """Every hex reachable from `start` for at most `cutoff`, the start included (at 0),
        with its least cost: what networkx's single_source_dijkstra_path_length returns."""
        at = self.index.get(start)
        if at is None:
            raise ValueError(f"hex {start} is not in the graph")
        best = least_costs(at, cutoff, self.arcs.__getitem__).best
        hexes = self.hexes
        return {hexes[i]: cost for i, cost in best.items()}
