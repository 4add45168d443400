"""A scenario open in the editor: its YAML document on its map and order of battle.

The map and counters files are loaded with the game's own loaders (they must be valid to edit a
scenario on them); the scenario itself may be unfinished or wrong, so its placements are read
leniently into core `Unit`s (what cannot be read is skipped, and `problems.py` reports it), and
every change is an `Edit` built here and applied by the caller (the Qt editor pushes it on its
undo stack).
"""

from __future__ import annotations

import contextlib
import os
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.scalarstring import FoldedScalarString

from gameapp.core.counters import load_counters
from gameapp.core.facing import FacingError, facing_name, parse_facing
from gameapp.core.hexgrid import Hex
from gameapp.core.mapdata import HexMap
from gameapp.core.mapfile import load_map
from gameapp.core.numbering import HexIdError
from gameapp.core.options import RuleOptions
from gameapp.core.units import FORMATIONS_BY_KIND, Formation, Side, Status, Unit, UnitDef, UnitKind
from gameapp.core.yamlsource import DataError, JsonPath, Problem
from gameapp.editor.counters_doc import CountersDocument
from gameapp.editor.document import YamlFileDocument
from gameapp.editor.edits import (
    Batch,
    DeleteKey,
    Edit,
    InsertItem,
    RemoveItem,
    SetValue,
    value_at,
)
from gameapp.editor.oob import OobNode, oob_tree
from gameapp.editor.rule_params import NEW_RULE
from gameapp.editor.yamltext import flow_map, flow_seq, plain, quoted

# The formation a counter gets when it is first put on the map.
PLACED_FORMATION = {
    UnitKind.INFANTRY: Formation.LINE,
    UnitKind.CAVALRY: Formation.MOUNTED,
    UnitKind.ARTILLERY: Formation.UNLIMBERED,
}
STATUS_ORDER = tuple(Status)
FOLD_AT = 80  # texts longer than this are written as folded block scalars


@dataclass(frozen=True)
class Placement:
    """A setup entry that could be read: its index in `setup` and the counter it puts down."""

    index: int
    unit: Unit


@dataclass(frozen=True)
class ReinforcementGroup:
    index: int
    turn: Any
    hex_id: str
    hex: Hex | None
    facing: Any
    formation: str
    unit_ids: tuple[str, ...]


class MoveError(ValueError):
    """A move the editor refuses (the message says why)."""


