"""Where the program's files are: the shipped data, read-only, and the user's own files.

Shipped data: the folders `maps/`, `counters/` and `scenarios/`, found the same way wherever the
program runs (README.md, "Building the installer"):

    frozen bundle      <sys._MEIPASS>/gameapp/_data/{maps,counters,scenarios}
    checkout           <repository>/{maps,counters,scenarios}, beside gameapp/ and pyproject.toml
                       (an editable install imports gameapp from the checkout: same case)
    wheel install      <site-packages>/gameapp/_data/{maps,counters,scenarios} (package data the
                       build backend, packaging/rc_build_backend.py, copies into the wheel)

The three folders keep their relative layout everywhere, so a scenario's `map: ../maps/x.yaml`
resolves in each place.

The user's files go to the platform's user folders (platformdirs), never inside the installation,
which may be read-only or replaced by an update:

    saves       user data folder / saves       (~/.local/share/RallyAndCharge/saves on Linux)
    autosaves   user state folder / autosaves  (~/.local/state/RallyAndCharge/autosaves on Linux)
    preferences user config folder             (~/.config/RallyAndCharge on Linux; QSettings'
                                                 INI file in the user scope lands there too)
    map cache   user cache folder / maps       (~/.cache/RallyAndCharge/maps on Linux: compiled
                                                 maps, rebuilt whenever missing or broken)

Pure Python: no Qt, so the engine, the AI and the command line can use it.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from enum import Enum
from functools import cache
from pathlib import Path

from platformdirs import PlatformDirs

DATA_KINDS = ("maps", "counters", "scenarios")
PACKAGE_DIR = Path(__file__).resolve().parent
PACKAGED_DATA = "_data"  # gameapp/_data/ in a wheel and in the frozen bundle
APP_DIR_NAME = "RallyAndCharge"  # the user folders' name; QSettings' organisation name too


class Layout(Enum):
    FROZEN = "frozen bundle"
    CHECKOUT = "checkout"
    PACKAGE = "installed package"


class DataNotFoundError(FileNotFoundError):
    """The shipped data is in none of the places it can be: a broken installation."""


@dataclass(frozen=True)
class DataLocation:
    root: Path  # the folder that holds maps/, counters/ and scenarios/
    layout: Layout

    def dir(self, kind: str) -> Path:
        if kind not in DATA_KINDS:
            raise ValueError(f"unknown data folder {kind!r}: expected one of {DATA_KINDS}")
        return self.root / kind

    def __str__(self) -> str:
        return f"{self.root} ({self.layout.value})"


def bundle_dir() -> Path | None:
    """The frozen bundle's data folder (PyInstaller's sys._MEIPASS), or None when not frozen."""
    meipass = getattr(sys, "_MEIPASS", None)
    return Path(meipass) if getattr(sys, "frozen", False) and meipass else None


def locate_data(package_dir: Path = PACKAGE_DIR, bundle: Path | None = None) -> DataLocation:
    """Where the shipped data is, for a `gameapp` package at `package_dir` and, when frozen, the
    bundle at `bundle`. Raises DataNotFoundError naming every place looked at."""
    candidates: list[tuple[Path, Layout]] = []
    if bundle is not None:
        candidates.append((bundle / "gameapp" / PACKAGED_DATA, Layout.FROZEN))
    checkout = package_dir.parent
    if (checkout / "pyproject.toml").is_file():
        candidates.append((checkout, Layout.CHECKOUT))
    candidates.append((package_dir / PACKAGED_DATA, Layout.PACKAGE))
    for root, layout in candidates:
        if all((root / kind).is_dir() for kind in DATA_KINDS):
            return DataLocation(root, layout)
    looked = ", ".join(str(root) for root, _ in candidates)
    raise DataNotFoundError(
        f"the game's data folders ({', '.join(DATA_KINDS)}) were not found; looked in: {looked}"
    )


@cache
def data_location() -> DataLocation:
    """Where this running program's shipped data is (found once)."""
    return locate_data(PACKAGE_DIR, bundle_dir())


def maps_dir() -> Path:
    return data_location().dir("maps")


def counters_dir() -> Path:
    return data_location().dir("counters")


def scenarios_dir() -> Path:
    return data_location().dir("scenarios")


def help_doc(name: str) -> Path:
    """A page the Help menu shows (`how-to-play.md`, `rules.md`): the checkout's docs/, or
    the copy shipped beside the data (gameapp/_data/docs/). The file may be missing in a broken
    installation; the caller says so."""
    return data_location().root / "docs" / name


def shipped_scenarios() -> list[Path]:
    """Every scenario file shipped with the program, by name."""
    return sorted(scenarios_dir().glob("*.yaml"))


# --- the user's folders ---------------------------------------------------------------------------
def _user_dirs() -> PlatformDirs:
    # appauthor=False: no vendor folder above ours on Windows (…\AppData\Local\RallyAndCharge).
    return PlatformDirs(APP_DIR_NAME, appauthor=False)


def saves_dir() -> Path:
    return _user_dirs().user_data_path / "saves"


def autosaves_dir() -> Path:
    return _user_dirs().user_state_path / "autosaves"


def preferences_dir() -> Path:
    return _user_dirs().user_config_path


def map_cache_dir() -> Path:
    """Compiled maps (gameapp/core/mapcache.py): the user cache folder / maps."""
    return _user_dirs().user_cache_path / "maps"


def ensure_dir(path: Path) -> Path:
    """`path`, created with its parents if missing (the user folders are made when first used)."""
    path.mkdir(parents=True, exist_ok=True)
    return path
