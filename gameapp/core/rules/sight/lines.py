"""Straight hex lines from one origin to many targets, as flat numpy arrays.

A line from the origin to a target `n` hexes away is the `n + 1` hexes that `Hex.lines_to` gives,
its *nodes*: node 0 is the origin, node `n` the target, node `i` lies where the centre-to-centre
line is at the fraction `t = i / n` of its length. Where the line runs exactly along hexsides
the two nudges of `Hex.lines_to` differ; the target then has two paths, the second listed after
every first one. Node positions are axial offsets from the origin, so one set of lines serves
every origin on every map (`lines_within`, `lines_within_arc`, cached).

The arithmetic is `hexgrid._line`'s, done on arrays: the same nudges, the same rounding.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np

from gameapp.core.hexgrid import _NUDGE, AXIAL_DIRECTIONS, Hex, cube_round
from gameapp.core.rules.front import delta_in_arc

# direction number of a one-hex step (dq, dr), looked up at (dq + 1) * 3 + (dr + 1)
_DIRECTION_OF_STEP = np.full(9, -1, dtype=np.int64)
for _d, (_dq, _dr) in enumerate(AXIAL_DIRECTIONS):
    _DIRECTION_OF_STEP[(_dq + 1) * 3 + (_dr + 1)] = _d


@dataclass(frozen=True)
class Lines:
    """Lines from one origin. Arrays over nodes, paths and targets (see the module doc)."""

    q: np.ndarray  # int64 [nodes]: axial offset from the origin
    r: np.ndarray
    step: np.ndarray  # int64 [nodes]: i, 0 at the origin and n at the target
    t: np.ndarray  # float64 [nodes]: i / n
    path: np.ndarray  # int64 [nodes]: the path the node belongs to
    direction: np.ndarray  # int64 [nodes]: direction to the next node; -1 on target nodes
    path_n: np.ndarray  # int64 [paths]: the target's distance
    path_target: np.ndarray  # int64 [paths]: the target the path leads to
    path_first: np.ndarray  # int64 [paths]: index of the path's origin node
    path_last: np.ndarray  # int64 [paths]: index of the path's target node
    target_q: np.ndarray  # int64 [targets]: axial offset of each target from the origin
    target_r: np.ndarray
    target_n: np.ndarray  # int64 [targets]: distance

    @property
    def n_targets(self) -> int:
        return len(self.target_q)

    @property
    def n_paths(self) -> int:
        return len(self.path_n)

    @property
    def interior(self) -> np.ndarray:
        """bool [nodes]: nodes strictly between the two ends."""
        inside: np.ndarray = (self.step > 0) & (self.step < self.path_n[self.path])
        return inside

    @property
    def crossings(self) -> np.ndarray:
        """int64 [crossings]: the nodes whose next node lies across a hexside from them."""
        return np.flatnonzero(self.direction >= 0)

    def targets(self) -> list[Hex]:
        return [Hex(int(q), int(r)) for q, r in zip(self.target_q, self.target_r, strict=True)]


def _nudged(tq: np.ndarray, tr: np.ndarray, path: np.ndarray, step: np.ndarray, n: np.ndarray,
            sign: int) -> tuple[np.ndarray, np.ndarray]:
    aq, ar, as_ = (sign * _NUDGE[0], sign * _NUDGE[1], sign * _NUDGE[2])
    bq, br = tq[path] + aq, tr[path] + ar
    bs = -tq[path] - tr[path] + as_
    inverse = 1.0 / n[path]
    return cube_round(aq + (bq - aq) * step * inverse, ar + (br - ar) * step * inverse,
                       as_ + (bs - as_) * step * inverse)


def _assemble(q: np.ndarray, r: np.ndarray, step: np.ndarray, path: np.ndarray,
              path_target: np.ndarray, tq: np.ndarray, tr: np.ndarray, tn: np.ndarray) -> Lines:
    path_n = tn[path_target]
    counts = path_n + 1
    path_last = np.cumsum(counts) - 1
    path_first = path_last - path_n
    direction = np.full(len(q), -1, dtype=np.int64)
    if len(q) > 1:
        lookup = (q[1:] - q[:-1] + 1) * 3 + (r[1:] - r[:-1] + 1)
        inside = (lookup >= 0) & (lookup < 9)
        direction[:-1] = np.where(inside, _DIRECTION_OF_STEP[np.clip(lookup, 0, 8)], -1)
    direction[path_last] = -1
    return Lines(q=q, r=r, step=step, t=step / path_n[path], path=path, direction=direction,
                 path_n=path_n, path_target=path_target, path_first=path_first,
                 path_last=path_last, target_q=tq, target_r=tr, target_n=tn)


def lines_to_targets(tq: np.ndarray, tr: np.ndarray) -> Lines:
    """The lines from the origin to each target (axial offsets, none of them the origin)."""
    tq, tr = np.asarray(tq, dtype=np.int64), np.asarray(tr, dtype=np.int64)
    tn = (np.abs(tq) + np.abs(tr) + np.abs(tq + tr)) // 2
    count = len(tq)
    counts = tn + 1
    path = np.repeat(np.arange(count), counts)
    step = np.arange(int(counts.sum())) - np.repeat(np.cumsum(counts) - counts, counts)
    q1, r1 = _nudged(tq, tr, path, step, tn, +1)
    q2, r2 = _nudged(tq, tr, path, step, tn, -1)
    differs = np.bincount(path, weights=(q1 != q2) | (r1 != r2), minlength=count) > 0
    second = differs[path]
    alternatives = np.flatnonzero(differs)
    alt_path = count + np.searchsorted(alternatives, path[second])
    return _assemble(
        q=np.concatenate((q1, q2[second])),
        r=np.concatenate((r1, r2[second])),
        step=np.concatenate((step, step[second])),
        path=np.concatenate((path, alt_path)),
        path_target=np.concatenate((np.arange(count), alternatives)),
        tq=tq, tr=tr, tn=tn,
    )


def lines_of_paths(paths: Sequence[Sequence[Hex]]) -> Lines:
    """Lines given as explicit hex paths, all from the same origin to the same target."""
    origin, target = paths[0][0], paths[0][-1]
    q = np.array([h.q - origin.q for p in paths for h in p], dtype=np.int64)
    r = np.array([h.r - origin.r for p in paths for h in p], dtype=np.int64)
    step = np.concatenate([np.arange(len(p)) for p in paths]).astype(np.int64)
    path = np.concatenate([np.full(len(p), i) for i, p in enumerate(paths)]).astype(np.int64)
    delta = target - origin
    return _assemble(q, r, step, path, np.zeros(len(paths), dtype=np.int64),
                     np.array([delta.q]), np.array([delta.r]),
                     np.array([origin.distance(target)]))


@cache
def lines_within(max_range: int) -> Lines:
    """The lines to every hex 1..max_range away."""
    deltas = [h for h in Hex(0, 0).range(max_range) if h != Hex(0, 0)]
    return lines_to_targets(np.array([h.q for h in deltas]), np.array([h.r for h in deltas]))


@cache
def lines_within_arc(max_range: int, facing: int, arc: float) -> Lines:
    """The lines to every hex 1..max_range away within `arc` degrees of the facing direction."""
    deltas = [h for h in Hex(0, 0).range(max_range)
              if h != Hex(0, 0) and delta_in_arc(h, facing, arc)]
    return lines_to_targets(np.array([h.q for h in deltas], dtype=np.int64),
                            np.array([h.r for h in deltas], dtype=np.int64))
