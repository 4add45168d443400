"""Round-trip YAML text: load a file as a tree that remembers comments, key order and quotes, and
write it back so that what the designer did not change keeps its exact bytes.

ruamel.yaml's round-trip mode keeps comments, key order, flow style and quotes, but it does not
keep where a long flow list was wrapped, and it drops a comment that follows a blank line between
two flow items of a block list. So the text is written back entry by entry, from the lines each
key of a block mapping and each item of a block list had when loaded:
- an entry whose data did not change keeps its lines;
- a block mapping or list whose entries changed is patched the same way, entry by entry, to any
  depth (a reinforcement group, one counter deep in a counters file);
- a changed scalar or flow value is rewritten after its original head (`  units: `), keeping
  its end-of-line comment at its column and, for a flow list wrapped over several lines, the
  items that began lines (a new or removed item moves only the line breaks after it);
- a removed entry's lines go; a new entry comes after the entry before it, on one line when it
  is a scalar or flow value, else as ruamel.yaml writes it; blank and comment lines between
  entries stay where they were;
- each patched top-level section is read back with the game's reader and must mean what the
  tree says; if it does not (or entries were reordered), ruamel.yaml writes that section.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass
from typing import Any

import yaml
from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.scalarstring import (
    DoubleQuotedScalarString,
    FoldedScalarString,
    LiteralScalarString,
)

from gameapp.core.yamlsource import DataError, Problem, check_bounds

LINE_WIDTH = 100  # the project's line length; ruamel.yaml wraps long flow lists at it
_PLAIN = re.compile(r"^[A-Za-z_][\w .'()/½-]*$")
_DIGIT_FIRST = re.compile(r"^[0-9½][\w .'()/½-]*$")
_SHEET_BOX = re.compile(r"^[A-Za-z][0-9]{4}:[A-Za-z][0-9]{4}$")  # a box of hexes, C0101:C0306
_SAFE = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_YAML_WORDS = frozenset(["y", "n", "yes", "no", "on", "off", "true", "false", "null", "~"])


def make_yaml() -> YAML:
    """A round-trip YAML reader/writer in the house style of the shipped files."""
    yaml = YAML(typ="rt")
    yaml.preserve_quotes = True
    yaml.width = LINE_WIDTH
    yaml.indent(mapping=2, sequence=4, offset=2)
    return yaml


def load_round_trip(text: str, name: str = "<string>") -> Any:
    """The round-trip tree of a YAML text; a syntax error is a DataError with its line. The
    game's own reader goes first: its bounds on nesting and aliases (docs/reliability.md) keep
    a stranger's file from sending the round-trip reader into deep recursion or an alias bomb."""
    check_bounds(text, name)
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
    """Hex ids ("0512"), times ("15:00"), YAML words (yes, off) and text with punctuation; a
    name that starts with a digit ("6th New Hampshire", a gun code "1 R 3") stays plain when
    YAML reads it back as the same text."""
    if text != text.strip() or text.lower() in _YAML_WORDS:
        return True
    if _PLAIN.match(text) or _SHEET_BOX.match(text):
        return False
    wordy = " " in text or sum(c.isalpha() for c in text) > 1  # not 1e3 (a number to YAML 1.2)
    return not (_DIGIT_FIRST.match(text) and wordy and _reads_as(text) == text)


def _reads_as(text: str) -> Any:
    try:
        return yaml.load(text, Loader=_SAFE)
    except yaml.YAMLError:
        return None


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


@dataclass
class _Entry:
    """One key of a block mapping or one item of a block list, as loaded: its lines
    [first, end) (trailing blank and comment lines left out), the text before its value on the
    first line, and its value (kept alive, so its id stays its own) with a plain snapshot."""

    first: int
    end: int
    col: int  # the column of the key, or of the item after its dash
    head: str
    value: Any
    snapshot: Any
    inline: bool  # the value starts on the first line (a scalar, a flow value, `>` text)


@dataclass
class _Block:
    """A block mapping or block list as loaded: its entries (by key, or by the item's id) in
    file order, and the indentation of a new entry."""

    entries: dict[Any, _Entry]
    indent: str
    dashed: bool  # a mapping that is a list item: its first line carries the item's dash


