"""The words the UI prints: hover text for a hex, facings by the compass."""

from __future__ import annotations

from gameapp.core.hexgrid import Orientation
from gameapp.core.mapdata import HexMap
from gameapp.core.numbering import Numbering, ScreenDirection
from gameapp.core.terrain import HexsideFeature, RoadGrade, Terrain
from gameapp.present.describe import describe_hex
from gameapp.present.labels import compass_point, facing_words


def test_hover_text_lists_terrain_sides_roads_and_slopes() -> None:
    m = HexMap.blank("t", Numbering(Orientation.FLAT, 5, 5))
    h = m.parse("0303")
    m.set_terrain(h, Terrain.OAK)
    m.set_elevation(h, 100)
    m.set_elevation(h.neighbor(2), 150)  # north: steep up
    m.add_hexside(h, 0, HexsideFeature.STREAM | HexsideFeature.FORD)
    m.add_road(h, h.neighbor(5), RoadGrade.PIKE)
    text = describe_hex(m, h)
    assert text.startswith("0303  oak, 100 ft")
    assert "SE stream+ford" in text
    assert "pike S" in text
    assert "N steep up" in text


def test_facing_words_follow_the_maps_north() -> None:
    up = Numbering(Orientation.FLAT, 5, 5)
    assert facing_words(up, 2) == "north (hexside 2)"
    assert compass_point(up, 1) == "NE"
    east_up = Numbering(Orientation.FLAT, 5, 5, north=ScreenDirection.RIGHT)
    assert compass_point(east_up, 2) == "W"
    pointy = Numbering(
        Orientation.POINTY,
        5,
        5,
        hexrows_grow=ScreenDirection.DOWN,
        positions_grow=ScreenDirection.RIGHT,
    )
    assert compass_point(pointy, 0) == "E"
