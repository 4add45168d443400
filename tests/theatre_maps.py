"""The shipped theatre maps, compiled once per test session (each takes a few seconds)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from gameapp.core.theatre.file import load_theatre
from gameapp.core.theatre.theatremap import TheatreMap

ROOT = Path(__file__).resolve().parents[1]
MAPS = {"east": ROOT / "maps" / "theatre_east.yaml", "west": ROOT / "maps" / "theatre_west.yaml"}


@cache
def theatre(key: str) -> TheatreMap:
    return load_theatre(MAPS[key])
