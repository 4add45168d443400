"""The hover text for a hex: id, terrain, elevation, features, what lies on each hexside, roads
and slopes, in one line for the status bar. Pure Python."""

from __future__ import annotations

from gameapp.core.hexgrid import Hex
from gameapp.core.mapdata import HexMap
from gameapp.core.terrain import RoadGrade, Slope, flag_labels
from gameapp.present.labels import screen_direction_names


def describe_hex(hex_map: HexMap, h: Hex) -> str:
    names = screen_direction_names(hex_map.orientation)
    parts = [f"{hex_map.hex_id(h)}  {hex_map.terrain_at(h).label}, {hex_map.elevation_at(h)} ft"]
    features = flag_labels(hex_map.features_at(h))
    if features:
        parts.append("features: " + ", ".join(features))
    sides = []
    roads = []
    slopes = []
    for d in range(6):
        labels = flag_labels(hex_map.hexside_at(h, d))
        if labels:
            sides.append(f"{names[d]} " + "+".join(labels))
        grade = hex_map.road_at(h, d)
        if grade is not RoadGrade.NONE:
            roads.append(f"{grade.label} {names[d]}")
        slope = hex_map.slope_at(h, d)
        if slope is not Slope.LEVEL:
            slopes.append(f"{names[d]} {slope.label}")
    if sides:
        parts.append("hexsides: " + "; ".join(sides))
    if roads:
        parts.append("roads: " + ", ".join(roads))
    if slopes:
        parts.append("slopes: " + ", ".join(slopes))
    return "  |  ".join(parts)
