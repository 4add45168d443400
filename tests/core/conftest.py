"""Fixtures shared by the core tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from gameapp.core import mapfile
from gameapp.core.mapdata import HexMap


@pytest.fixture
def compiles(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """The map files compiled from now on (the cache's misses)."""
    seen: list[Path] = []
    real = mapfile.load_map

    def counted(path: str | Path) -> HexMap:
        seen.append(Path(path))
        return real(path)

    monkeypatch.setattr(mapfile, "load_map", counted)
    return seen