class ScenarioDocument:
    def __init__(
        self,
        doc: YamlFileDocument,
        hexmap: HexMap,
        oob: dict[str, UnitDef],
        counters_doc: YamlFileDocument,
        map_path: Path,
    ) -> None:
        self.doc = doc
        self.map = hexmap
        self.oob = oob
        self.counters_doc = counters_doc
        self.map_path = map_path
        counters_doc.on_change(self._counters_changed)

    @classmethod
    def load(cls, path: str | Path) -> ScenarioDocument:
        """Open a scenario for editing; DataError when it does not name a usable map and
        counters file (those must load; the scenario's own problems are listed live)."""
        doc = YamlFileDocument.read(path)
        if not isinstance(doc.data, dict):
            raise DataError([Problem(str(path), 1, "expected a scenario (name:, map:, ...)")])
        map_path = _named(doc, "map")
        counters_path = _named(doc, "counters")
        problems: list[Problem] = []
        hexmap = oob = counters_doc = None
        try:
            hexmap = load_map(map_path)
        except DataError as error:
            problems += error.problems
        try:
            oob = load_counters(counters_path)
            counters_doc = YamlFileDocument.read(counters_path)
        except DataError as error:
            problems += error.problems
        if problems or hexmap is None or oob is None or counters_doc is None:
            raise DataError(problems)
        return cls(doc, hexmap, oob, counters_doc, map_path)

    # --- reading ----------------------------------------------------------------------------
    @property
    def path(self) -> Path:
        return self.doc.path

    @property
    def data(self) -> Any:
        return self.doc.data

    def oob_tree(self) -> list[OobNode]:
        return oob_tree(self.counters_doc.data)

    def counters(self) -> CountersDocument:
        """The counters file, for the edits of the unit form."""
        return CountersDocument(self.counters_doc)

    def _counters_changed(self) -> None:
        """The order of battle follows the counters file; a text that does not load (never
        written by the unit form, which checks first) leaves the last good one."""
        with contextlib.suppress(DataError):
            self.oob = self.counters().unit_defs()

    def hex_id(self, h: Hex) -> str:
        return self.map.hex_id(h)

    def parse_hex(self, text: Any) -> Hex | None:
        if not isinstance(text, str):
            return None
        try:
            h = self.map.parse(text)
        except HexIdError:
            return None
        return h if self.map.contains(h) else None

    def setup_entries(self) -> list[Any]:
        entries = self.data.get("setup")
        return entries if isinstance(entries, list) else []

    def placements(self) -> list[Placement]:
        found = []
        for i, entry in enumerate(self.setup_entries()):
            unit = self._unit(entry, {})
            if unit is not None:
                found.append(Placement(i, unit))
        return found

    def units(self) -> list[Unit]:
        return [p.unit for p in self.placements()]

    def unit(self, unit_id: str) -> Unit | None:
        return next((p.unit for p in self.placements() if p.unit.id == unit_id), None)

    def setup_index(self, unit_id: str) -> int | None:
        for i, entry in enumerate(self.setup_entries()):
            if isinstance(entry, dict) and entry.get("unit") == unit_id:
                return i
        return None

    def reinforcements(self) -> list[ReinforcementGroup]:
        groups = self.data.get("reinforcements")
        found = []
        for i, group in enumerate(groups if isinstance(groups, list) else []):
            if not isinstance(group, dict):
                continue
            items = group.get("units")
            ids = tuple(
                str(u if isinstance(u, str) else u.get("unit", ""))
                for u in (items if isinstance(items, list) else [])
                if isinstance(u, str | dict)
            )
            hex_id = str(group.get("hex", ""))
            found.append(ReinforcementGroup(
                i, group.get("turn"), hex_id, self.parse_hex(hex_id), group.get("facing", ""),
                str(group.get("formation", "")), ids,
            ))  # fmt: skip
        return found

    def placed(self) -> dict[str, str]:
        """Every counter the scenario uses: id -> where ("hex 1304", "turn 3 at 2406")."""
        where: dict[str, str] = {}
        for entry in self.setup_entries():
            if isinstance(entry, dict) and isinstance(entry.get("unit"), str):
                where.setdefault(entry["unit"], f"hex {entry.get('hex', '?')}")
        for group in self.reinforcements():
            for unit_id in group.unit_ids:
                where.setdefault(unit_id, f"turn {group.turn} at {group.hex_id}")
        return where

    def stacking_option(self) -> str:
        """The stacking limits the document's options ask for (`RuleOptions.stacking_rule`)."""
        options = self.data.get("options")
        if not isinstance(options, dict):
            return RuleOptions().stacking
        known = {k: v for k, v in options.items()
                 if k in ("stacking", "artillery_three_quarters")
                 and isinstance(v, str | bool)}
        return RuleOptions.of(known).stacking_rule

    def turn_range(self) -> tuple[int, int]:
        turns = self.data.get("turns")
        first = turns.get("first") if isinstance(turns, dict) else None
        last = turns.get("last") if isinstance(turns, dict) else None
        first = first if isinstance(first, int) else 1
        return first, last if isinstance(last, int) else first

    def _unit(self, entry: Any, group: dict[str, Any]) -> Unit | None:
        if not isinstance(entry, dict):
            return None
        defn = self.oob.get(str(entry.get("unit")))
        h = self.parse_hex(entry.get("hex", group.get("hex")))
        if defn is None or h is None:
            return None
        return Unit(defn, h, self._facing_of(entry, group), self._formation_of(defn, entry),
                    _status_of(entry.get("status")))  # fmt: skip

    def _facing_of(self, entry: dict[str, Any], group: dict[str, Any]) -> int:
        value = entry.get("facing", group.get("facing", 0))
        try:
            return parse_facing(value, self.map.orientation)
        except (FacingError, TypeError):
            return 0

    def _formation_of(self, defn: UnitDef, entry: dict[str, Any]) -> Formation:
        allowed = FORMATIONS_BY_KIND[defn.kind]
        try:
            formation = Formation(entry.get("formation"))
        except ValueError:
            return allowed[0]
        return formation if formation in allowed else allowed[0]

    # --- edits ------------------------------------------------------------------------------
    def facing_text(self, direction: int) -> str:
        return facing_name(direction, self.map.orientation)

    def default_facing(self, side: Side) -> int:
        """The facing most of the side's placed counters have (0 when none is placed)."""
        counts = Counter(p.unit.facing for p in self.placements()
                         if p.unit.side is side and p.unit.kind is not UnitKind.LEADER)
        return counts.most_common(1)[0][0] if counts else 0

    def setup_entry(self, unit_id: str, h: Hex, facing: int | None = None,
                    formation: Formation | None = None) -> Any:
        """A new setup entry: leaders without facing and formation, as the shipped files."""
        defn = self.oob[unit_id]
        entry: dict[str, Any] = {"unit": unit_id, "hex": self.hex_id(h)}
        if defn.kind is not UnitKind.LEADER:
            direction = self.default_facing(defn.side) if facing is None else facing
            entry["facing"] = self.facing_text(direction)
            entry["formation"] = (formation or PLACED_FORMATION[defn.kind]).value
        return flow_map(entry)

    def place(self, unit_id: str, h: Hex, facing: int | None = None,
              formation: Formation | None = None) -> Edit:
        """Put a counter from the order of battle on the map (a new setup entry)."""
        return self.place_many([unit_id], h, facing, formation)

    def place_many(self, unit_ids: list[str], h: Hex, facing: int | None = None,
                   formation: Formation | None = None) -> Edit:
        """Place counters: one alone goes in `h`; several go each troop counter in the next free
        hex of the rings around `h` (on the map), each leader with the first troop counter."""
        edits: list[Edit] = []
        if not isinstance(self.data.get("setup"), list):
            edits.append(SetValue(("setup",), CommentedSeq()))
        count = len(self.setup_entries())
        for unit_id, spot in self._spots(unit_ids, h):
            entry = self.setup_entry(unit_id, spot, facing, formation)
            edits.append(InsertItem(("setup",), count + len(edits), entry))
        if len(unit_ids) == 1:
            label = f"Place {unit_ids[0]} in {self.hex_id(h)}"
        else:
            label = f"Place {len(unit_ids)} counters near {self.hex_id(h)}"
        return Batch(tuple(edits), label)

    def _spots(self, unit_ids: list[str], h: Hex) -> list[tuple[str, Hex]]:
        if len(unit_ids) == 1:
            return [(unit_ids[0], h)]
        rings = [h, *(x for r in range(1, 4) for x in h.ring(r))]
        taken = {u.hex for u in self.units()}
        free = [x for x in rings if self.map.contains(x) and x not in taken] or [h]
        troops = [u for u in unit_ids if self.oob[u].kind is not UnitKind.LEADER]
        leaders = [u for u in unit_ids if self.oob[u].kind is UnitKind.LEADER]
        spots = [(u, free[min(n, len(free) - 1)]) for n, u in enumerate(troops)]
        anchor = spots[0][1] if spots else h
        return spots + [(u, anchor) for u in leaders]

    def move(self, unit_id: str, h: Hex) -> Edit | None:
        index = self.setup_index(unit_id)
        if index is None:
            return None
        return SetValue(("setup", index, "hex"), quoted(self.hex_id(h)),
                        f"Move {unit_id} to {self.hex_id(h)}")  # fmt: skip

    def move_stack(self, unit_ids: list[str], h: Hex) -> Edit:
        edits = [e for e in (self.move(u, h) for u in unit_ids) if e is not None]
        return Batch(tuple(edits), f"Move {len(edits)} counters to {self.hex_id(h)}")

    def move_group(self, unit_ids: list[str], offset: Hex) -> Edit:
        """Move counters together by one hex offset, so they keep their places relative to
        each other; MoveError names the counters the offset would take off the map."""
        units = [u for u in self.units() if u.id in set(unit_ids)]
        off = [u.id for u in units if not self.map.contains(u.hex + offset)]
        if off:
            raise MoveError(f"{', '.join(off)} would leave the map: nothing moved")
        edits = [e for e in (self.move(u.id, u.hex + offset) for u in units) if e is not None]
        return Batch(tuple(edits), f"Move {len(edits)} counters")

    def formation_mates(self, unit_id: str) -> tuple[str, list[str]]:
        """The placed counters of a counter's own formation (its brigade; a leader or counter
        above the brigades: his division or corps): the formation's name and their ids."""
        defn = self.oob.get(unit_id)
        if defn is None:
            return "", []
        chain = (defn.corps, defn.division, defn.brigade)
        depth = max((n + 1 for n, name in enumerate(chain) if name), default=0)
        name = chain[depth - 1] if depth else defn.side.label
        mates = [u.id for u in self.units() if u.side is defn.side
                 and (u.defn.corps, u.defn.division, u.defn.brigade)[:depth] == chain[:depth]]
        return name, mates

    def face(self, unit_id: str, direction: int) -> Edit | None:
        index = self.setup_index(unit_id)
        if index is None:
            return None
        name = self.facing_text(direction)
        return SetValue(("setup", index, "facing"), name, f"Face {unit_id} {name}")

    def rotate(self, unit_id: str, steps: int) -> Edit | None:
        unit = self.unit(unit_id)
        return None if unit is None else self.face(unit_id, (unit.facing + steps) % 6)

    def set_formation(self, unit_id: str, formation: Formation) -> Edit | None:
        index = self.setup_index(unit_id)
        if index is None:
            return None
        return SetValue(("setup", index, "formation"), formation.value,
                        f"{unit_id} in {formation.value}")  # fmt: skip

    def toggle_status(self, unit_id: str, status: Status) -> Edit | None:
        index = self.setup_index(unit_id)
        unit = self.unit(unit_id)
        if index is None or unit is None:
            return None
        markers = set(unit.status) ^ {status}
        path = ("setup", index, "status")
        label = f"{unit_id}: {status.value} {'on' if status in markers else 'off'}"
        if not markers:
            return DeleteKey(path, label)
        return SetValue(path, flow_seq([s.value for s in STATUS_ORDER if s in markers]), label)

    def remove(self, unit_id: str) -> Edit | None:
        index = self.setup_index(unit_id)
        if index is None:
            return None
        return RemoveItem(("setup",), index, f"Take {unit_id} off the map")

    def to_top(self, unit_id: str) -> Edit | None:
        """Put a counter on top of its stack (the first of its hex in `setup`). The entry is
        written anew there, so it loses any end-of-line comment."""
        index, unit = self.setup_index(unit_id), self.unit(unit_id)
        if index is None or unit is None:
            return None
        first = min(p.index for p in self.placements() if p.unit.hex == unit.hex)
        if first >= index:
            return None
        copy = flow_map(plain(self.setup_entries()[index]))
        return Batch((RemoveItem(("setup",), index), InsertItem(("setup",), first, copy)),
                     f"{unit_id} on top of its stack")  # fmt: skip

    def add_reinforcement(self, turn: int, h: Hex, unit_ids: list[str],
                          facing: int | None = None) -> Edit:
        side = self.oob[unit_ids[0]].side if unit_ids else Side.UNION
        direction = self.default_facing(side) if facing is None else facing
        group = CommentedMap({"turn": turn, "hex": quoted(self.hex_id(h)),
                            "facing": self.facing_text(direction), "units": flow_seq(unit_ids)})
        label = f"Reinforcement on turn {turn} at {self.hex_id(h)}"
        groups = self.data.get("reinforcements")
        if not isinstance(groups, list):
            return SetValue(("reinforcements",), CommentedSeq([group]), label)
        return InsertItem(("reinforcements",), len(groups), group, label)

    def remove_reinforcement(self, index: int) -> Edit:
        return RemoveItem(("reinforcements",), index, f"Remove reinforcement {index + 1}")

    def set_reinforcement(self, index: int, key: str, value: Any) -> Edit:
        label = f"Reinforcement {index + 1}: {key}"
        if key == "units":
            return self._group_units(index, [str(u) for u in value], label)
        if isinstance(value, str):
            value = quoted(value)
        return SetValue(("reinforcements", index, key), value, label)

    def _group_units(self, index: int, ids: list[str], label: str) -> Edit:
        """A group's new list of ids as item removals and insertions, so the entries still
        listed keep their own settings (`{unit: CS-Chew, formation: limbered}`) and lines."""
        path: JsonPath = ("reinforcements", index, "units")
        current = value_at(self.data, path)
        if not isinstance(current, list):
            return SetValue(path, flow_seq(ids), label)
        old = [str(u.get("unit", "")) if isinstance(u, dict) else str(u) for u in current]
        if [u for u in old if u in ids] != [u for u in ids if u in old]:  # reordered
            by_id = dict(zip(old, current, strict=True))
            return SetValue(path, flow_seq([by_id.get(u, u) for u in ids]), label)
        edits: list[Edit] = [RemoveItem(path, i) for i in reversed(range(len(old)))
                             if old[i] not in ids]
        edits += [InsertItem(path, n, u) for n, u in enumerate(ids) if u not in old]
        return Batch(tuple(edits), label)

    def set_field(self, path: JsonPath, value: Any, label: str = "") -> Edit | None:
        """A metadata field such as ("name",), ("turns", "last") or ("special_rules", 1,
        "release_turn"); None takes it out (None when there is nothing to change). Long texts
        are written folded (`>`)."""
        label = label or f"Set {'.'.join(map(str, path))}"
        parent: Any = self.data
        for n, part in enumerate(path[:-1]):
            child = value_at(parent, (part,))
            if not isinstance(child, dict | list):
                if value is None or isinstance(part, int):
                    return None
                return SetValue(path[: n + 1], _nest(path[n + 1:], _yaml_value(path, value)),
                                label)  # fmt: skip
            parent = child
        if value is None:
            return DeleteKey(path, label) if value_at(parent, path[-1:]) is not None else None
        return SetValue(path, _yaml_value(path, value), label)

    # --- special rules ------------------------------------------------------------------------
    def special_rules(self) -> list[Any]:
        rules = self.data.get("special_rules")
        return rules if isinstance(rules, list) else []

    def add_special_rule(self, rule: str) -> Edit:
        """A new special rule with the parameters it cannot go without (NEW_RULE)."""
        entry = CommentedMap({"rule": rule})
        for key, value in NEW_RULE.get(rule, {}).items():
            entry[key] = _yaml_value((key,), value)
        label = f"New special rule {rule}"
        if not isinstance(self.data.get("special_rules"), list):
            return SetValue(("special_rules",), CommentedSeq([entry]), label)
        return InsertItem(("special_rules",), len(self.special_rules()), entry, label)

    def remove_special_rule(self, index: int) -> Edit:
        return RemoveItem(("special_rules",), index, f"Remove special rule {index + 1}")

    def set_rule_parameter(self, index: int, key: str, value: Any) -> Edit | None:
        return self.set_field(("special_rules", index, key), value,
                              f"Special rule {index + 1}: {key}")  # fmt: skip


def _yaml_value(path: JsonPath, value: Any) -> Any:
    if isinstance(value, list):
        return flow_seq(value)
    if isinstance(value, str) and len(value) > FOLD_AT:
        return FoldedScalarString(value.rstrip() + "\n")
    if isinstance(value, str):
        return quoted(value)
    return value


def _nest(path: JsonPath, value: Any) -> Any:
    return flow_map({str(path[0]): value if len(path) == 1 else _nest(path[1:], value)})


def _status_of(value: Any) -> frozenset[Status]:
    names = {s.value: s for s in Status}
    items = value if isinstance(value, list) else []
    return frozenset(names[v] for v in items if isinstance(v, str) and v in names)


def _named(doc: YamlFileDocument, key: str) -> Path:
    value = doc.data.get(key)
    if not isinstance(value, str) or not value.strip():
        raise DataError([Problem(doc.path.name, 1, f"the scenario names no {key} file ({key}:)")])
    return Path(os.path.normpath(doc.path.parent / value))
