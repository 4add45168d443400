"""Load YAML data files safely, remember the line of every value, and validate against a schema.

Every problem in a data file is reported as `file:line: message`, never as a traceback. The loader
uses PyYAML's safe loader only. Line numbers are 1-based.

Files may come from strangers (docs/reliability.md), so reading is bounded: only regular files
(never a folder, a device such as /dev/zero or a pipe that would block), at most MAX_FILE_BYTES,
nested at most MAX_DEPTH levels, and aliases may add at most MAX_ALIAS_NODES nodes to the document
(an "alias bomb" of a few hundred bytes would otherwise expand to billions). Each limit is a
DataError at the line where it was crossed.
"""

from __future__ import annotations

import json
import os
import re
import stat
from bisect import bisect_right
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml
from yaml.constructor import ConstructorError

from gameapp.core.schemacheck import conforms

if TYPE_CHECKING:  # jsonschema itself is imported when a document is first checked
    import jsonschema

JsonPath = tuple[str | int, ...]

MAX_FILE_BYTES = 8 * 1024 * 1024  # the largest shipped file is under 30 KB; a long save is < 1 MB
MAX_DEPTH = 64  # the shipped files nest at most 8 levels
MAX_ALIAS_NODES = 100_000  # nodes that aliases may add in all: generous for anchors reused


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
    # a text value over more than one line: its first and last line (for a limit on its length)
    spans: dict[JsonPath, tuple[int, int]] = field(default_factory=dict)
    text: str = field(default="", repr=False)

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

    def line_past(self, path: Iterable[str | int], limit: int) -> int:
        """The line where the text value at `path` passes `limit` characters: a text over many
        lines that is too long is too long from there (a paste gone wrong, or a line that went
        on too long). Its own line when it is on one; characters are counted as written, each
        line stripped of its indentation."""
        key = tuple(path)
        if key not in self.spans or not self.text:
            return self.line_of(key)
        first, last = self.spans[key]
        count = 0
        for number, line in enumerate(_BREAK.split(self.text)[first - 1:last], start=first):
            count += len(line.strip()) + 1
            if count > limit:
                return number
        return last


def load_yaml(path: str | Path) -> YamlDocument:
    """Parse a YAML file. Raises DataError (with the line) for unreadable or malformed files."""
    path = Path(path)
    return parse_yaml(read_text(path), path)


def read_text(path: Path, limit: int = MAX_FILE_BYTES) -> str:
    """The text of a regular file of at most `limit` bytes, as UTF-8. Raises DataError (file:line)
    for a missing file, a folder, a device or pipe, a file too large, or bytes not in UTF-8."""
    name = str(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)  # O_NONBLOCK: opening a pipe must not wait for a writer
    except FileNotFoundError:
        raise DataError([Problem(name, 1, "file not found")]) from None
    except (OSError, ValueError) as exc:
        raise DataError([Problem(name, 1, f"cannot read the file: {_os_reason(exc)}")]) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise DataError([Problem(name, 1, "not a regular file (a folder, a device or a pipe)")])
        if info.st_size > limit:
            raise DataError([Problem(name, 1, _too_large(info.st_size, limit))])
        data = _read_at_most(fd, limit + 1)
    except OSError as exc:
        raise DataError([Problem(name, 1, f"cannot read the file: {_os_reason(exc)}")]) from None
    finally:
        os.close(fd)
    if len(data) > limit:  # it grew while being read
        raise DataError([Problem(name, 1, _too_large(len(data), limit))])
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise DataError([Problem(name, line, f"not UTF-8 text: byte 0x{data[exc.start]:02x} "
                                 "cannot be read (save the file as UTF-8)")]) from None


def _read_at_most(fd: int, count: int) -> bytes:
    chunks: list[bytes] = []
    left = count
    while left > 0:
        chunk = os.read(fd, min(left, 1 << 20))
        if not chunk:
            break
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def _too_large(size: int, limit: int) -> str:
    return f"the file is too large ({size:,} bytes; at most {limit:,})"


def _os_reason(exc: BaseException) -> str:
    """The operating system's reason without the path it names (it is already in file:line)."""
    return exc.strerror if isinstance(exc, OSError) and exc.strerror else type(exc).__name__


