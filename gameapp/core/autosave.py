"""The autosave folder: a save after every phase, the last N kept, and a marker that tells the
next start whether the last session ended cleanly.

    folder/autosave-000123.yaml   one save per phase, numbered in the order written
    folder/session.running        written when a session starts, removed when it ends cleanly

A marker still there at start means the program did not end cleanly (a crash, a kill, a power
cut): the newest autosave that loads is then offered for resuming. Pure Python (no Qt): the
folder is gameapp.paths.autosaves_dir() in the program and a temporary one in tests.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

from gameapp.core.engine import Game
from gameapp.core.savegame import check_save, save_game
from gameapp.core.seats import Seats

DEFAULT_KEEP = 10
MARKER = "session.running"
_NAME = re.compile(r"^autosave-(\d{6,})\.yaml$")


@dataclass
class AutosaveFolder:
    folder: Path
    keep: int = DEFAULT_KEEP

    def saves(self) -> list[Path]:
        """The autosaves, oldest first."""
        if not self.folder.is_dir():
            return []
        return sorted((p for p in self.folder.iterdir() if _NAME.match(p.name)), key=_number)

    def write(self, game: Game, seats: Seats | None = None) -> Path:
        """Save `game` as the newest autosave (atomically), then drop all but the last `keep`."""
        saves = self.saves()
        number = _number(saves[-1]) + 1 if saves else 1
        path = self.folder / f"autosave-{number:06d}.yaml"
        save_game(game, path, seats)
        self.prune()
        return path

    def prune(self) -> None:
        saves = self.saves()
        for old in saves[: max(0, len(saves) - max(1, self.keep))]:
            old.unlink(missing_ok=True)

    # --- the session marker ------------------------------------------------------------------
    @property
    def marker(self) -> Path:
        return self.folder / MARKER

    def unclean_exit(self) -> bool:
        """True if the last session started and never ended cleanly."""
        return self.marker.exists()

    def begin_session(self) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        self.marker.write_text(f"pid {os.getpid()}\n", encoding="utf-8")

    def end_session(self) -> None:
        self.marker.unlink(missing_ok=True)

    def resumable(self) -> Path | None:
        """After an unclean exit, the newest autosave that loads; None otherwise. A bad autosave
        (damaged, tampered, or one the program cannot replay) is passed over for the one before
        it, so a save that fails to open can never stop every start of the program."""
        if not self.unclean_exit():
            return None
        for path in reversed(self.saves()):
            if not check_save(path):
                return path
        return None


def _number(path: Path) -> int:
    match = _NAME.match(path.name)
    return int(match.group(1)) if match is not None else 0
