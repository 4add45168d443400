"""Check or load text not yet saved, with the game's own loaders: the text is written to a hidden
temporary file beside the real one (so the relative map and counters paths still resolve),
loaded, and removed; every problem is reported under the real file's name."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from gameapp.core.datafiles import load_any
from gameapp.core.yamlsource import DataError, Problem

T = TypeVar("T")


def load_text_beside(path: Path, text: str, loader: Callable[[Path], T]) -> T:
    """`loader` run on `text` as if it were saved as `path`; DataError names `path`."""
    handle, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.stem}.", suffix=".yaml")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
        return loader(Path(temp))
    except DataError as error:
        raise DataError([_renamed(p, temp, path) for p in error.problems]) from None
    finally:
        Path(temp).unlink(missing_ok=True)


def validate_text(path: Path, text: str) -> list[Problem]:
    """Every problem `gameapp validate` would print for `text` saved as `path` (none: [])."""
    try:
        load_text_beside(path, text, load_any)
    except DataError as error:
        return error.problems
    return []


def _renamed(problem: Problem, temp: str, path: Path) -> Problem:
    same = Path(problem.file).resolve() == Path(temp).resolve()
    return Problem(str(path), problem.line, problem.message) if same else problem
