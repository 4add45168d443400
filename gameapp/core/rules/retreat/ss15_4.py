"""Retreat paths under `000` 15.4 (the scenario option `retreat: ss15_4`).

Requirements, never broken (else Broken Box 3):
- end exactly `distance` hexes from the start (hex distance, not hexes moved);
- never enter an enemy-occupied hex, nor cross ground impassable to the unit, artillery entering
  woods only along a road link (`ground.py`);
- never end overstacked; a unit that would must go on (below).

Every path is ranked by a tuple compared left to right, smaller first (`RetreatPath.penalties`):
1. hexes entered next to the units that caused the retreat (15.4 priority 1);
2. hexes entered next to other enemy combat units (priority 2);
3. steps that do not lower the distance to the own map edge (`edges.py`);
4. 1 when the path runs into the own edge short of the distance (Broken Box 1), else 0;
5. hexes moved: more than `distance` only when the priorities above call for it.

The search. Every hex of a path before its end lies nearer the start than `distance`, except
hexes at `distance` or more where the unit would be overstacked: it goes on from those, and
from there only to hexes at least `distance` away. A path ends at the first hex at `distance` or
more where the unit can stack, or at a hex of its own map edge (Broken Box 1). A unit that
starts on its own edge is in Broken Box 1 at once. These limits lose nothing: the part of a
longer path up to its first hex at `distance` is a legal path that is never ranked worse.

A lexicographic Dijkstra search from the start gives each end hex its best paths; one from the
ends back gives every hex its best way on, which explains each hex of each path
(`ss15_4_notes.py`). Ties are the owner's choice; the chosen path is the first of them by
the measure home (the end nearest the own edge), then by the printed ids of its hexes.

Listed: each end hex's best path, and for the ends as good as the best (the owner's choices)
every tied path to them, up to PATHS_PER_END each and PATHS_IN_ALL in all (`truncated` says
when some were left out).
"""

from __future__ import annotations

from gameapp.core.hexgrid import Hex
from gameapp.core.rules.retreat.ground import RetreatGround
from gameapp.core.rules.retreat.result import Outcome, Reason, RetreatOptions, RetreatPath
from gameapp.core.rules.retreat.ss15_4_graph import BROKEN_TAG, ZERO, Key, Node, Search15_4
from gameapp.core.rules.retreat.ss15_4_notes import PathDescriber

RULE = "000 15.4"
PATHS_PER_END = 8
PATHS_IN_ALL = 96


def retreat_15_4(ground: RetreatGround, distance: int) -> RetreatOptions:
    start = ground.start
    search = Search15_4(ground, distance)
    if distance == 0:
        path = PathDescriber(search, {}).path((start,), Outcome.COMPLETED, ZERO)
        return _options(ground, distance, (path,), Outcome.COMPLETED,
                        Reason("no retreat: a distance of 0 hexes", RULE))
    if ground.home.on_edge(start):
        path = PathDescriber(search, {}).path((start,), Outcome.BROKEN_BOX_1, BROKEN_TAG)
        reason = Reason(f"starts on its own map edge {ground.home.edge.label()} with "
                        f"{distance} hexes to retreat", f"{RULE} Broken Box 1")
        return _options(ground, distance, (path,), Outcome.BROKEN_BOX_1, reason)
    best, preds = search.forward()
    ends = sorted((h for h in best if h != start and not search.expands(h)), key=ground.hex_id)
    if not ends:
        met = "; ".join(list(search.blocked)[:3])
        why = f" ({met})" if met else ""
        reason = Reason(f"no path ends {distance} hexes away without entering an enemy-occupied "
                        f"hex or impassable ground{why}", f"{RULE} Broken Box 3")
        return _options(ground, distance, (), Outcome.BROKEN_BOX_3, reason)
    ranked: list[tuple[Key, tuple[int, tuple[str, ...]], tuple[Hex, ...]]] = []
    truncated = False
    totals = {end: best[end] + search.end_tag(end) for end in ends}
    top = min(totals.values())
    for end in ends:
        total = totals[end]
        paths, more = _best_paths(ground, preds, end, PATHS_PER_END if total == top else 1)
        truncated |= more
        for hexes in paths:
            tie = (ground.home(end), tuple(ground.hex_id(h) for h in hexes))
            ranked.append((total, tie, hexes))
    ranked.sort()
    if len(ranked) > PATHS_IN_ALL:
        ranked, truncated = ranked[:PATHS_IN_ALL], True
    describer = PathDescriber(search, search.backward(best, ends))
    results = tuple(
        describer.path(
            hexes,
            Outcome.BROKEN_BOX_1 if search.kind(hexes[-1]) is Node.EDGE else Outcome.COMPLETED,
            total,
        )
        for total, _tie, hexes in ranked
    )
    chosen = results[0]
    choices = tuple(p for p in results if p.penalties == chosen.penalties)
    end_id = chosen.hex_ids[-1]
    if chosen.outcome is Outcome.BROKEN_BOX_1:
        short = distance - chosen.end.distance(start)
        reason = Reason(f"reaches its own map edge {ground.home.edge.label()} at {end_id}, "
                        f"{short} hex{'es' if short > 1 else ''} short", f"{RULE} Broken Box 1")
    else:
        reason = Reason(f"ends at {end_id}, {chosen.end.distance(start)} hexes from the start "
                        f"after {chosen.length} hexes", RULE)
    return _options(ground, distance, results, chosen.outcome, reason, choices, truncated)


def _best_paths(
    ground: RetreatGround, preds: dict[Hex, list[Hex]], end: Hex, limit: int
) -> tuple[list[tuple[Hex, ...]], bool]:
    """The best paths from the start to `end` (at most `limit`), and whether more were left
    out. Only the owner's choices (ends as good as the best) need every tied path."""
    found: list[tuple[Hex, ...]] = []
    stack: list[tuple[Hex, tuple[Hex, ...]]] = [(end, (end,))]
    while stack:
        h, tail = stack.pop()
        before = preds[h]
        if not before:
            found.append(tail)
            if len(found) >= limit:
                return found, limit > 1 and bool(stack)
            continue
        for p in sorted(before, key=ground.hex_id, reverse=True):
            stack.append((p, (p, *tail)))
    return found, False


def _options(
    ground: RetreatGround,
    distance: int,
    paths: tuple[RetreatPath, ...],
    outcome: Outcome,
    reason: Reason,
    choices: tuple[RetreatPath, ...] | None = None,
    truncated: bool = False,
) -> RetreatOptions:
    return RetreatOptions(
        unit_id=ground.unit.id,
        start=ground.start,
        distance=distance,
        option="ss15_4",
        paths=paths,
        choices=paths[:1] if choices is None else choices,
        outcome=outcome,
        reason=reason,
        truncated=truncated,
    )
