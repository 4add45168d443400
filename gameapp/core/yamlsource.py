"""Load YAML data files safely, remember the line of every value, and validate against a schema.

Every problem in a data file is reported as `file:line: message`, never as a traceback. The loader
uses PyYAML's safe loader only. Line numbers are 1-based.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema
import yaml

JsonPath = tuple[str | int, ...]


@dataclass(frozen=True)
class Problem:
    file: str
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.message}"


class DataError(Exception):
    """One or more problems in data files. str() gives one `file:line: message` per line."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


@dataclass
class YamlDocument:
    path: Path
    data: Any
    lines: dict[JsonPath, int] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return str(self.path)

    def line_of(self, path: Iterable[str | int]) -> int:
        """The line of the value at `path`, or of its nearest ancestor that has one."""
        key = tuple(path)
        while key:
            if key in self.lines:
                return self.lines[key]
            key = key[:-1]
        return self.lines.get((), 1)

    def problem(self, path: Iterable[str | int], message: str) -> Problem:
        return Problem(self.name, self.line_of(path), message)


def load_yaml(path: str | Path) -> YamlDocument:
    """Parse a YAML file. Raises DataError (with the line) for unreadable or malformed files."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DataError([Problem(str(path), 1, "file not found")]) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise DataError([Problem(str(path), 1, f"cannot read the file: {exc}")]) from None
    return parse_yaml(text, path)


# libyaml's loader, where PyYAML was built with it, reads a large map ten times faster; the pure
# Python one reads a file that has an error again, so that every message is worded the same.
_FAST_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def parse_yaml(text: str, path: str | Path = "<string>") -> YamlDocument:
    path = Path(path)
    try:
        try:
            node = yaml.compose(text, Loader=_FAST_LOADER)
        except yaml.YAMLError:
            node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else 1
        raise DataError([Problem(str(path), line, f"YAML syntax: {exc.problem or exc}")]) from None
    except yaml.YAMLError as exc:
        raise DataError([Problem(str(path), 1, f"YAML syntax: {exc}")]) from None
    if node is None:
        raise DataError([Problem(str(path), 1, "the file is empty")])
    doc = YamlDocument(path, None)
    duplicates: list[Problem] = []
    _record_lines(node, (), doc.lines, duplicates, str(path))
    if duplicates:
        raise DataError(duplicates)
    try:
        doc.data = _FAST_LOADER(text).get_single_data()
    except yaml.YAMLError as exc:  # pragma: no cover - compose already accepted the text
        raise DataError([Problem(str(path), 1, f"YAML: {exc}")]) from None
    return doc


def _record_lines(
    node: yaml.Node,
    path: JsonPath,
    lines: dict[JsonPath, int],
    duplicates: list[Problem],
    filename: str,
) -> None:
    lines[path] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        seen: dict[str, int] = {}
        for key_node, value_node in node.value:
            key = str(key_node.value)
            line = key_node.start_mark.line + 1
            if key in seen:
                duplicates.append(
                    Problem(filename, line, f"duplicate key '{key}' (first on line {seen[key]})")
                )
            seen[key] = line
            lines[(*path, key)] = line
            _record_lines(value_node, (*path, key), lines, duplicates, filename)
            lines[(*path, key)] = line  # a key's own line beats its value's first line
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            _record_lines(item, (*path, i), lines, duplicates, filename)


@cache
def load_schema(name: str) -> dict[str, Any]:
    """A JSON Schema shipped in gameapp/core/schemas/, such as 'scenario'."""
    text = resources.files("gameapp.core").joinpath("schemas", f"{name}.schema.json").read_text()
    schema: dict[str, Any] = json.loads(text)
    return schema


def schema_problems(doc: YamlDocument, schema: dict[str, Any]) -> list[Problem]:
    """Every schema violation in the document, in file order, each with a readable message."""
    validator = jsonschema.Draft202012Validator(schema)
    problems = []
    for error in validator.iter_errors(doc.data):
        path = tuple(error.absolute_path)
        problems.append(doc.problem(path, _describe(error, path)))
    problems.sort(key=lambda p: p.line)
    return problems


def _describe(error: jsonschema.ValidationError, path: JsonPath) -> str:
    where = _path_text(path)
    validator = error.validator
    if validator == "required":
        missing = error.message.split("'")[1] if "'" in error.message else error.message
        return f"{where}missing required field '{missing}'"
    if validator == "additionalProperties":
        return f"{where}{error.message.replace('Additional properties', 'unknown field(s)')}"
    if validator == "type":
        expected = error.validator_value
        expected_text = " or ".join(expected) if isinstance(expected, list) else expected
        got = f"{_type_name(error.instance)} {error.instance!r}"
        return f"{where}expected {expected_text}, got {got}"
    if validator == "enum":
        options = ", ".join(repr(v) for v in error.validator_value)  # type: ignore[union-attr]
        return f"{where}{error.instance!r} is not one of {options}"
    if validator == "pattern":
        schema = error.schema if isinstance(error.schema, dict) else {}
        hint = schema.get("description", f"the pattern {error.validator_value}")
        return f"{where}{error.instance!r} does not match {hint}"
    return f"{where}{error.message}"


def _path_text(path: JsonPath) -> str:
    if not path:
        return ""
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return f"{text}: "


def _type_name(value: Any) -> str:
    return {
        bool: "boolean",
        int: "integer",
        float: "number",
        str: "string",
        list: "list",
        dict: "mapping",
        type(None): "nothing",
    }.get(type(value), type(value).__name__)
