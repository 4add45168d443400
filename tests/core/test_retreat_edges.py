"""The distance from a hex to its side's map edge (docs/rules.md, "Own map edge")."""

from __future__ import annotations

import pytest

from gameapp.core.hexgrid import Orientation
from gameapp.core.mapdata import HexMap
from gameapp.core.numbering import Numbering, ScreenDirection
from gameapp.core.rules.retreat.edges import EdgeDistance, EdgePattern, HomeMeasure

LEFT, RIGHT, UP, DOWN = (ScreenDirection.LEFT, ScreenDirection.RIGHT, ScreenDirection.UP,
                         ScreenDirection.DOWN)
NUMBERINGS = [
    Numbering(Orientation.FLAT, 9, 7),
    Numbering(Orientation.FLAT, 9, 7, hexrows_grow=LEFT, positions_grow=UP, odd_shoved=False),
    Numbering(Orientation.POINTY, 7, 9, hexrows_grow=DOWN, positions_grow=RIGHT),
    Numbering(Orientation.POINTY, 7, 9, hexrows_grow=UP, positions_grow=LEFT, first_hexrow=3),
]


@pytest.mark.parametrize("numbering", NUMBERINGS, ids=lambda n: f"{n.orientation.value}")
def test_edge_distance_is_the_hex_distance_to_the_nearest_hex_of_the_line(
    numbering: Numbering,
) -> None:
    m = HexMap.blank("edges", numbering)
    hexes = m.hexes()
    numbers = {h: (int(m.hex_id(h)[:2]), int(m.hex_id(h)[2:])) for h in hexes}
    for pattern, axis in (("xx03", 1), ("04xx", 0)):
        line = [h for h in hexes if numbers[h][axis] == int(pattern.strip("x"))]
        assert line
        measure = EdgeDistance(m, [pattern])
        for h in hexes:
            assert measure(h) == min(h.distance(e) for e in line), (pattern, m.hex_id(h))


def test_a_line_off_the_map_stands_for_the_outermost_line() -> None:
    """`xx00` on a map numbered from 01: the first row (positions 01) is the edge."""
    m = HexMap.blank("edges", Numbering(Orientation.FLAT, 6, 6))
    measure = EdgeDistance(m, ["xx00"])
    assert measure(m.parse("0301")) == 0
    assert measure(m.parse("0305")) == 4


def test_the_nearest_of_several_patterns_counts() -> None:
    """Slaughter Mountain's Confederate edge: `xx17` or `xx18`."""
    m = HexMap.blank("edges", Numbering(Orientation.FLAT, 6, 18))
    measure = EdgeDistance(m, ["xx17", "xx18"])
    assert [measure(m.parse(f"02{p:02d}")) for p in (15, 16, 17, 18)] == [2, 1, 0, 0]


def test_lettered_patterns_apply_only_to_their_map() -> None:
    m = HexMap.blank("edges", Numbering(Orientation.FLAT, 6, 6, letter="B"))
    assert not EdgeDistance(m, ["A01xx"])
    assert EdgeDistance(m, ["B01xx"])(m.parse("B0303")) == 2


def test_hexrows_past_99_are_measured() -> None:
    m = HexMap.blank("edges", Numbering(Orientation.FLAT, 120, 3))
    h = m.numbering.offset_to_hex(110, 1)
    assert EdgeDistance(m, ["01xx"])(h) == 110


def test_bad_patterns_are_refused() -> None:
    with pytest.raises(ValueError, match="edge pattern"):
        EdgePattern.parse("x01")


def test_without_an_edge_the_measure_runs_away_from_the_enemy() -> None:
    m = HexMap.blank("edges", Numbering(Orientation.FLAT, 6, 6))
    enemy = m.parse("0303")
    measure = HomeMeasure(m, "union", lambda: [enemy])
    assert not measure.has_edge and not measure.on_edge(m.parse("0101"))
    assert measure(m.parse("0304")) == -1 and measure(m.parse("0306")) == -3
