"""Round-trip YAML text: load a file as a tree that remembers comments, key order and quotes, and
write it back so that what the designer did not change keeps its exact bytes.

ruamel.yaml's round-trip mode keeps comments, key order, flow style and quotes, but it does not
keep where a long flow list was wrapped, and it drops a comment that follows a blank line between
two flow items of a block list. So the text is saved section by section (a section is one
top-level key with the comments and blank lines up to the next key):
- a section whose data did not change is copied from the original text;
- a list section whose items are one-line flow mappings (such as `setup:`) is patched line by
  line: a changed item's line is rewritten (keeping its end-of-line comment), a removed item's
  line goes, a new item gets a line after its predecessor; every other line stays;
- any other changed section is written by ruamel.yaml.
"""

from __future__ import annotations

import io
import re
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.scalarstring import DoubleQuotedScalarString

from gameapp.core.yamlsource import DataError, Problem

LINE_WIDTH = 100  # the project's line length; ruamel.yaml wraps long flow lists at it
_PLAIN = re.compile(r"^[A-Za-z_][\w .'()/½-]*$")
_YAML_WORDS = frozenset(["y", "n", "yes", "no", "on", "off", "true", "false", "null", "~"])


def make_yaml() -> YAML:
    """A round-trip YAML reader/writer in the house style of the shipped files."""
    yaml = YAML(typ="rt")
    yaml.preserve_quotes = True
    yaml.width = LINE_WIDTH
    yaml.indent(mapping=2, sequence=4, offset=2)
    return yaml


def load_round_trip(text: str, name: str = "<string>") -> Any:
    """The round-trip tree of a YAML text; a syntax error is a DataError with its line."""
    try:
        return make_yaml().load(text)
    except MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else 1
        raise DataError([Problem(name, line, f"YAML syntax: {exc.problem or exc}")]) from None
    except YAMLError as exc:
        raise DataError([Problem(name, 1, f"YAML syntax: {exc}")]) from None


def plain(value: Any) -> Any:
    """The value as plain dicts, lists and scalars (to compare meanings)."""
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    if isinstance(value, str):
        return str(value)
    return value


def quoted(text: str) -> str:
    """A string as the shipped files write it: double-quoted when YAML would misread it."""
    return DoubleQuotedScalarString(text) if needs_quotes(text) else text


def needs_quotes(text: str) -> bool:
    """Hex ids ("0512"), times ("15:00"), YAML words (yes, off) and text with punctuation."""
    return not _PLAIN.match(text) or text.lower() in _YAML_WORDS or text != text.strip()


def flow_map(items: dict[str, Any]) -> CommentedMap:
    """A mapping written on one line, `{unit: US-6NH, hex: "1304"}`, as in `setup:`."""
    result = CommentedMap((k, _tree(v)) for k, v in items.items())
    result.fa.set_flow_style()
    return result


def flow_seq(items: list[Any]) -> CommentedSeq:
    result = CommentedSeq(_tree(v) for v in items)
    result.fa.set_flow_style()
    return result


def _tree(value: Any) -> Any:
    if isinstance(value, str) and not isinstance(value, DoubleQuotedScalarString):
        return quoted(value)
    if isinstance(value, list) and not isinstance(value, CommentedSeq):
        return flow_seq(value)
    if isinstance(value, dict) and not isinstance(value, CommentedMap):
        return flow_map(value)
    return value