class _LimitError(yaml.MarkedYAMLError):
    """A document that crosses one of the loader's limits (depth, alias expansion)."""

    def __init__(self, problem: str, mark: yaml.Mark | None) -> None:
        super().__init__(problem=problem, problem_mark=mark)


class _BoundedLoader(yaml.SafeLoader):
    """PyYAML's safe loader that refuses documents nested too deep or whose aliases expand to
    too many nodes. Counting is linear: each node's expanded size is kept as it is composed."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self._depth = 0
        self._sizes: dict[int, tuple[int, int]] = {}  # id(node) -> expanded (size, height)
        self._alias_nodes = 0

    def compose_node(self, parent: yaml.Node | None, index: Any) -> yaml.Node | None:
        mark = self.peek_event().start_mark  # type: ignore[no-untyped-call]
        if self.check_event(yaml.AliasEvent):
            node = super().compose_node(parent, index)
            known = self._sizes.get(id(node))
            if known is None:
                raise _LimitError("an alias refers to the node that contains it", mark)
            size, height = known
            self._alias_nodes += size
            if self._alias_nodes > MAX_ALIAS_NODES:
                raise _LimitError(f"aliases expand to more than {MAX_ALIAS_NODES:,} nodes", mark)
            if self._depth + height > MAX_DEPTH:
                raise _LimitError(f"an alias nests the document more than {MAX_DEPTH} levels "
                                  "deep", mark)
            return node
        self._depth += 1
        try:
            if self._depth > MAX_DEPTH:
                raise _LimitError(f"nested more than {MAX_DEPTH} levels deep", mark)
            node = super().compose_node(parent, index)
        finally:
            self._depth -= 1
        if node is None:
            return None
        below = [self._sizes[id(child)] for child in _children(node)]
        self._sizes[id(node)] = (1 + sum(size for size, _ in below),
                                 1 + max((height for _, height in below), default=0))
        return node

    def construct_object(self, node: yaml.Node, deep: bool = False) -> Any:
        try:
            return super().construct_object(node, deep)
        except (ValueError, OverflowError) as exc:  # int('9' * 5000), a date like 2020-13-45
            raise ConstructorError(
                None, None, f"cannot read this value: {_first_line(exc)}", node.start_mark
            ) from None


def _first_line(exc: BaseException) -> str:
    return str(exc).splitlines()[0][:120] if str(exc) else type(exc).__name__


def check_bounds(text: str, path: str | Path = "<string>") -> None:
    """Raise DataError when `text` crosses the reader's limits (size, nesting, aliases), for
    another YAML reader (the editor's round-trip one) to run after; other problems are left to
    that reader."""
    name = str(path)
    if len(text) > MAX_FILE_BYTES:
        raise DataError([Problem(name, 1, _too_large(len(text), MAX_FILE_BYTES))])
    try:
        loader = _BoundedLoader(text)
        try:
            loader.get_single_node()
        finally:
            loader.dispose()
    except _LimitError as exc:
        line = _line_counter(text)(exc.problem_mark) if exc.problem_mark is not None else 1
        raise DataError([Problem(name, line, f"YAML: {exc.problem}")]) from None
    except yaml.YAMLError:
        return


def _empty(name: str, text: str) -> Problem:
    """An empty file at line 1; one of nothing but comments at its last line, where its data
    was expected (a file cut short after its heading comments)."""
    if not text.strip():
        return Problem(name, 1, "the file is empty")
    return Problem(name, len(_BREAK.split(text.rstrip("\r\n"))),
                   "the file has no data, only comments")


def _children(node: yaml.Node) -> list[yaml.Node]:
    if isinstance(node, yaml.MappingNode):
        return [part for pair in node.value for part in pair]
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    return []


# libyaml's loader, where PyYAML was built with it, reads a large map about ten times faster.
# It reads a tab within a plain value (`na\tme: x`) and skips a byte-order mark at the start of
# any line, where PyYAML's own scanner refuses both: a text with a tab, or a mark after its
# first character, goes to the bounded loader, so a file reads alike with or without libyaml.
# (the West theatre map: 13 s with the pure-Python one). It cannot be bounded while it composes,
# so it reads only text without deep nesting (its composer recurses in C). Anchors and aliases
# are fine while it composes (an alias is the anchored node again, not a copy): the node graph
# is measured after, as the bounded loader measures it, before anything walks it expanded. Any
# text over a limit, and any it finds wrong, goes to the bounded pure-Python loader, so limits
# and messages are the same whichever reads a file.
_FAST_LOADER = getattr(yaml, "CSafeLoader", None)
_DEEP_FLOW = re.compile(r"(?:[\[{][ \t]*){16}")  # 16 brackets opened one after another
_LEAD = re.compile(r"^[ \t-]+", re.MULTILINE)  # a line's indentation and sequence dashes
_READ_APART = re.compile("[\t\ufeff]")
_DEEP_LEAD = 80  # characters of those: past about 40 levels of block nesting
_ANCHOR_OR_ALIAS = re.compile(r"(?:^|[\s\[{,])[&*]\S", re.MULTILINE)


def _deep(text: str) -> bool:
    """Nesting deep enough to need the bounded loader (each pattern is linear in the text)."""
    return bool(_DEEP_FLOW.search(text)) or any(
        m.end() - m.start() > _DEEP_LEAD for m in _LEAD.finditer(text))


def _within_limits(node: yaml.Node) -> bool:
    """The bounded loader's depth and alias limits, measured on a composed node graph: a node
    met again is an alias, which adds its expanded size; one met inside itself is refused."""
    sizes: dict[int, tuple[int, int]] = {}  # id(node) -> expanded (size, height)
    open_nodes: set[int] = set()
    alias_nodes = 0

    def measure(node: yaml.Node, depth: int) -> tuple[int, int] | None:
        nonlocal alias_nodes
        known = sizes.get(id(node))
        if known is not None:  # an alias
            alias_nodes += known[0]
            ok = alias_nodes <= MAX_ALIAS_NODES and depth - 1 + known[1] <= MAX_DEPTH
            return known if ok else None
        if id(node) in open_nodes or depth > MAX_DEPTH:
            return None
        open_nodes.add(id(node))
        size, height = 1, 1
        for child in _children(node):
            below = measure(child, depth + 1)
            if below is None:
                return None
            size, height = size + below[0], max(height, below[1] + 1)
        open_nodes.discard(id(node))
        sizes[id(node)] = (size, height)
        return size, height

    return measure(node, 1) is not None


def _fast_reads(text: str) -> bool:
    """libyaml is installed and reads `text` as the bounded loader would."""
    return not (_FAST_LOADER is None or _deep(text) or _UNUSUAL_BREAKS.search(text)
                or _READ_APART.search(text, 1 if text.startswith("\ufeff") else 0))


def compose(text: str) -> yaml.Node | None:
    """The node graph of a text that `parse_yaml` has read, for a check on how values are
    written (quoted or not): by libyaml where it reads the text alike, its marks the same (a
    plain scalar's style is None from PyYAML's own loader, "" from libyaml: test `not style`)."""
    loader = _FAST_LOADER if _fast_reads(text) else yaml.SafeLoader
    return yaml.compose(text, Loader=loader)  # type: ignore[arg-type]


def _fast_parse(text: str, path: Path) -> YamlDocument | None:
    if not _fast_reads(text):
        return None
    assert _FAST_LOADER is not None  # _fast_reads says so
    try:
        loader = _FAST_LOADER(text)
    except Exception:  # a lone surrogate libyaml cannot encode: the bounded loader reports it
        return None
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        if _ANCHOR_OR_ALIAS.search(text) and not _within_limits(node):
            return None  # the bounded loader finds the line where a limit is crossed
        doc = YamlDocument(path, None, text=text)
        duplicates: list[Problem] = []
        _record_lines(node, (), doc.lines, doc.spans, duplicates, str(path), _line_counter(""))
        if duplicates:
            return None
        doc.data = loader.construct_document(node)
        return doc
    except Exception:  # whatever it finds wrong, the bounded loader reads again and reports
        return None
    finally:
        loader.dispose()


def parse_yaml(text: str, path: str | Path = "<string>") -> YamlDocument:
    path = Path(path)
    name = str(path)
    if len(text) > MAX_FILE_BYTES:
        raise DataError([Problem(name, 1, _too_large(len(text), MAX_FILE_BYTES))])
    fast = _fast_parse(text, path)
    if fast is not None:
        return fast
    try:
        loader = _BoundedLoader(text)
    except yaml.reader.ReaderError as exc:  # a character YAML does not allow, such as NUL
        line = text[: exc.position].count("\n") + 1
        raise DataError([Problem(name, line, f"character #x{exc.character:04x} is not allowed "
                                 "in a YAML file")]) from None
    line_of = _line_counter(text)
    try:
        node = loader.get_single_node()
        if node is None:
            raise DataError([_empty(name, text)])
        doc = YamlDocument(path, None, text=text)
        duplicates: list[Problem] = []
        # before merge keys act
        _record_lines(node, (), doc.lines, doc.spans, duplicates, name, line_of)
        if duplicates:
            raise DataError(duplicates)
        doc.data = loader.construct_document(node)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = line_of(mark) if mark is not None else 1
        kind = "YAML" if isinstance(exc, _LimitError | ConstructorError) else "YAML syntax"
        message = f"{kind}: {exc.problem or exc}"
        context = line_of(exc.context_mark) if exc.context_mark is not None else line
        opened = _open_bracket(loader, line_of)
        if context < line and exc.context:  # the parser noticed it lines below where it began
            message += f" ({exc.context} that starts on line {context})"
        elif opened is not None and opened[1] < line:
            message += f" (inside the {opened[0]} that starts on line {opened[1]})"
        elif "expected '<document start>'" in message:
            message += _outside_the_document(text, line)
        raise DataError([Problem(name, line, message)]) from None
    except yaml.YAMLError as exc:  # pragma: no cover - every PyYAML error above has a place
        raise DataError([Problem(name, 1, f"YAML syntax: {exc}")]) from None
    finally:
        loader.dispose()
    return doc


# YAML also ends a line at U+0085, U+2028 and U+2029, which editors show within a line: lines
# are counted as an editor counts them (after \n, \r\n or \r), as for bytes not in UTF-8.
_UNUSUAL_BREAKS = re.compile("[\x85\u2028\u2029]")
_BREAK = re.compile(r"\r\n|\r|\n")


def _line_counter(text: str) -> Callable[[yaml.Mark], int]:
    """The 1-based line, as an editor counts, of a mark of PyYAML's pure-Python loader in
    `text` (whose index counts characters)."""
    if not _UNUSUAL_BREAKS.search(text):
        return lambda mark: mark.line + 1
    starts = [m.end() for m in _BREAK.finditer(text)]
    return lambda mark: bisect_right(starts, mark.index) + 1


def _open_bracket(loader: yaml.SafeLoader,
                  line_of: Callable[[yaml.Mark], int]) -> tuple[str, int] | None:
    """The innermost [ list ] or { mapping } the parser was inside when it stopped, and its line.
    A flow collection runs on past line ends until it is closed, so a line cut inside one (its
    closing bracket lost) is found lines below, where a block's `- ` cannot be read: the open
    bracket is where to look. None when the parser was not inside brackets."""
    marks: list[yaml.Mark] = getattr(loader, "marks", [])
    if not marks:
        return None
    mark = marks[-1]  # the parser keeps the start of each collection it is inside
    buffer, pointer = getattr(mark, "buffer", None), getattr(mark, "pointer", -1)
    if not isinstance(buffer, str) or not 0 <= pointer < len(buffer):
        return None
    kind = {"[": "[ list", "{": "{ mapping"}.get(buffer[pointer])
    return (kind, line_of(mark)) if kind else None


def _outside_the_document(text: str, line: int) -> str:
    """Where the data that this line is outside of began: a file holds one document, and a
    line indented apart from the ones above it (often a comment whose # was lost) ends it."""
    for number, content in enumerate(_BREAK.split(text)[: line - 1], start=1):
        for piece in _UNUSUAL_BREAKS.split(content):  # YAML's lines within the editor's
            stripped = piece.strip()
            if stripped and not stripped.startswith(("#", "%", "---")):
                return (" (a file holds one block of data, indented alike: this line is outside "
                        f"the one that starts on line {number})")
    return ""


def _record_lines(
    node: yaml.Node,
    path: JsonPath,
    lines: dict[JsonPath, int],
    spans: dict[JsonPath, tuple[int, int]],
    duplicates: list[Problem],
    filename: str,
    line_of: Callable[[yaml.Mark], int],
) -> None:
    lines[path] = line_of(node.start_mark)
    if isinstance(node, yaml.ScalarNode) and node.end_mark.line > node.start_mark.line:
        # a block scalar ends at the start of the line after its text
        spans[path] = (lines[path], line_of(node.end_mark) - (node.end_mark.column == 0))
    elif isinstance(node, yaml.MappingNode):
        seen: dict[str, int] = {}
        for key_node, value_node in node.value:
            # a complex key is refused when the document is built; never print a whole node
            key = str(key_node.value) if isinstance(key_node, yaml.ScalarNode) else "<complex>"
            line = line_of(key_node.start_mark)
            if key in seen:
                duplicates.append(
                    Problem(filename, line, f"duplicate key '{key}' (first on line {seen[key]})")
                )
            seen[key] = line
            lines[(*path, key)] = line
            _record_lines(value_node, (*path, key), lines, spans, duplicates, filename,
                          line_of)
            lines[(*path, key)] = line  # a key's own line beats its value's first line
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            _record_lines(item, (*path, i), lines, spans, duplicates, filename, line_of)


@cache
def load_schema(name: str) -> dict[str, Any]:
    """A JSON Schema shipped in gameapp/core/schemas/, such as 'scenario'."""
    text = resources.files("gameapp.core").joinpath("schemas", f"{name}.schema.json").read_text()
    schema: dict[str, Any] = json.loads(text)
    return schema


def schema_problems(doc: YamlDocument, schema: dict[str, Any]) -> list[Problem]:
    """Every schema violation in the document, in file order, each with a readable message.
    A document that surely conforms is passed by schemacheck.py; jsonschema (a fifth of a
    second to import) judges the others and writes every message."""
    if conforms(doc.data, schema):
        return []
    import jsonschema

    validator = jsonschema.Draft202012Validator(schema)
    problems = []
    for error in validator.iter_errors(doc.data):
        path = tuple(error.absolute_path)
        where = (*path, *_unknown_keys(error)[:1])  # an unknown key's own line, not its parent's
        line = (doc.line_past(path, error.validator_value)
                if error.validator == "maxLength" and isinstance(error.validator_value, int)
                else doc.line_of(where))
        problems.append(Problem(doc.name, line, _clip(_describe(error, path))))
    problems.sort(key=lambda p: p.line)
    return problems


def _unknown_keys(error: jsonschema.ValidationError) -> list[str]:
    """The keys an additionalProperties error refuses, in the mapping's order."""
    if error.validator != "additionalProperties" or not isinstance(error.instance, dict):
        return []
    schema = error.schema if isinstance(error.schema, dict) else {}
    known = schema.get("properties", {})
    patterns = schema.get("patternProperties", {})
    return [key for key in error.instance if key not in known
            and not any(re.search(pattern, str(key)) for pattern in patterns)]


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
        got = f"{_type_name(error.instance)} {_quoted(error.instance)}"
        return f"{where}expected {expected_text}, got {got}"
    if validator == "enum":
        options = ", ".join(repr(v) for v in error.validator_value)  # type: ignore[union-attr]
        return f"{where}{_quoted(error.instance)} is not one of {options}"
    if validator == "maxLength" and isinstance(error.instance, str):
        return (f"{where}{_quoted(error.instance)} is too long: {len(error.instance):,} "
                f"characters, at most {error.validator_value:,}")
    if validator == "pattern":
        schema = error.schema if isinstance(error.schema, dict) else {}
        hint = schema.get("description", f"the pattern {error.validator_value}")
        return f"{where}{_quoted(error.instance)} does not match {hint}"
    return f"{where}{error.message}"


QUOTE_LIMIT = 60  # characters of a wrong value quoted back: enough to find it, not a whole file
MESSAGE_LIMIT = 300


def _quoted(value: Any) -> str:
    """A short quotation of a wrong value: a file that is not what it should be (a scenario's
    `map:` naming some other text file) must not be echoed whole into the message."""
    if isinstance(value, dict | list):
        return f"({len(value)} items)"
    text = repr(value)
    return text if len(text) <= QUOTE_LIMIT else f"{text[: QUOTE_LIMIT - 5]}...{text[-1]}"


def _clip(message: str) -> str:
    return message if len(message) <= MESSAGE_LIMIT else f"{message[: MESSAGE_LIMIT - 3]}..."


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