class RoundTripText:
    """The original text of a file and its tree as loaded; `render(tree)` writes the tree back,
    copying the original bytes of every entry that did not change (see the module docstring)."""

    def __init__(self, text: str, tree: Any) -> None:
        self.text = text
        self.lines = text.splitlines(keepends=True)
        self._blocks: dict[int, _Block] = {}
        self._root = id(tree)
        self._tree = tree  # kept alive: blocks are known by the id of their node
        if isinstance(tree, CommentedMap) and not tree.fa.flow_style():
            self._index(tree, 0, len(self.lines))

    @property
    def prefix_end(self) -> int:
        """The first line of the first top-level key (the lines before it are the header)."""
        root = self._blocks.get(self._root)
        return min((e.first for e in root.entries.values()), default=len(self.lines)) \
            if root is not None else len(self.lines)  # fmt: skip

    # --- indexing the tree as loaded ----------------------------------------------------------
    def _index(self, node: Any, start: int, end: int) -> None:
        """Record the lines of a block mapping or list and, below it, of its block values; a
        node whose lines cannot be told apart is left out (a change inside it is then written
        by ruamel.yaml)."""
        if isinstance(node, CommentedMap):
            keys = list(node)
            places = [(node.lc.key(k), node.lc.value(k)) for k in keys]
            handles: list[Any] = keys
        elif isinstance(node, CommentedSeq):
            handles = [id(item) for item in node]
            places = [(node.lc.item(i), node.lc.item(i)) for i in range(len(node))]
        else:
            return
        firsts = [key[0] for key, _ in places]
        if not firsts or firsts != sorted(set(firsts)) or not start <= firsts[0] < end:
            return
        if len(set(handles)) != len(handles):  # equal scalars may share one object
            return
        entries: dict[Any, _Entry] = {}
        values = list(node.values()) if isinstance(node, CommentedMap) else list(node)
        for n, (handle, value) in enumerate(zip(handles, values, strict=True)):
            (line, col), (vline, vcol) = places[n]
            stop = self._trimmed(line, firsts[n + 1] if n + 1 < len(firsts) else end)
            inline = vline == line and not _is_block(value)
            head = self.lines[line][: vcol if inline else col]
            entries[handle] = _Entry(line, stop, col, head, value, plain(value), inline)
            if _is_block(value):
                self._index(value, line + (1 if isinstance(node, CommentedMap) else 0), stop)
        first_line = self.lines[firsts[0]]
        col = places[0][0][1]
        dashed = isinstance(node, CommentedMap) and first_line[:col].strip() != ""
        if isinstance(node, CommentedSeq):
            indent = first_line[: col].rstrip().removesuffix("-")
        else:
            indent = " " * col
        self._blocks[id(node)] = _Block(entries, indent, dashed)

    def _trimmed(self, first: int, end: int) -> int:
        while end > first + 1 and self.lines[end - 1].strip()[:1] in ("", "#"):
            end -= 1
        return end

    # --- writing ------------------------------------------------------------------------------
    def render(self, tree: Any) -> str:
        block = self._blocks.get(id(tree))
        if not isinstance(tree, CommentedMap) or block is None:
            return dump(tree)
        out = self.lines[: self.prefix_end]
        order = list(block.entries)
        if [k for k in order if k in tree] != [k for k in tree if k in block.entries]:
            return dump(tree)
        pos = self.prefix_end
        for key in tree:  # new keys before the first original one
            if key in block.entries:
                break
            out.append(_ensure_newline_before(out) + dump(_section(tree, key)))
        for key in order:
            entry = block.entries[key]
            out.extend(self.lines[pos:entry.first])
            if key in tree:
                out.extend(self._top_level(tree, key, entry))
            pos = entry.end
            following = order.index(key) + 1
            for new in _new_after(tree, block, key, order[following:]):
                out.append(_ensure_newline_before(out) + dump(_section(tree, new)))
        out.extend(self.lines[pos:])
        return "".join(out)

    def _top_level(self, tree: CommentedMap, key: Any, entry: _Entry) -> list[str]:
        """A top-level key: patched line by line, checked by reading it back; ruamel.yaml writes
        it whole if the patch does not mean the same."""
        value = tree[key]
        if plain(value) == entry.snapshot:
            return self.lines[entry.first:entry.end]
        patched = self._entry_lines(entry, value, key)
        if patched is not None and _means(patched, {str(key): plain(value)}):
            return patched
        # ruamel.yaml leaves a space at the end of a wrapped flow line
        return [line.rstrip() + "\n" for line in dump(_section(tree, key)).splitlines()]

    def _entry_lines(self, entry: _Entry, value: Any, key: Any = None) -> list[str] | None:
        """The lines of one changed or unchanged entry (`key` None: a list item)."""
        if plain(value) == entry.snapshot:
            return self.lines[entry.first:entry.end]
        block = self._blocks.get(id(value)) if value is entry.value else None
        if block is not None:
            inner = self._patch_block(value, block)
            if inner is not None:
                starts = [e.first for e in block.entries.values()]
                ends = [e.end for e in block.entries.values()]
                return self.lines[entry.first:min(starts)] + inner + \
                    self.lines[max(ends):entry.end]  # fmt: skip
        return self._rewritten(entry, value, key)

    def _patch_block(self, node: Any, block: _Block) -> list[str] | None:
        """A block mapping or list with some entries changed, added or removed; None when it
        cannot be patched (entries reordered, or the first entry of a list item removed)."""
        current: dict[Any, Any]
        if isinstance(node, CommentedMap):
            current = dict(node.items())
        elif isinstance(node, CommentedSeq):
            current = {id(item): item for item in node}
        else:
            return None
        order = list(block.entries)
        handles = list(current)
        if len(handles) != len(node) or not any(h in block.entries for h in handles):
            return None
        if [h for h in order if h in current] != [h for h in handles if h in block.entries]:
            return None  # reordered
        if block.dashed and handles[0] != order[0]:
            return None  # the item's dash sits on the line of its first key
        keyed = isinstance(node, CommentedMap)
        out: list[str] = []
        pos = block.entries[order[0]].first
        for h in current:  # new entries before the first kept one
            if h in block.entries:
                break
            out.extend(self._fresh(block, current[h], h if keyed else None))
        for h in order:
            entry = block.entries[h]
            out.extend(self.lines[pos:entry.first])
            if h in current:
                lines = self._entry_lines(entry, current[h], h if keyed else None)
                if lines is None:
                    return None
                out.extend(lines)
            pos = entry.end
            for new in _new_after(current, block, h, order[order.index(h) + 1:]):
                out.extend(self._fresh(block, current[new], new if keyed else None))
        return out

    def _fresh(self, block: _Block, value: Any, key: Any) -> list[str]:
        """A new entry of a block: one line when it is a scalar or flow value."""
        if key is None:
            if not _is_block(value) and not _is_block_text(value):
                return [f"{block.indent}- {render_flow(value)}\n"]
            return _indented(dump(CommentedSeq([value])), block.indent)
        if not _is_block(value) and not _is_block_text(value):
            return [f"{block.indent}{render_flow(key)}: {render_flow(value)}\n"]
        section = CommentedMap()
        section[key] = value
        return _indented(dump(section), block.indent)

    def _rewritten(self, entry: _Entry, value: Any, key: Any) -> list[str]:
        """A changed entry written anew: a scalar or flow value after the original head,
        keeping the end-of-line comment (and a wrapped list's line breaks); a block value
        as ruamel.yaml writes it, at the entry's indentation."""
        first = self.lines[entry.first]
        if _is_block(value) or _is_block_text(value):
            if key is None:
                lines = _indented(dump(CommentedSeq([value])), first[: entry.col].rstrip()[:-1])
            else:
                section = CommentedMap()
                section[key] = value
                lines = _indented(dump(section), " " * entry.col)
                lines[0] = first[: entry.col] + lines[0][entry.col:]
            return lines
        # `  key: ` or `  - `; a block value had its key alone on the line: that line's text
        keyed_line = _before_comment(first).rstrip() + " "
        head = entry.head if entry.inline or key is None else keyed_line
        original = self.lines[entry.first:entry.end] if entry.inline else []
        breaks = _line_starts(original[1:])
        if len(original) > 1 and _before_comment(original[0]).rstrip().endswith("["):
            # `key: [  # a comment`, the items on the lines below (a territory's boxes): that
            # line kept, the items at their indentation, the lines as wide as they were
            margin = original[1][: len(original[1]) - len(original[1].lstrip())]
            width = max(LINE_WIDTH, *(len(line.rstrip("\n")) for line in original))
            text = [original[0].rstrip("\n"), *_wrapped("", value, breaks, width, margin)[1:]]
        else:
            text = _wrapped(head, value, breaks)
        comment = _comment_of(original[-1]) if original else ""
        if comment:
            last = original[-1]
            column = last.index(comment)
            tail = text[-1]
            text[-1] = (tail.ljust(column) if len(tail) < column else tail + "  ") + comment
        return [line.rstrip("\n") + "\n" for line in text]


