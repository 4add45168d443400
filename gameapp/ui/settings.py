"""Preferences in QSettings: window geometry and the last scenario opened. Games go to files.

Settings are always INI files in the user scope, so tests can point them at a temporary
directory with `QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, tmp)`.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QByteArray, QSettings

ORGANISATION = "RallyAndCharge"
APPLICATION = "Rally & Charge"

GEOMETRY = "window/geometry"
WINDOW_STATE = "window/state"
LAST_SCENARIO = "scenario/last"
UPRIGHT_COUNTERS = "board/upright_counters"  # counter words level, an arrow for the facing
PICK_PATHS = "rules/pick_paths"  # ask the owner among equally good retreat and rout paths


def app_settings() -> QSettings:
    return QSettings(
        QSettings.Format.IniFormat, QSettings.Scope.UserScope, ORGANISATION, APPLICATION
    )


def last_scenario() -> Path | None:
    value = app_settings().value(LAST_SCENARIO, "")
    return Path(str(value)) if value else None


def set_last_scenario(path: Path) -> None:
    app_settings().setValue(LAST_SCENARIO, str(path.resolve()))


def saved_bytes(key: str) -> QByteArray | None:
    value = app_settings().value(key)
    return value if isinstance(value, QByteArray) and not value.isEmpty() else None


def save_bytes(key: str, value: QByteArray) -> None:
    app_settings().setValue(key, value)


def pick_paths() -> bool:
    """True (the default): a human owner picks among equally good retreat and rout paths on the
    board; False: the window takes the engine's first best path for them at once."""
    return str(app_settings().value(PICK_PATHS, "true")).lower() != "false"


def set_pick_paths(on: bool) -> None:
    app_settings().setValue(PICK_PATHS, "true" if on else "false")


def upright_counters() -> bool:
    """True (the default): counters stay square to the screen, their words level, and an arrow
    on the edge shows the facing (as Tiller's and VASSAL's counters); False: each counter is
    turned to its facing."""
    return str(app_settings().value(UPRIGHT_COUNTERS, "true")).lower() != "false"


def set_upright_counters(on: bool) -> None:
    app_settings().setValue(UPRIGHT_COUNTERS, "true" if on else "false")
