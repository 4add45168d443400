from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from gameapp.core.hexgrid import Orientation
from gameapp.core.mapdata import HexMap
from gameapp.core.units import Unit

from .boards import sample_units, showcase_map


@pytest.fixture(autouse=True)
def isolated_settings(tmp_path: Path) -> Path:
    """Every UI test writes its QSettings under tmp_path, never into the user's settings."""
    where = tmp_path / "settings"
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(where))
    return where


@pytest.fixture
def board_map() -> HexMap:
    return showcase_map(Orientation.FLAT)


@pytest.fixture
def board_units(board_map: HexMap) -> list[Unit]:
    return sample_units(board_map)