def _is_block(value: Any) -> bool:
    return isinstance(value, CommentedMap | CommentedSeq) and not value.fa.flow_style()


def _is_block_text(value: Any) -> bool:
    return isinstance(value, FoldedScalarString | LiteralScalarString)


def _new_after(current: Any, block: _Block, anchor: Any, later: list[Any]) -> list[Any]:
    """The new entries that follow `anchor` (before the next original entry still there)."""
    keys = list(current)
    if anchor not in current:
        return []
    found = []
    for h in keys[keys.index(anchor) + 1:]:
        if h in block.entries:
            break
        found.append(h)
    return found


def _wrapped(head: str, value: Any, breaks: set[str], width: int = LINE_WIDTH,
             margin: str | None = None) -> list[str]:
    """`head` and a flow value; a list longer than the line, or whose items began lines in the
    original (`breaks`), goes on over lines aligned after its bracket (`margin`: over lines at
    that indentation, from the line below the bracket)."""
    if not isinstance(value, list):
        return [head + render_flow(value)]
    items = [render_flow(v) for v in value]
    lines = [head + "["]
    if margin is None:
        margin = " " * len(lines[0])
    else:
        lines.append(margin)
    for n, item in enumerate(items):
        text = item + ("]" if n == len(items) - 1 else ",")
        if lines[-1].endswith("[") or lines[-1] == margin:
            lines[-1] += text
        elif item in breaks or len(lines[-1]) + 1 + len(text) > width:
            lines.append(margin + text)
        else:
            lines[-1] += " " + text
    if not items:
        lines[-1] += "]"
    return lines


