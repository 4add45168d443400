"""Reading the rules' own data files (`rules/data/*.yaml`), and the small pieces their loaders
share: the JSON Schema object shorthand and the charts' printed figures ("4½", "1/5").

Every loader takes an optional `source` so tests can feed it a broken copy; without one it reads
the packaged file. Problems come back as DataError with file and line, never as a traceback.
"""

from __future__ import annotations

import re
from fractions import Fraction
from importlib import resources
from pathlib import Path
from typing import Any

from gameapp.core.yamlsource import DataError, Problem, YamlDocument, parse_yaml, schema_problems

_NUMBER = re.compile(r"^(?:(\d+)/(\d+)|(\d*)([¼½¾])?)$")
_VULGAR = {"¼": Fraction(1, 4), "½": Fraction(1, 2), "¾": Fraction(3, 4)}


def obj(props: dict[str, Any], optional: tuple[str, ...] = ()) -> dict[str, Any]:
    """A JSON Schema object with exactly these properties, all required but `optional`."""
    required = [k for k in props if k not in optional]
    return {"type": "object", "properties": props, "required": required,
            "additionalProperties": False}


def read_text(filename: str, source: str | Path | None) -> tuple[str, str]:
    """The text of `source`, or of the packaged `rules/data/<filename>`, and its path."""
    if source is None:
        ref = resources.files("gameapp.core.rules") / "data" / filename
        return ref.read_text(encoding="utf-8"), str(ref)
    try:
        return Path(source).read_text(encoding="utf-8"), str(source)
    except (OSError, UnicodeDecodeError) as exc:
        raise DataError([Problem(str(source), 1, f"cannot read the file: {exc}")]) from None


def read_rules_data(filename: str, schema: dict[str, Any],
                    source: str | Path | None = None) -> YamlDocument:
    """Parse and validate a rules data file."""
    doc = parse_yaml(*read_text(filename, source))
    problems = schema_problems(doc, schema)
    if problems:
        raise DataError(problems)
    return doc


def parse_figure(text: str) -> Fraction:
    """A printed figure: "3", "½", "4½", "1/5". Raises ValueError otherwise."""
    match = _NUMBER.match(str(text).strip())
    if not match or not any(match.groups()):
        raise ValueError(f"{text!r} is not a number such as 3, ½, 4½ or 1/5")
    if match[1]:
        return Fraction(int(match[1]), int(match[2]))
    return Fraction(int(match[3] or 0)) + _VULGAR.get(match[4] or "", Fraction(0))


def show(value: Fraction | int) -> str:
    """A fraction as the charts print it: 4½, ¾, 7/5."""
    value = Fraction(value)
    whole, part = divmod(value, 1)
    glyph = {v: k for k, v in _VULGAR.items()}.get(Fraction(part))
    if part == 0:
        return str(int(whole))
    if glyph is not None:
        return f"{int(whole) or ''}{glyph}"
    return f"{value.numerator}/{value.denominator}"
