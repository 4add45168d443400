"""A scenario's header: its name and description, read without loading the scenario.

The start screen lists every scenario by its name and description. Loading a scenario in full
reads its map, its counters and, for a strategic one, its theatre map, and checks them all
against their schemas: seconds for the shipped list. The header is only the file's top-level
`name:` and `description:` entries: their lines are found in the text and only they are parsed.
A file whose header cannot be read that way (no top-level `name:` line, say a flow-style
document) is left to `fallback` (the full loader), so odd files still list right and broken
ones still show their error. Headers are cached by file, size and modification time, so a
rescan reads only the files that changed.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from gameapp.core.yamlsource import DataError, Problem, read_text

HEADER_KEYS = ("name", "description")
_TOP_LEVEL_KEY = re.compile(r"^([A-Za-z_][A-Za-z0-9_-]*)[ \t]*:")
_SafeLoader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@dataclass(frozen=True)
class ScenarioHeader:
    """What a list of scenarios shows of one: its name, and its description without the
    surrounding blank space."""

    name: str
    description: str = ""


Fallback = Callable[[Path], Any]  # a full loader: anything with `name` and `description`
_cache: dict[tuple[str, int, int], ScenarioHeader] = {}


def read_scenario_header(path: Path, fallback: Fallback | None = None) -> ScenarioHeader:
    """The name and description of the scenario file at `path`. Raises DataError (file:line)
    when the file cannot be read or its header is malformed."""
    path = Path(path)
    try:
        info = os.stat(path)
        key = (str(path.resolve()), info.st_size, info.st_mtime_ns)
    except OSError:
        key = None
    if key is not None and key in _cache:
        return _cache[key]
    header = _read(path, fallback)
    if key is not None:
        _cache[key] = header
    return header


def _read(path: Path, fallback: Fallback | None) -> ScenarioHeader:
    text = read_text(path)
    blocks = header_blocks(text)
    if "name" not in blocks:
        if fallback is None:
            from gameapp.core.ruleset import load_scenario_file

            fallback = load_scenario_file
        scenario = fallback(path)
        return ScenarioHeader(str(scenario.name), str(scenario.description or "").strip())
    values: dict[str, Any] = {}
    for key, (line, block) in blocks.items():
        try:
            values.update(yaml.load(block, Loader=_SafeLoader) or {})
        except yaml.YAMLError as error:  # reported at the entry's first line
            problem = getattr(error, "problem", None) or "malformed"
            raise DataError([Problem(str(path), line,
                                     f"{key}: cannot be read as YAML ({problem})")]) from None
    name, description = values.get("name"), values.get("description", "")
    if not isinstance(name, str) or not name.strip():
        raise DataError([Problem(str(path), blocks["name"][0], "name: should be a text")])
    if description is None:
        description = ""
    if not isinstance(description, str):
        raise DataError([Problem(str(path), blocks["description"][0],
                                 "description: should be a text")])
    return ScenarioHeader(name, description.strip())


def header_blocks(text: str) -> dict[str, tuple[int, str]]:
    """Each header key's first line (1-based) and its entry's text: the key's top-level line and
    the lines after it up to the next line that starts at the margin (a key, a comment, `---`)."""
    lines = text.splitlines()
    found: dict[str, tuple[int, str]] = {}
    for number, line in enumerate(lines):
        match = _TOP_LEVEL_KEY.match(line)
        if match is None or match.group(1) not in HEADER_KEYS or match.group(1) in found:
            continue
        end = number + 1
        while end < len(lines) and (not lines[end].strip() or lines[end][0] in " \t"):
            end += 1
        found[match.group(1)] = (number + 1, "\n".join(lines[number:end]) + "\n")
    return found


def forget_headers() -> None:
    """Empty the cache (tests)."""
    _cache.clear()
