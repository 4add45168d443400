"""The hover text for a theatre hex: its ids, terrain, place, rivers and ridges on each side, and
its rail and road links, in one line for the status bar. Pure Python."""

from __future__ import annotations

from gameapp.core.hexgrid import Hex, Hexside
from gameapp.core.theatre.chart import HexFlag, PlaceRole, RoadKind
from gameapp.core.theatre.theatremap import TheatreMap
from gameapp.present.labels import screen_direction_names


def describe_theatre_hex(theatre: TheatreMap, h: Hex, year: int | None = None) -> str:
    names = screen_direction_names(theatre.orientation)
    ids = " = ".join(theatre.numbering.hex_ids(h))
    parts = [f"{ids}  {theatre.terrain_at(h).label}"]
    if theatre.flags_at(h) & HexFlag.CLOSED_WATER:
        parts[0] += " (closed to naval units, 7.53)"
    for place in theatre.places_at(h):
        roles = [r.label for r in PlaceRole if r.value and place.roles & r]
        also = f", {place.state_from_1863} from 1863" if place.state_from_1863 else ""
        parts.append(f"{place.name}, {place.state}{also} ({', '.join([place.size.label, *roles])})")
    sides = []
    for d in range(6):
        flags = theatre.hexside_at(h, d)
        if flags:
            labels = [f.label for f in type(flags) if f.value and flags & f]
            name = theatre.names.get(Hexside.of(h, d))
            sides.append(f"{names[d]} " + "+".join(labels) + (f" ({name})" if name else ""))
    if sides:
        parts.append("hexsides: " + "; ".join(sides))
    rails = []
    for link in theatre.rail_at(h, year):
        a, b = link.side.hexes()
        other = b if a == h else a
        where = theatre.hex_id(other) if theatre.contains(other) else "off the map"
        rails.append(f"{link.company} ({link.opened}) to {where}")
    if rails:
        parts.append("rail: " + "; ".join(sorted(set(rails))))
    roads = [
        f"{theatre.road_at(h, d).label} {names[d]}"
        for d in range(6)
        if theatre.road_at(h, d) is not RoadKind.NONE
    ]
    if roads:
        parts.append("roads: " + ", ".join(roads))
    return "  |  ".join(parts)
