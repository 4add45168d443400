"""The build backend of Rally & Charge: setuptools, plus the game's data in the wheel.

`maps/`, `counters/` and `scenarios/` live at the top of the repository, where designers edit them
and where a scenario names its map as `../maps/x.yaml`. A wheel carries them as package data at
`gameapp/_data/{maps,counters,scenarios}`, with the same relative layout, and `gameapp.paths` finds
them there. setuptools cannot map folders outside the package into it from pyproject.toml alone,
hence this thin in-tree backend (pyproject.toml: `backend-path = ["packaging"]`):

- `BuildPy` (the `build_py` command, named in `[tool.setuptools.cmdclass]`) adds every file of the
  three folders to the package data of `gameapp`, under `_data/`. The sdist takes its file list
  from the same place, so the sdist carries the folders and a wheel built from it has them too.
- An editable install (`pip install -e .`) copies nothing: setuptools skips build_py there, and
  `gameapp.paths` reads the folders from the checkout.
- The PEP 517 hooks are setuptools' own, re-exported unchanged.
"""

from __future__ import annotations

import os
from pathlib import Path

from setuptools.build_meta import *  # noqa: F403  (the PEP 517 hooks)
from setuptools.command.build_py import build_py as _build_py

DATA_FOLDERS = ("maps", "counters", "scenarios")
# the pages the Help menu shows (gameapp/ui/help_dialogs.py), shipped as gameapp/_data/docs/
HELP_DOCS = ("docs/how-to-play.md", "docs/rules.md")
PACKAGE = "gameapp"
TARGET = "_data"  # gameapp/_data/<folder>/... in the wheel
BACKEND = "packaging/rc_build_backend.py"  # this file: the sdist must carry it to build a wheel

DataFiles = list[tuple[str, str, str, list[str]]]  # setuptools' (package, src, build, names)


def game_data_files(root: Path) -> list[str]:
    """Every file in the data folders under `root`, as paths relative to it (sorted; hidden
    files, caches and editor backups left out)."""
    found = []
    for folder in DATA_FOLDERS:
        for path in sorted((root / folder).rglob("*")):
            relative = path.relative_to(root)
            if not path.is_file() or any(p.startswith((".", "__")) for p in relative.parts):
                continue
            if path.name.endswith(("~", ".pyc", ".swp")):
                continue
            found.append(relative.as_posix())
    found += [name for name in HELP_DOCS if (root / name).is_file()]
    return found


class BuildPy(_build_py):
    """build_py that also ships maps/, counters/ and scenarios/ as gameapp/_data/."""

    def _game_data(self) -> DataFiles:
        if getattr(self, "editable_mode", False):
            return []
        names = game_data_files(Path.cwd())
        if not names:
            raise FileNotFoundError(
                f"no game data to package: {', '.join(DATA_FOLDERS)} are missing or empty in "
                f"{Path.cwd()}"
            )
        build_dir = os.path.join(self.build_lib, PACKAGE, TARGET)
        return [(PACKAGE, os.curdir, build_dir, names)]

    def _get_data_files(self) -> DataFiles:
        return [*super()._get_data_files(), *self._game_data()]

    def get_data_files_without_manifest(self) -> DataFiles:  # used for the sdist's file list
        return [*super().get_data_files_without_manifest(), *self._game_data()]

    def get_source_files(self) -> list[str]:
        return [*super().get_source_files(), BACKEND]
