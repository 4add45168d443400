"""What blocks a sight line: the one evaluator behind every line-of-sight answer.

`blocks(sm, options, lines, origin, ...)` takes lines from `sightlines` placed at an origin on a
sight map and says, for every node and every hexside crossing of every path, what (if anything)
blocks the line there, as a `Block` code. `los.line_of_sight` reads the first block of one or
two paths to explain it; `los.visible_from` only asks whether each target has a clear path. Both
read these codes, so the explanation and the overlay always agree.

The model (docs/rules.md): the sight line runs from the eye over the origin's centre to
the eye over the target's centre, at the ground of each (or at the hex's highest point, crests
included, under `highest_point`). Its height at a node or crossing is interpolated linearly
along its length. A hex strictly between the ends blocks when its ground, or the top of its
obstacle, stands above that height; a crest hexside crossed between them blocks when its brow
does. The conventions of `LosOptions` change that as documented there.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass, fields
from enum import IntEnum

import numpy as np

from gameapp.core.hexgrid import Hex
from gameapp.core.rules.sight.grid import SightMap
from gameapp.core.rules.sight.lines import Lines
from gameapp.core.terrain import HexsideFeature
from gameapp.core.units import Formation, Unit, UnitKind

_TOLERANCE = 1e-6  # feet: a line exactly level with a top is not below it


@dataclass(frozen=True)
class LosOptions:
    """The line-of-sight conventions of *Line of Battle* (seed 003) a scenario switches on; the
    field names are the scenario file's `options.los` names."""

    highest_point: bool = False
    short_range_obstacles: bool = False
    woods_add_to_crests: bool = False
    same_hill: bool = False
    orchard_endpoints: bool = False
    short_range_units_block: bool = False
    long_artillery_over_units: bool = False

    @classmethod
    def of(cls, conventions: LosOptions | Iterable[str]) -> LosOptions:
        """Options from a scenario's `los_conventions` names (or options already made)."""
        if isinstance(conventions, LosOptions):
            return conventions
        names = set(conventions)
        known = {f.name for f in fields(cls)}
        unknown = names - known
        if unknown:
            raise ValueError(f"unknown line-of-sight conventions: {', '.join(sorted(unknown))}; "
                             f"expected some of {', '.join(sorted(known))}")
        return cls(**{name: True for name in names})

    @property
    def units_block(self) -> bool:
        return self.short_range_units_block


Conventions = LosOptions | Collection[str]


class Block(IntEnum):
    """Why a sight line is blocked at one node or crossing; 0 when it is not."""

    CLEAR = 0
    DEEP_CUT = 1  # TEC N18
    HIGH_EMBANKMENT = 2  # TEC N16
    CREST_ADJACENT = 3  # TEC N17
    GROUND = 4
    SHORT_RANGE_OBSTACLE = 5  # LoB 4.0
    OBSTACLE = 6
    CREST = 7
    SHORT_RANGE_UNIT = 8  # LoB 4.2e
    UNIT = 9  # LoB 4.2e


def blocking_units(units: Iterable[Unit]) -> list[Hex]:
    """The hexes whose units block sight when a convention makes units block: every combat unit
    except those in skirmish (open) order. Leaders never block."""
    return [u.hex for u in units
            if u.kind is not UnitKind.LEADER and u.formation is not Formation.SKIRMISH]


@dataclass(frozen=True)
class Verdict:
    """Block codes of every node and crossing of some lines placed at an origin."""

    node: np.ndarray  # int8 [nodes]
    crossing_nodes: np.ndarray  # int64 [crossings]: the node each crossing leaves
    crossing: np.ndarray  # int8 [crossings]
    path: np.ndarray  # int8 [paths]: blocks of the whole path (deep cut)
    node_index: np.ndarray  # int64 [nodes]: flat map index of each node

    def blocked_paths(self, lines: Lines) -> np.ndarray:
        """bool [paths]"""
        count = lines.n_paths
        blocked = self.path > 0
        blocked |= np.bincount(lines.path[self.node > 0], minlength=count) > 0
        blocked |= np.bincount(lines.path[self.crossing_nodes[self.crossing > 0]],
                               minlength=count) > 0
        return blocked

    def clear_targets(self, lines: Lines) -> np.ndarray:
        """bool [targets]: a target is seen when any of its paths is clear."""
        clear = ~self.blocked_paths(lines)
        return np.bincount(lines.path_target[clear], minlength=lines.n_targets) > 0


