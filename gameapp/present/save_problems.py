"""What is wrong with a saved game that will not open, in the player's words (no Qt).

`savegame.check_save` lists the problems at file:line; this sorts them into what the player
needs to know first: not a saved game at all, a newer program's save, a damaged file, a save
whose scenario is missing or has changed, or a game that no longer replays.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gameapp.core.savegame import SAVE_FORMAT, SAVE_VERSION
from gameapp.core.yamlsource import DataError, Problem, load_yaml


@dataclass(frozen=True)
class SaveDiagnosis:
    kind: str  # "foreign", "future", "damaged", "scenario", "replay", "unreadable"
    headline: str
    detail: str  # the file:line problems


def diagnose(path: Path, problems: Sequence[Problem | str]) -> SaveDiagnosis:
    detail = "\n".join(str(p) for p in problems)
    name = path.name
    data = _peek(path)
    if data is _UNREADABLE:
        text = detail.lower()
        if any(word in text for word in ("utf-8", "yaml", "syntax", "not allowed")):
            return SaveDiagnosis("damaged", f"{name} is damaged: it is cut short, corrupted or "
                                 "not a text file.", detail)
        return SaveDiagnosis("unreadable", f"{name} cannot be read.", detail)
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        return SaveDiagnosis("foreign", f"{name} is not a Rally & Charge saved game.", detail)
    version = data.get("version")
    if isinstance(version, int) and version > SAVE_VERSION:
        return SaveDiagnosis("future", f"{name} was saved by a newer version of Rally & Charge "
                             f"(save format {version}; this version reads format "
                             f"{SAVE_VERSION} and older). Update the program to open it.", detail)
    lowered = [(p.message if isinstance(p, Problem) else str(p)).lower() for p in problems]
    if any("missing required field" in p for p in lowered):
        return SaveDiagnosis("damaged", f"{name} is damaged: parts of the saved game are "
                             "missing.", detail)
    if any("scenario" in p or "hash" in p for p in lowered):
        return SaveDiagnosis("scenario", f"{name} was played on a scenario that cannot be found "
                             "or has changed since: the game cannot be replayed on it.", detail)
    if any("replay" in p or "dice" in p for p in lowered):
        return SaveDiagnosis("replay", f"{name} does not replay: an action in it is not legal "
                             "or its dice do not match. The file was edited or damaged.", detail)
    return SaveDiagnosis("damaged", f"{name} is damaged and cannot be opened.", detail)


_UNREADABLE: Any = object()


def _peek(path: Path) -> Any:
    """The file's data, read with the same bounds as every data file (no alias bomb, no
    device or pipe, a bounded size)."""
    try:
        return load_yaml(path).data
    except DataError:
        return _UNREADABLE
