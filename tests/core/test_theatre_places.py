"""Where the theatre maps put the errata's reference cities and every place of our fact list.

Each place's hex is checked against its coordinates: the test projects the latitude and longitude
itself (the generator's projection and fit, scripts/theatre/projection.py and placement.py, which
need only numpy) and asks that the compiled map's hex be within one hex of it. The listing is
printed (pytest -s) so that a reader can see where everything falls.
"""

from __future__ import annotations

import csv
import sys

import numpy as np
import pytest

from gameapp.core.hexgrid import Hex
from gameapp.core.mapgeometry import MapGrid
from gameapp.core.theatre.chart import HexFlag
from gameapp.core.theatre.theatremap import TheatreMap
from tests.theatre_maps import ROOT, theatre

sys.path.insert(0, str(ROOT / "scripts"))
from theatre.placement import Placement, place

DATA = ROOT / "scripts" / "theatre_data"
REFERENCES = {
    "east": {"Bristol, VA": "C0323", "Petersburg, VA": "C2518", "Leesburg, VA": "C2407",
             "Alexandria, VA": "C2609", "Fayetteville, NC": "C1929", "Brunswick, GA": "C0849"},
    "west": {"Galveston, TX": "B0132", "Beaumont, TX": "B0627", "Brookhaven, MS": "B2521",
             "Florence, AL": "B3804", "Huntsville, AL": "B4305"},
}  # fmt: skip


def _fact_list() -> dict[str, tuple[float, float]]:
    """(lon, lat) of every place in the research fact list, by "Name, ST" (1861 states)."""
    found = {}
    for row in csv.DictReader((DATA / "places_1861.csv").open()):
        state = "VA" if row["state"] == "WV" else row["state"]
        found[f"{row['name']}, {state}"] = (float(row["lon"]), float(row["lat"]))
    return found


def _placement(key: str) -> Placement:
    facts = _fact_list()
    theatre_map = theatre(key)
    refs = REFERENCES[key]
    cells = [theatre_map.numbering.hex_to_offset(theatre_map.parse(i)) for i in refs.values()]
    return place([facts[name] for name in refs], cells)


def _hex_of(theatre_map: TheatreMap, placement: Placement, lonlat: tuple[float, float]) -> Hex:
    x, y = placement.to_map(np.array([lonlat]))[0]
    q, r = MapGrid(theatre_map.numbering).hexes_at(np.array([x]), np.array([y]))
    return Hex(int(q[0]), int(r[0]))


@pytest.mark.parametrize("key", ["east", "west"])
def test_each_reference_city_is_on_its_errata_hex(key: str) -> None:
    theatre_map = theatre(key)
    for name, hex_id in REFERENCES[key].items():
        found = theatre_map.place(name)
        print(f"{key}: {name:18s} on {'/'.join(theatre_map.numbering.hex_ids(found.hex))}")
        assert found.hex == theatre_map.parse(hex_id), name


@pytest.mark.parametrize("key", ["east", "west"])
def test_every_place_of_the_fact_list_on_the_map_is_within_a_hex_of_its_coordinates(
    key: str,
) -> None:
    theatre_map = theatre(key)
    placement = _placement(key)
    on_map = {p.key: p for p in theatre_map.places}
    checked = 0
    for name, lonlat in _fact_list().items():
        expected = _hex_of(theatre_map, placement, lonlat)
        if not theatre_map.contains(expected):
            assert name not in on_map, f"{name} is on the map but its coordinates are off it"
            continue
        assert name in on_map, f"{name} falls on {theatre_map.hex_id(expected)} but is missing"
        found = on_map[name].hex
        print(f"{key}: {name:32s} {theatre_map.hex_id(found)}  (coordinates: "
              f"{theatre_map.hex_id(expected)})")
        assert found.distance(expected) <= 1, name
        checked += 1
    assert checked >= {"east": 50, "west": 70}[key]  # the test checks something


def test_the_errata_hexes_fall_where_history_puts_them() -> None:
    """Deployment hexes of the errata (wbts.md section 2) that the fit was not given."""
    east, west = theatre("east"), theatre("west")
    near = {
        ("east", "C2516"): "Richmond, VA",  # Department of Northern Virginia, campaign game
        ("east", "C2409"): "Manassas Junction, VA",  # Army HQ of Northern Virginia, '62
        ("east", "C3119"): "Norfolk, VA",  # Buchanan, '62
        ("east", "C2513"): "Fredericksburg, VA",  # a 6-3 of the '63 deployment
        ("west", "B4502"): "Tullahoma, TN",  # the '63 depot (Bragg's base)
        ("west", "A3022"): "Island No. 10 (site), TN",  # the '62 fort of the upper Mississippi
        ("west", "B0729"): "Sabine City, TX",  # a seaport ([CE])
    }
    for (key, hex_id), name in near.items():
        theatre_map = east if key == "east" else west
        h = theatre_map.parse(hex_id)
        print(f"{hex_id}: {theatre_map.terrain_at(h).label}, {name} "
              f"{h.distance(theatre_map.place(name).hex)} hex away")
        assert h.distance(theatre_map.place(name).hex) <= 1
    pontchartrain = west.parse("B2728")
    assert west.flags_at(pontchartrain) & HexFlag.CLOSED_WATER  # 7.53
    assert west.terrain_at(pontchartrain).is_water


def test_a_setup_may_name_a_place_in_its_1861_or_1863_state() -> None:
    east = theatre("east")
    assert east.hex_id(east.place("Centreville, VA").hex) == "C2509"
    assert east.place("Martinsburg, WV") == east.place("Martinsburg, VA")
    with pytest.raises(KeyError, match="did you mean Charleston, VA or Charleston, SC"):
        east.place("Charleston, NC")