def blocks(sm: SightMap, options: LosOptions, lines: Lines, origin: Hex,
           blockers: np.ndarray | None = None, artillery: bool = False) -> Verdict:
    """Block codes for `lines` drawn from `origin`. `blockers` (bool [cells]) marks the hexes
    whose units block sight; `artillery` says whether the firer is artillery (LoB 4.2e)."""
    tables = sm.tables
    idx = sm.flat_index(lines.q + origin.q, lines.r + origin.r)
    first, last = idx[lines.path_first], idx[lines.path_last]
    eye = sm.raised if options.highest_point else sm.ground
    z_first, z_last = eye[first], eye[last]
    path_n = lines.path_n
    near = path_n <= tables.short_range  # [paths]
    interior = lines.interior
    p = lines.path

    # the heights: trees of an orchard are ignored when either end is an orchard (LoB 4.2d)
    ignore_orchards = (sm.orchard[first] | sm.orchard[last]) if options.orchard_endpoints \
        else np.zeros(len(path_n), dtype=bool)
    ground = sm.ground[idx]
    skip = sm.orchard[idx] & ignore_orchards[p]
    obstacle = np.maximum(np.where(skip, 0.0, sm.terrain_obstacle[idx]), sm.feature_obstacle[idx])
    line = z_first[p] + (z_last[p] - z_first[p]) * lines.t
    higher_end = np.maximum(z_first, z_last)
    if options.same_hill:  # every hex of the line above the map's lowest ground (LoB 4.2c)
        low = np.bincount(p[interior & ~sm.high[idx]], minlength=len(path_n)) > 0
        same_hill = sm.high[first] & sm.high[last] & ~low
        ground_free = same_hill[p] & (ground <= higher_end[p] + _TOLERANCE)
    else:
        same_hill = np.zeros(len(path_n), dtype=bool)
        ground_free = np.zeros(len(p), dtype=bool)

    above = line + _TOLERANCE
    node_rules = [
        (~ground_free & (ground > above), Block.GROUND),
        ((obstacle > 0) & near[p] & options.short_range_obstacles, Block.SHORT_RANGE_OBSTACLE),
        ((obstacle > 0) & (ground + obstacle > above), Block.OBSTACLE),
    ]
    if options.units_block and blockers is not None:
        units_here = blockers[idx]
        far_ok = artillery and options.long_artillery_over_units
        node_rules.append((units_here & near[p], Block.SHORT_RANGE_UNIT))
        if not far_ok:
            node_rules.append((units_here & ~near[p] & (ground + tables.unit_height > above),
                               Block.UNIT))
    node = np.select([c & interior for c, _ in node_rules], [int(b) for _, b in node_rules], 0)

    # hexsides crossed between node k and node k + 1, at t = (i + 1/2) / n
    k = lines.crossings
    d = lines.direction[k]
    here, there = idx[k], idx[k + 1]
    sides = sm.hexsides[here, d] | sm.hexsides[there, (d + 3) % 6]
    pk = p[k]
    at_end = (lines.step[k] == 0) | (lines.step[k] == path_n[pk] - 1)
    crest = (sides & int(HexsideFeature.CREST)) != 0
    mid = crest & ~at_end
    t_cross = (lines.step[k] + 0.5) / path_n[pk]
    cross_line = z_first[pk] + (z_last[pk] - z_first[pk]) * t_cross + _TOLERANCE
    brow = np.maximum(sm.ground[here], sm.ground[there]) + tables.crest_brow
    brow_free = same_hill[pk] & (brow <= higher_end[pk] + _TOLERANCE)
    trees = np.zeros(len(k))
    if options.woods_add_to_crests:
        trees = np.maximum(np.where(sm.orchard[here] & ignore_orchards[pk], 0.0, sm.trees[here]),
                           np.where(sm.orchard[there] & ignore_orchards[pk], 0.0, sm.trees[there]))
    crossing_rules = [
        ((sides & int(HexsideFeature.HIGH_EMBANKMENT)) != 0, Block.HIGH_EMBANKMENT),
        (crest & at_end & (not options.highest_point), Block.CREST_ADJACENT),
        (mid & near[pk] & options.short_range_obstacles, Block.SHORT_RANGE_OBSTACLE),
        (mid & ((~brow_free & (brow > cross_line)) | ((trees > 0) & (brow + trees > cross_line))),
         Block.CREST),
    ]
    crossing = np.select([c for c, _ in crossing_rules], [int(b) for _, b in crossing_rules], 0)

    cut = (sm.deep_cut[first] | sm.deep_cut[last]) & (path_n > 1)
    path = np.where(cut, int(Block.DEEP_CUT), 0)
    return Verdict(node.astype(np.int8), k, crossing.astype(np.int8), path.astype(np.int8), idx)


def blocker_cells(sm: SightMap, hexes: Iterable[Hex]) -> np.ndarray:
    """bool [cells]: the cells of these hexes (off-map ones ignored)."""
    cells = np.zeros(sm.off_map + 1, dtype=bool)
    listed = list(hexes)
    if listed:
        index = sm.flat_index(np.array([h.q for h in listed]), np.array([h.r for h in listed]))
        cells[index] = True
        cells[sm.off_map] = False
    return cells
