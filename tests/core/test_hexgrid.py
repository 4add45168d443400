"""Hex arithmetic: property tests with hypothesis and a few hand-worked cases."""

import itertools
import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from gameapp.core.hexgrid import Hex, Hexside, Layout, Orientation, cube_round

coords = st.integers(min_value=-60, max_value=60)
hexes = st.builds(Hex, coords, coords)
directions = st.integers(min_value=0, max_value=5)
orientations = st.sampled_from(list(Orientation))


@given(hexes, directions)
def test_neighbour_is_one_away_and_back(h: Hex, d: int) -> None:
    n = h.neighbor(d)
    assert h.distance(n) == 1
    assert n.neighbor(d + 3) == h
    assert h.direction_to(n) == d


@given(hexes, hexes, hexes)
def test_distance_is_a_metric(a: Hex, b: Hex, c: Hex) -> None:
    assert a.distance(b) == b.distance(a)
    assert (a.distance(b) == 0) == (a == b)
    assert a.distance(c) <= a.distance(b) + b.distance(c)


@given(hexes, st.integers(min_value=0, max_value=8))
def test_ring_and_range_sizes(h: Hex, radius: int) -> None:
    ring = h.ring(radius)
    assert len(ring) == (1 if radius == 0 else 6 * radius)
    assert len(set(ring)) == len(ring)
    assert all(h.distance(x) == radius for x in ring)
    area = list(h.range(radius))
    assert len(area) == 1 + 3 * radius * (radius + 1)
    assert set(area) == {x for r in range(radius + 1) for x in h.ring(r)}


def test_ring_walks_hex_by_hex() -> None:
    ring = Hex(2, -1).ring(3)
    for a, b in zip(ring, ring[1:] + ring[:1], strict=True):
        assert a.distance(b) == 1


@given(hexes, hexes)
def test_line_is_contiguous_and_shortest(a: Hex, b: Hex) -> None:
    for line in a.lines_to(b):
        assert line[0] == a and line[-1] == b
        assert len(line) == a.distance(b) + 1
        for x, y in itertools.pairwise(line):
            assert x.distance(y) == 1


def test_line_along_hexsides_nudges_both_ways() -> None:
    # From (0,0) to (1,1) the straight line runs exactly along the hexside between (1,0) and
    # (0,1): the two nudges must pick one each.
    plus, minus = Hex(0, 0).lines_to(Hex(1, 1))
    assert {plus[1], minus[1]} == {Hex(1, 0), Hex(0, 1)}
    # A line through hex centres has no ambiguity.
    plus, minus = Hex(0, 0).lines_to(Hex(3, 0))
    assert plus == minus == [Hex(0, 0), Hex(1, 0), Hex(2, 0), Hex(3, 0)]


@given(hexes, hexes, hexes)
def test_a_line_moved_is_the_moved_line(a: Hex, b: Hex, shift: Hex) -> None:
    # lines are rounded once per offset and moved into place: the nudge makes that exact
    moved = (a + shift).lines_to(b + shift)
    assert moved == tuple([h + shift for h in line] for line in a.lines_to(b))


@given(st.lists(st.tuples(hexes, st.floats(-0.49, 0.49), st.floats(-0.49, 0.49)), max_size=30))
def test_cube_round_finds_each_hex_of_an_array_of_points(points) -> None:
    # a point within half a hex along q and r, measured in the hex's own cube frame, but not
    # beyond the hex's corner (|s offset| < 1/2 too)
    inside = [(h, dq, dr) for h, dq, dr in points if abs(dq + dr) < 0.49]
    fq = np.array([h.q + dq for h, dq, _ in inside])
    fr = np.array([h.r + dr for h, _, dr in inside])
    qs, rs = cube_round(fq, fr)
    assert [Hex(q, r) for q, r in zip(qs.tolist(), rs.tolist(), strict=True)] == \
        [h for h, _, _ in inside]


@given(hexes, directions)
def test_hexside_key_is_the_same_from_both_sides(h: Hex, d: int) -> None:
    side = Hexside.of(h, d)
    assert side == Hexside.of(h.neighbor(d), d + 3)
    assert side == Hexside.between(h, h.neighbor(d))
    assert set(side.hexes()) == {h, h.neighbor(d)}
    assert 0 <= side.direction < 3


def test_hexside_between_non_neighbours_is_refused() -> None:
    with pytest.raises(ValueError):
        Hexside.between(Hex(0, 0), Hex(2, 0))


@given(hexes, orientations, st.floats(min_value=5, max_value=80))
def test_pixel_round_trip(h: Hex, orientation: Orientation, size: float) -> None:
    layout = Layout(orientation, size, (13.0, -7.0))
    x, y = layout.hex_to_pixel(h)
    assert layout.pixel_to_hex(x, y) == h
    # every point well inside the hex maps back to it
    for cx, cy in layout.corners(h):
        assert layout.pixel_to_hex(x + 0.9 * (cx - x), y + 0.9 * (cy - y)) == h


@given(hexes, directions, orientations)
def test_hexside_endpoints_are_shared_corners(h: Hex, d: int, orientation: Orientation) -> None:
    layout = Layout(orientation, 10.0)
    a, b = layout.hexside_endpoints(Hexside.of(h, d))
    mine = layout.corners(h)
    theirs = layout.corners(h.neighbor(d))
    for point in (a, b):
        assert any(math.dist(point, c) < 1e-6 for c in mine)
        assert any(math.dist(point, c) < 1e-6 for c in theirs)
    assert math.dist(a, b) == pytest.approx(10.0)


def test_screen_directions_by_orientation() -> None:
    flat = [round(Layout(Orientation.FLAT).direction_angle(d)) for d in range(6)]
    pointy = [round(Layout(Orientation.POINTY).direction_angle(d)) for d in range(6)]
    assert flat == [330, 30, 90, 150, 210, 270]  # SE NE N NW SW S
    assert pointy == [0, 60, 120, 180, 240, 300]  # E NE NW W SW SE
