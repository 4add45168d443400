"""Line of sight between hexes (docs/rules.md).

- `line_of_sight(game_map, a, b, conventions, units=..., artillery=...) -> LosResult`: one line,
  explained: clear or not, where and why it is blocked, the rule, the hexes it runs through.
- `visible_from(game_map, origin, max_range, ...) -> np.ndarray`: bool [rows, cols], every hex
  within `max_range` that the origin sees, in one vectorised pass.
- `los_many(game_map, origin, targets, ...) -> dict[Hex, bool]`.

Where the centre-to-centre line runs exactly along hexsides (or through a corner), it is traced
both ways (`Hex.lines_to`'s two nudges) and the line of sight exists when either side is clear:
the usual convention of hex wargames, which gives the benefit of the doubt to seeing. A result
that is blocked reports the first side's block.

Who stands where: a unit's eye is at the ground of its hex; under `highest_point` at the hex's
highest point, which counts a crest along any of its sides. Units block only under
`short_range_units_block` (seed 001 has no such rule); see `losblock` for the full model.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

import numpy as np

from gameapp.core.hexgrid import Hex
from gameapp.core.mapdata import HexMap
from gameapp.core.rules.sight.block import (
    Block,
    Conventions,
    LosOptions,
    Verdict,
    blocker_cells,
    blocking_units,
    blocks,
)
from gameapp.core.rules.sight.grid import SightMap, sight_map
from gameapp.core.rules.sight.lines import Lines, lines_of_paths, lines_to_targets, lines_within
from gameapp.core.units import Unit

__all__ = [
    "Block",
    "LosOptions",
    "LosResult",
    "line_of_sight",
    "los_many",
    "visible_from",
]

RULES: dict[Block, str] = {
    Block.CLEAR: "LOS",
    Block.DEEP_CUT: "TEC N18",
    Block.HIGH_EMBANKMENT: "TEC N16",
    Block.CREST_ADJACENT: "TEC N17",
    Block.GROUND: "LOS ground",
    Block.SHORT_RANGE_OBSTACLE: "LoB 4.0",
    Block.OBSTACLE: "LOS obstacles",
    Block.CREST: "LOS crest",
    Block.SHORT_RANGE_UNIT: "LoB 4.2e",
    Block.UNIT: "LoB 4.2e",
}

# conventions that can only open a line, each with the rule that names it
_OPENERS = (
    ("orchard_endpoints", "LoB 4.2d", "an end hex is an orchard, so orchards between do not block"),
    ("same_hill", "LoB 4.2c", "both ends are on the same hill, whose own ground does not block"),
    ("long_artillery_over_units", "LoB 4.2e", "artillery at 5 hexes or more fires over units"),
    ("highest_point", "LoB 4.0", "the units stand on the highest point of their hexes"),
)


@dataclass(frozen=True)
class LosResult:
    clear: bool
    blocked_at: Hex | None  # the hex where the line is blocked (beyond a blocking hexside)
    reason: str
    rule: str
    path: tuple[Hex, ...]  # the hexes traced, ends included (the clear side, if one is)


def line_of_sight(game_map: HexMap, a: Hex, b: Hex, conventions: Conventions = (), *,
                  units: Iterable[Unit] = (), artillery: bool = False) -> LosResult:
    """Whether a unit in `a` sees `b`. `units` are the units on the map (they block only under
    `short_range_units_block`); `artillery` says whether the firer is artillery."""
    options = LosOptions.of(conventions)
    if a == b:
        return LosResult(True, None, "the same hex", RULES[Block.CLEAR], (a,))
    sm = sight_map(game_map)
    unit_list = list(units)
    first, second = a.lines_to(b)
    paths = [first] if first == second else [first, second]
    verdict = _verdict(sm, options, paths, a, unit_list, artillery)
    lines = lines_of_paths(paths)
    blocked = verdict.blocked_paths(lines)
    if not blocked.all():
        chosen = paths[int(np.flatnonzero(~blocked)[0])]
        reason, rule = _why_clear(sm, options, paths, a, unit_list, artillery, len(paths) > 1)
        return LosResult(True, None, reason, rule, tuple(chosen))
    where, code, detail = _first_block(sm, options, lines, verdict, paths, 0, game_map)
    reason = detail
    if len(paths) > 1:
        other = _first_block(sm, options, lines, verdict, paths, 1, game_map)[2]
        reason += (" (on both sides of the hexsides the line runs along)" if other == detail
                   else f"; traced along the other side of the hexsides: {other}")
    return LosResult(False, where, reason, RULES[code], tuple(paths[0]))


def visible_from(game_map: HexMap, origin: Hex, max_range: int, conventions: Conventions = (),
                 *, units: Iterable[Unit] = (), artillery: bool = False) -> np.ndarray:
    """bool [rows, cols]: the hexes within `max_range` of `origin` that it sees (not itself)."""
    sm = sight_map(game_map)
    lines = lines_within(max_range)
    return _seen_mask(sm, LosOptions.of(conventions), lines, origin, units, artillery)


def los_many(game_map: HexMap, origin: Hex, targets: Iterable[Hex],
             conventions: Conventions = (), *, units: Iterable[Unit] = (),
             artillery: bool = False) -> dict[Hex, bool]:
    """Whether `origin` sees each target, in one pass (a target off the map is not seen)."""
    listed = [t for t in dict.fromkeys(targets) if t != origin]
    result = dict.fromkeys(listed, False)
    if not listed:
        return result
    sm = sight_map(game_map)
    lines = lines_to_targets(np.array([t.q - origin.q for t in listed]),
                             np.array([t.r - origin.r for t in listed]))
    verdict = blocks(sm, LosOptions.of(conventions), lines, origin,
                     blocker_cells(sm, blocking_units(units)), artillery)
    clear = verdict.clear_targets(lines)
    on_map = verdict.node_index[lines.path_last[: lines.n_targets]] != sm.off_map
    for i, t in enumerate(listed):
        result[t] = bool(clear[i] and on_map[i])
    return result


def seen_targets(sm: SightMap, options: LosOptions, lines: Lines, origin: Hex,
                 units: Iterable[Unit], artillery: bool) -> np.ndarray:
    """bool [targets] of `lines` placed at `origin`: on the map and seen."""
    verdict = blocks(sm, options, lines, origin, blocker_cells(sm, blocking_units(units)),
                     artillery)
    on_map = verdict.node_index[lines.path_last[: lines.n_targets]] != sm.off_map
    seen: np.ndarray = verdict.clear_targets(lines) & on_map
    return seen


def _seen_mask(sm: SightMap, options: LosOptions, lines: Lines, origin: Hex,
               units: Iterable[Unit], artillery: bool) -> np.ndarray:
    seen = seen_targets(sm, options, lines, origin, units, artillery)
    mask = np.zeros(sm.off_map + 1, dtype=bool)
    cells = sm.flat_index(lines.target_q + origin.q, lines.target_r + origin.r)
    mask[cells[seen]] = True
    return mask[: sm.off_map].reshape(sm.height, sm.width)


# --- explaining one line ---------------------------------------------------------------------
def _verdict(sm: SightMap, options: LosOptions, paths: Sequence[Sequence[Hex]], origin: Hex,
             units: list[Unit], artillery: bool) -> Verdict:
    return blocks(sm, options, lines_of_paths(paths), origin,
                  blocker_cells(sm, blocking_units(units)), artillery)


def _why_clear(sm: SightMap, options: LosOptions, paths: Sequence[Sequence[Hex]], origin: Hex,
               units: list[Unit], artillery: bool, along_hexsides: bool) -> tuple[str, str]:
    """The reason a clear line is clear: the conventions without which it would be blocked."""
    lines = lines_of_paths(paths)
    helped = []
    for name, rule, why in _OPENERS:
        if getattr(options, name):
            without = replace(options, **{name: False})
            if _verdict(sm, without, paths, origin, units, artillery).blocked_paths(lines).all():
                helped.append((rule, why))
    side = " on one side of the hexsides it runs along" if along_hexsides else ""
    if not helped:
        return f"clear{side}", RULES[Block.CLEAR]
    return (f"clear{side}: " + "; ".join(why for _, why in helped),
            ", ".join(dict.fromkeys(rule for rule, _ in helped)))


def _first_block(sm: SightMap, options: LosOptions, lines: Lines, verdict: Verdict,
                 paths: Sequence[Sequence[Hex]], which: int, game_map: HexMap
                 ) -> tuple[Hex | None, Block, str]:
    """Where, by what and why path `which` is first blocked, walking out from the origin."""
    path = paths[which]
    name = game_map.hex_id
    if verdict.path[which]:
        inside = path[0] if sm.deep_cut[_cell(sm, path[0])] else path[-1]
        return inside, Block.DEEP_CUT, (f"{name(inside)} is inside a deep cut: it sees and is "
                                        "seen by adjacent hexes only")
    n = len(path) - 1
    z0, z1 = _eye(sm, options, path[0]), _eye(sm, options, path[-1])
    events: list[tuple[float, Block, int, bool]] = []
    for node in np.flatnonzero((lines.path == which) & (verdict.node > 0)).tolist():
        events.append((float(lines.t[node]), Block(int(verdict.node[node])),
                       int(lines.step[node]), False))
    for c in np.flatnonzero(verdict.crossing > 0).tolist():
        node = int(verdict.crossing_nodes[c])
        if lines.path[node] == which:
            step = int(lines.step[node])
            events.append(((step + 0.5) / n, Block(int(verdict.crossing[c])), step, True))
    t, code, step, is_side = min(events, key=lambda e: (e[0], e[1]))
    height = z0 + (z1 - z0) * t
    if is_side:
        here, there = path[step], path[step + 1]
        side = f"the hexside between {name(here)} and {name(there)}"
        text = {
            Block.HIGH_EMBANKMENT: f"a high embankment on {side} blocks every line across it",
            Block.CREST_ADJACENT: f"a crest on {side} hides what lies across it from "
                                  f"{name(path[0] if step == 0 else path[-1])}",
            Block.SHORT_RANGE_OBSTACLE: f"a crest on {side} blocks at "
                                        f"{sm.tables.short_range} hexes or less",
        }.get(code, f"the crest on {side} rises above the line of sight ({height:.0f} ft there)")
        return there, code, text
    h = path[step]
    ground = game_map.elevation_at(h)
    cell = _cell(sm, h)
    taller_terrain = sm.terrain_obstacle[cell] >= sm.feature_obstacle[cell]
    what = game_map.terrain_at(h).label if taller_terrain else "buildings"
    text = {
        Block.GROUND: f"the ground of {name(h)} ({ground} ft) rises above the line of sight "
                      f"({height:.0f} ft there)",
        Block.SHORT_RANGE_OBSTACLE: f"{what} in {name(h)}: every obstacle blocks at "
                                    f"{sm.tables.short_range} hexes or less, whatever the heights",
        Block.OBSTACLE: f"{what} in {name(h)}, top {ground + _obstacle(sm, h):.0f} ft, above the "
                        f"line of sight ({height:.0f} ft there)",
        Block.SHORT_RANGE_UNIT: f"a unit in {name(h)}: units block at {sm.tables.short_range} "
                                "hexes or less",
        Block.UNIT: f"a unit in {name(h)}, top {ground + sm.tables.unit_height} ft, above the "
                    f"line of sight ({height:.0f} ft there)",
    }[code]
    return h, code, text


def _cell(sm: SightMap, h: Hex) -> int:
    return int(sm.flat_index(np.array([h.q]), np.array([h.r]))[0])


def _eye(sm: SightMap, options: LosOptions, h: Hex) -> float:
    return float((sm.raised if options.highest_point else sm.ground)[_cell(sm, h)])


def _obstacle(sm: SightMap, h: Hex) -> float:
    cell = _cell(sm, h)
    return float(max(sm.terrain_obstacle[cell], sm.feature_obstacle[cell]))