def render_flow(value: Any) -> str:
    """One value in flow style on one line, as the shipped files write setup entries."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {render_flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(render_flow(v) for v in value) + "]"
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, str):
        if isinstance(value, DoubleQuotedScalarString) or needs_quotes(value):
            return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
        return str(value)
    return str(value)


def dump(data: Any) -> str:
    stream = io.StringIO()
    make_yaml().dump(data, stream)
    return stream.getvalue()


class RoundTripText:
    """The original text of a file and its tree as loaded; `render(tree)` writes the tree back,
    copying the original bytes of every section and line that did not change."""

    def __init__(self, text: str, tree: Any) -> None:
        self.text = text
        self.lines = text.splitlines(keepends=True)
        self._sections: dict[str, tuple[int, int]] = {}  # key -> [first line, end line)
        self._snapshot: dict[str, Any] = {}
        self._item_lines: dict[str, dict[int, tuple[int, Any]]] = {}  # key -> id -> (line, plain)
        self._alive: list[Any] = []  # the items keyed by id() above, kept so no id is reused
        if isinstance(tree, CommentedMap):
            self._index(tree)

    def _index(self, tree: CommentedMap) -> None:
        keys = list(tree)
        starts = [tree.lc.key(k)[0] for k in keys]
        for n, key in enumerate(keys):
            end = starts[n + 1] if n + 1 < len(keys) else len(self.lines)
            self._sections[str(key)] = (starts[n], end)
            self._snapshot[str(key)] = plain(tree[key])
            items = self._one_line_items(tree[key], starts[n], end)
            if items is not None:
                self._item_lines[str(key)] = items

    def _one_line_items(
        self, value: Any, start: int, end: int
    ) -> dict[int, tuple[int, Any]] | None:
        """Each item of a block list of one-line flow mappings, by identity: (line, plain)."""
        if not isinstance(value, CommentedSeq) or value.fa.flow_style() or not value:
            return None
        found: dict[int, tuple[int, Any]] = {}
        seen: set[int] = set()
        for i, item in enumerate(value):
            line = value.lc.item(i)[0]
            if not isinstance(item, CommentedMap) or not item.fa.flow_style():
                return None
            if not start < line < end or line in seen or "}" not in self.lines[line]:
                return None
            if self.lines[line].lstrip().startswith("- {") is False:
                return None
            seen.add(line)
            self._alive.append(item)
            found[id(item)] = (line, plain(item))
        return found

    @property
    def prefix_end(self) -> int:
        """The first line of the first section (the lines before it are the file's header)."""
        return min((s for s, _ in self._sections.values()), default=len(self.lines))

    def render(self, tree: Any) -> str:
        if not isinstance(tree, CommentedMap) or not self._sections:
            return dump(tree)
        out = self.lines[: self.prefix_end]
        for key in tree:
            name = str(key)
            if name not in self._sections:
                out.append(_ensure_newline_before(out) + dump(_section(tree, key)))
            elif plain(tree[key]) == self._snapshot[name]:
                start, end = self._sections[name]
                out.extend(self.lines[start:end])
            else:
                out.extend(self._changed_section(tree, key))
        return "".join(out)

    def _changed_section(self, tree: CommentedMap, key: Any) -> list[str]:
        name = str(key)
        start, end = self._sections[name]
        items = self._item_lines.get(name)
        value = tree[key]
        if items is not None and isinstance(value, CommentedSeq):
            patched = self._patch_items(value, items, start, end)
            if patched is not None:
                return patched
        # ruamel.yaml leaves a space at the end of a wrapped flow line
        return [line.rstrip() + "\n" for line in dump(_section(tree, key)).splitlines()]

    def _patch_items(
        self, value: CommentedSeq, items: dict[int, tuple[int, Any]], start: int, end: int
    ) -> list[str] | None:
        kept = [id(item) for item in value if id(item) in items]
        if [items[k][0] for k in kept] != sorted(items[k][0] for k in kept):
            return None  # original items were reordered: let ruamel.yaml write the section
        first_line = min(line for line, _ in items.values())
        indent = self.lines[first_line][: len(self.lines[first_line]) - len(
            self.lines[first_line].lstrip())]
        # new items go after the line of the item before them (or first, before every item)
        after: dict[int, list[str]] = {}
        anchor = first_line - 1
        for item in value:
            if id(item) in items:
                anchor = items[id(item)][0]
            else:
                after.setdefault(anchor, []).append(f"{indent}- {render_flow(item)}\n")
        by_line = {line: k for k, (line, _) in items.items()}
        current = {id(item): item for item in value}
        out: list[str] = []
        for n in range(start, end):
            if n == first_line:
                out.extend(after.get(first_line - 1, []))
            original = by_line.get(n)
            if original is None:
                out.append(self.lines[n])
            elif original in current:
                item = current[original]
                if plain(item) == items[original][1]:
                    out.append(self.lines[n])
                else:
                    out.append(_rewrite_item(self.lines[n], indent, item))
            out.extend(after.get(n, []))
        return out


def _rewrite_item(line: str, indent: str, item: Any) -> str:
    """A changed one-line item, keeping its end-of-line comment at the same column."""
    comment = _comment_of(line)
    text = f"{indent}- {render_flow(item)}"
    if not comment:
        return text + "\n"
    column = line.index(comment)
    return (text.ljust(column) if len(text) < column else text + "  ") + comment.rstrip("\n") + "\n"


def _comment_of(line: str) -> str:
    """The comment after a flow mapping's closing brace, or ''."""
    close = line.rfind("}")
    rest = line[close + 1:]
    at = rest.find("#")
    return rest[at:] if at >= 0 else ""


def _section(tree: CommentedMap, key: Any) -> CommentedMap:
    section = CommentedMap()
    section[key] = tree[key]
    if key in tree.ca.items:
        section.ca.items[key] = tree.ca.items[key]
    return section


def _ensure_newline_before(out: list[str]) -> str:
    return "\n" if out and not out[-1].endswith("\n") else ""