def _line_starts(continuation: list[str]) -> set[str]:
    """The items that began the continuation lines of a wrapped flow list."""
    return {re.split(r"[,\]\s]", line.strip(), maxsplit=1)[0] for line in continuation}


def _means(lines: list[str], expected: Any) -> bool:
    """Whether a patched top-level section reads back (with the game's reader) as expected."""
    try:
        return bool(yaml.load("".join(lines), Loader=_SAFE) == expected)
    except yaml.YAMLError:
        return False


def _indented(text: str, indent: str) -> list[str]:
    lines = [line.rstrip() for line in text.splitlines()]
    cut = min((len(line) - len(line.lstrip()) for line in lines if line.strip()), default=0)
    return [indent + line[cut:] + "\n" for line in lines]


def _comment_of(line: str) -> str:
    """The end-of-line comment of a line (a `#` after a space, outside quotes), or ''."""
    quote = ""
    for n, char in enumerate(line):
        if quote:
            if char == quote:
                quote = ""
        elif char in "\"'" and (n == 0 or line[n - 1] in " [{,:"):
            quote = char
        elif char == "#" and (n == 0 or line[n - 1] in " \t"):
            return line[n:].rstrip("\n")
    return ""


def _before_comment(line: str) -> str:
    comment = _comment_of(line)
    return line[: line.rindex(comment)] if comment else line.rstrip("\n")


def _section(tree: CommentedMap, key: Any) -> CommentedMap:
    section = CommentedMap()
    section[key] = tree[key]
    if key in tree.ca.items:
        section.ca.items[key] = tree.ca.items[key]
    return section


def _ensure_newline_before(out: list[str]) -> str:
    return "\n" if out and not out[-1].endswith("\n") else ""
