"""What a change of formation costs, as the cheapest chain of the chart's single changes.

The chart prices single changes: column <-> line (also forming or leaving square or general order),
column <-> road column, limber/unlimber, dismount, remount. A change the chart does not list in
one go, such as line to road column, is the cheapest chain of listed ones (line -> column -> road
column). Skirmish order is formed and left like line (docs/rules.md, "Formation changes").
"""

from __future__ import annotations

import heapq
from functools import cache

from gameapp.core.breakdown import Term
from gameapp.core.rules.tables import Change, MovementTables
from gameapp.core.units import FORMATIONS_BY_KIND, Formation, UnitKind

F = Formation
_EDGES: dict[UnitKind, tuple[tuple[Formation, Formation, Change], ...]] = {
    UnitKind.INFANTRY: (
        (F.LINE, F.COLUMN, Change.COLUMN_LINE),
        (F.COLUMN, F.ROAD_COLUMN, Change.ROAD_COLUMN),
        (F.LINE, F.SQUARE, Change.COLUMN_LINE),
        (F.COLUMN, F.SQUARE, Change.COLUMN_LINE),
        (F.LINE, F.GENERAL_ORDER, Change.COLUMN_LINE),
        (F.COLUMN, F.GENERAL_ORDER, Change.COLUMN_LINE),
        (F.LINE, F.SKIRMISH, Change.COLUMN_LINE),
        (F.COLUMN, F.SKIRMISH, Change.COLUMN_LINE),
    ),
    UnitKind.CAVALRY: (
        (F.MOUNTED, F.COLUMN, Change.COLUMN_LINE),
        (F.COLUMN, F.ROAD_COLUMN, Change.ROAD_COLUMN),
        (F.MOUNTED, F.SKIRMISH, Change.COLUMN_LINE),
        (F.MOUNTED, F.DISMOUNTED, Change.DISMOUNT),
        (F.DISMOUNTED, F.MOUNTED, Change.REMOUNT),
    ),
    UnitKind.ARTILLERY: (
        (F.LIMBERED, F.UNLIMBERED, Change.LIMBER_UNLIMBER),
        (F.LIMBERED, F.ROAD_COLUMN, Change.ROAD_COLUMN),
    ),
}
_ONE_WAY = {Change.DISMOUNT, Change.REMOUNT}


@cache  # a few dozen chains in all, asked for every unit of every listing
def change_terms(
    kind: UnitKind,
    start: Formation,
    goal: Formation,
    tables: MovementTables,
    in_fire_field: bool,
) -> tuple[Term, ...] | None:
    """The terms of the cheapest chain from `start` to `goal`, or None if there is none. Kept
    once worked out: it reads nothing but its arguments, and the tables are not changed once
    read (functools.cache may be called from the computer's thread too)."""
    if goal not in FORMATIONS_BY_KIND[kind]:
        return None
    if start == goal:
        return ()
    graph: dict[Formation, list[tuple[Formation, Change]]] = {}
    for a, b, change in _EDGES.get(kind, ()):
        graph.setdefault(a, []).append((b, change))
        if change not in _ONE_WAY:
            graph.setdefault(b, []).append((a, change))
    queue: list[tuple[int, int, Formation, tuple[Term, ...]]] = [(0, 0, start, ())]
    seen: set[Formation] = set()
    tie = 0
    while queue:
        cost, _, here, terms = heapq.heappop(queue)
        if here == goal:
            return terms
        if here in seen:
            continue
        seen.add(here)
        for there, change in graph.get(here, []):
            price = tables.change(change)
            mp = price.cost(in_fire_field=in_fire_field)
            doubled = in_fire_field and (price.doubled_in_fire_field or price.in_fire_field_mp)
            label = f"{here.value} to {there.value}"
            if doubled:
                label += " in enemy field of fire"
            tie += 1
            heapq.heappush(queue, (cost + mp, tie, there, (*terms, Term(label, mp, price.rule))))
    return None
