"""A small fire position for the UI tests, built with tests/core/positions.py's helpers: two
Union rifle regiments and a weak detachment facing an 8-SP Confederate line, on a blank map."""

from __future__ import annotations

from gameapp.core.mapdata import HexMap
from gameapp.core.scenario import Scenario
from gameapp.core.terrain import Terrain
from gameapp.core.units import Side, Unit
from tests.core.positions import N, S, blank_map, infantry, place

from .boards import make_scenario


def duel_units(m: HexMap) -> list[Unit]:
    """Union 5-SP rifles (u) at 0606 and 4-SP rifles (u2) at 0706, facing north; an 8-SP
    Confederate line (c) two hexes north at 0604 facing south; a 1-SP Union detachment (d) at
    0610, six hexes from c, too weak to fire alone (6.0 step 7)."""
    return [
        place(infantry("u"), m, "0606", N),
        place(infantry("u2", strength=4), m, "0706", N),
        place(infantry("d", strength=1), m, "0610", N),
        place(infantry("c", Side.CONFEDERATE, strength=8), m, "0604", S),
    ]


def duel(woods: tuple[str, ...] = ()) -> Scenario:
    """The duel as a scenario, with woods in these hexes (away from the units)."""
    m = blank_map()
    for hex_id in woods:
        m.set_terrain(m.parse(hex_id), Terrain.WOODS)
    return make_scenario(m, duel_units(m))
