"""A strategic scenario's territory in the editor (`territory:`, docs/strategic-rules.md 3.23):
which side holds each hex at the start. The file gives a default side and, per side, a list of
hexes and boxes of hexes between two corners (`C0101:C0306`), read as the loader reads them
(core/rulesets/strategic/scenario.py: the default, then the Union list, then the Confederate
list, a later one winning).

Painting hexes for a side is one `Edit` of the YAML tree (undone on the window's stack): a box
of another side's list that holds painted hexes is split into the boxes of what is left of it,
in its place; the hexes that the side does not hold yet are added at the end of its list,
gathered into boxes (a column's run of rows, then the same runs in neighbouring columns
side by side). Every other entry, and the rest of the file, is kept as it was.

Checked at entry: the hexes are the map's, the side is one of the two, and a side's list stays
within the schema's bound (400 entries); painting needs a default side first."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ruamel.yaml.comments import CommentedMap
from ruamel.yaml.scalarstring import DoubleQuotedScalarString

from gameapp.core.hexgrid import Hex
from gameapp.core.numbering import HexIdError
from gameapp.core.units import Side
from gameapp.core.yamlsource import load_schema
from gameapp.editor.edits import Batch, Edit, InsertItem, RemoveItem, SetValue
from gameapp.editor.strategic_doc import StrategicScenarioDocument
from gameapp.editor.strategic_fields import FieldError
from gameapp.editor.yamltext import flow_seq

SIDES = tuple(side.value for side in Side)  # the loader's order: a later list wins
SIDE_WORDS = {"union": "Union", "confederate": "Confederate"}
Offset = tuple[int, int]  # (column, row) on the map


def max_entries() -> int:
    props = load_schema("strategic_scenario")["properties"]["territory"]["properties"]
    return int(props["union"]["maxItems"])


@dataclass(frozen=True)
class TerritoryEntry:
    side: str
    index: int
    text: str
    hexes: tuple[Hex, ...]  # empty: not a hex or box of the map (the problems list says so)


class StrategicTerritory:
    def __init__(self, doc: StrategicScenarioDocument) -> None:
        self.doc = doc

    # --- reading ----------------------------------------------------------------------------
    def section(self) -> dict[str, Any] | None:
        found = self.doc.data.get("territory")
        return found if isinstance(found, dict) else None

    @property
    def default(self) -> str | None:
        section = self.section()
        value = section.get("default") if section is not None else None
        return value if value in SIDES else None

    def items(self, side: str) -> list[Any]:
        section = self.section()
        found = section.get(side) if section is not None else None
        return found if isinstance(found, list) else []

    def entries(self, side: str | None = None) -> list[TerritoryEntry]:
        return [TerritoryEntry(s, i, str(text), tuple(self.box(str(text))))
                for s in SIDES if side in (None, s)
                for i, text in enumerate(self.items(s))]

    def owners(self) -> dict[Hex, str]:
        """Each hex's side at the start, as the loader reads the territory (no default: the
        hexes listed only)."""
        default = self.default
        held = dict.fromkeys(self.doc.map.hexes(), default) if default else {}
        for entry in self.entries():
            for h in entry.hexes:
                held[h] = entry.side
        return {h: side for h, side in held.items() if side is not None}

    def owner(self, h: Hex) -> str | None:
        return self.owners().get(h)

    def box(self, text: str) -> list[Hex]:
        """The hexes of an entry, a hex or a box between two corners; none when a corner is
        not a hex of the map."""
        first, _, last = text.partition(":")
        try:
            corners = [self.doc.map.parse(t.strip()) for t in (first, last or first)]
        except (HexIdError, ValueError, KeyError):
            return []
        if not all(self.doc.map.contains(h) for h in corners):
            return []
        (c0, r0), (c1, r1) = (self._offset(h) for h in corners)
        return [self._hex((c, r)) for c in range(min(c0, c1), max(c0, c1) + 1)
                for r in range(min(r0, r1), max(r0, r1) + 1)]

    # --- editing ----------------------------------------------------------------------------
    def set_default(self, side: str) -> Edit | None:
        side = _side(side)
        if self.default == side:
            return None
        label = f"Territory: every hex not listed {SIDE_WORDS[side]}"
        if self.section() is None:
            return SetValue(("territory",), CommentedMap({"default": side}), label)
        return SetValue(("territory", "default"), side, label)

    def paint(self, hexes: Iterable[Hex], side: str) -> Edit | None:
        """`side` holds the `hexes` at the start (None: it holds them all already)."""
        side = _side(side)
        default = self.default
        if default is None:
            raise FieldError("choose the side that holds every hex not listed (the default) "
                             "first")
        painted = set(hexes)
        off_map = [h for h in painted if not self.doc.map.contains(h)]
        if off_map:
            raise FieldError(f"{len(off_map)} of the hexes are not on the map")
        edits: list[Edit] = []
        for other in SIDES:
            if other != side:
                edits += self._take_out(other, painted)
        # once cut out of the other side's list, a hex is the side's if its own list names it
        # or the side is the default
        listed = {h for entry in self.entries(side) for h in entry.hexes}
        missing = sorted(h for h in painted if h not in listed and default != side)
        if missing:
            edits += self._add(side, missing)
        if not edits:
            return None
        where = (self.doc.hex_id(next(iter(painted))) if len(painted) == 1
                 else f"{len(painted)} hexes")
        return Batch(tuple(edits), f"Territory: {where} {SIDE_WORDS[side]}")

    def remove(self, side: str, index: int) -> Edit:
        side = _side(side)
        items = self.items(side)
        if not 0 <= index < len(items):
            raise FieldError(f"there is no {SIDE_WORDS[side]} territory entry {index + 1}")
        return RemoveItem(("territory", side), index,
                          f"Territory: remove {SIDE_WORDS[side]} {items[index]}")

    def _take_out(self, side: str, painted: set[Hex]) -> list[Edit]:
        """The edits that cut the `painted` hexes out of `side`'s list, each box replaced in
        its place by the boxes of what is left of it (from the last entry up, so that each
        edit's index is still right)."""
        edits: list[Edit] = []
        path = ("territory", side)
        count = len(self.items(side))
        for entry in reversed(self.entries(side)):
            cut = [h for h in entry.hexes if h in painted]
            if not cut:
                continue
            left = [self._offset(h) for h in entry.hexes if h not in painted]
            pieces = [self._box_text(box) for box in boxes_of(left)]
            edits.append(RemoveItem(path, entry.index))
            edits += [InsertItem(path, entry.index + n, text) for n, text in enumerate(pieces)]
            count += len(pieces) - 1
        if count > max_entries():
            raise FieldError(f"the {SIDE_WORDS[side]} territory would need {count} entries; "
                             f"the file allows {max_entries()}: paint whole boxes")
        return edits

    def _add(self, side: str, hexes: list[Hex]) -> list[Edit]:
        texts = [self._box_text(box) for box in boxes_of([self._offset(h) for h in hexes])]
        items = self.items(side)
        count = len(items) + len(texts)
        if count > max_entries():
            raise FieldError(f"the {SIDE_WORDS[side]} territory would need {count} entries; "
                             f"the file allows {max_entries()}: paint whole boxes")
        section = self.section()
        assert section is not None
        if side not in section or not isinstance(section[side], list):
            return [SetValue(("territory", side), flow_seq([_text(t) for t in texts]))]
        return [InsertItem(("territory", side), len(items) + n, _text(t))
                for n, t in enumerate(texts)]

    def _box_text(self, box: tuple[Offset, Offset]) -> str:
        first, last = (self.doc.hex_id(self._hex(corner)) for corner in box)
        return first if first == last else f"{first}:{last}"

    def _offset(self, h: Hex) -> Offset:
        return self.doc.map.numbering.hex_to_offset(h)

    def _hex(self, offset: Offset) -> Hex:
        return self.doc.map.numbering.offset_to_hex(*offset)


def boxes_of(offsets: Iterable[Offset]) -> list[tuple[Offset, Offset]]:
    """The hexes at `offsets` as boxes (first corner, last corner), each every hex between its
    corners: each column's runs of rows, then a run joined with the same run in the column
    to its right."""
    columns: dict[int, list[int]] = {}
    for column, row in sorted(set(offsets)):
        columns.setdefault(column, []).append(row)
    runs: dict[int, list[tuple[int, int]]] = {}
    for column, rows in columns.items():
        found: list[tuple[int, int]] = []
        for row in rows:
            if found and found[-1][1] == row - 1:
                found[-1] = (found[-1][0], row)
            else:
                found.append((row, row))
        runs[column] = found
    boxes: list[tuple[Offset, Offset]] = []
    open_boxes: dict[tuple[int, int], int] = {}  # the runs of the column before: where began
    previous: int | None = None
    for column in sorted(runs):
        joined = previous == column - 1
        going = {run: open_boxes[run] if joined and run in open_boxes else column
                 for run in runs[column]}
        boxes += [((began, run[0]), (previous, run[1])) for run, began in open_boxes.items()
                  if previous is not None and going.get(run) != began]
        open_boxes, previous = going, column
    if previous is not None:
        boxes += [((began, run[0]), (previous, run[1])) for run, began in open_boxes.items()]
    return sorted(boxes)


def _side(side: str) -> str:
    if side not in SIDES:
        raise FieldError(f"a side is {' or '.join(SIDES)}; not {side!r}")
    return side


def _text(text: str) -> str:
    """A hex or box as the shipped files write it: plain when it begins with a sheet letter,
    quoted when YAML would read its digits as a number."""
    return text if text[:1].isalpha() else DoubleQuotedScalarString(text)
