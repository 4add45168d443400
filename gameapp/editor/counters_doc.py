"""The counters file (order of battle) open in the editor: find a counter, and build the edits that
add one under a formation, change one, or take out one no scenario uses. Every edit is an `Edit`
value applied to the file's round-trip document (so it can be undone, and unchanged lines keep
their bytes); a unit is checked against the counters schema, the d66 morale rule and the file's
other ids before any edit is made, and a bad one is refused with messages a designer can act on.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import jsonschema
from ruamel.yaml.comments import CommentedMap, CommentedSeq

from gameapp.core.counters import UNIT_LISTS, counters_from_document, is_d66
from gameapp.core.units import UnitDef, UnitKind
from gameapp.core.yamlsource import JsonPath, load_schema, parse_yaml
from gameapp.editor.document import YamlFileDocument
from gameapp.editor.edits import Batch, DeleteKey, Edit, InsertItem, RemoveItem, SetValue, value_at
from gameapp.editor.oob import OobNode, oob_tree
from gameapp.editor.yamltext import LINE_WIDTH, flow_map, quoted, render_flow

LIST_OF_KIND = {kind: key for key, kind in UNIT_LISTS}  # UnitKind.INFANTRY -> "infantry"
DEFAULT_FALSE = ("horse", "detachment", "regular")  # flags written only when true
DEFAULT_FIRE_POWER = 1.0


class UnitError(ValueError):
    """A unit the counters file cannot take; `messages` says each reason."""

    def __init__(self, messages: list[str]) -> None:
        super().__init__("; ".join(messages))
        self.messages = messages


@dataclass(frozen=True)
class CounterAt:
    """One counter of the file: where it is, what kind, and its fields as written."""

    path: JsonPath
    kind: UnitKind
    fields: dict[str, Any]

    @property
    def formation_path(self) -> JsonPath:
        return self.path[:-1] if self.kind is UnitKind.LEADER else self.path[:-2]


def unit_schema(kind: UnitKind) -> dict[str, Any]:
    """The counters schema's definition of one kind of counter (its fields, in file order)."""
    return dict(load_schema("counters")["$defs"][kind.value])


def fields_of(kind: UnitKind) -> list[str]:
    return list(unit_schema(kind)["properties"])


class CountersDocument:
    def __init__(self, doc: YamlFileDocument) -> None:
        self.doc = doc

    @property
    def data(self) -> Any:
        return self.doc.data

    def tree(self) -> list[OobNode]:
        return oob_tree(self.data)

    def find(self, unit_id: str) -> CounterAt | None:
        for side in self.tree():
            for node in side.walk():
                if node.unit_id == unit_id:
                    return self._counter(node.path)
        return None

    def _counter(self, path: JsonPath) -> CounterAt | None:
        fields = value_at(self.data, path)
        if not isinstance(fields, dict):
            return None
        if path[-1] == "leader":
            kind = UnitKind.LEADER
        else:
            kind = next(k for key, k in UNIT_LISTS if key == path[-2])
        return CounterAt(path, kind, {str(k): v for k, v in fields.items()})

    def ids(self) -> list[str]:
        return [n.unit_id for side in self.tree() for n in side.walk() if n.unit_id]

    def unit_defs(self) -> dict[str, UnitDef]:
        """The counters as the game reads them from the text as it stands (DataError if not)."""
        return counters_from_document(parse_yaml(self.doc.text(), self.doc.path))

    # --- checking -----------------------------------------------------------------------------
    def problems(self, kind: UnitKind, fields: dict[str, Any], replacing: str = "") -> list[str]:
        """Why the unit cannot be written (empty: it can). `replacing` is the id of the unit
        being edited, so keeping its own id is no clash."""
        unit = _cleaned(fields)
        schema = {"$defs": load_schema("counters")["$defs"], "$ref": f"#/$defs/{kind.value}"}
        order = fields_of(kind)
        errors = sorted(jsonschema.Draft202012Validator(schema).iter_errors(unit),
                        key=lambda e: order.index(e.path[0]) if e.path and e.path[0] in order
                        else -1)  # fmt: skip
        messages = [_message(e) for e in errors]
        morale = unit.get("morale")
        if isinstance(morale, int) and not isinstance(morale, bool) and not is_d66(morale):
            messages.append(f"morale: {morale} is not a d66 value (two digits, each 1 to 6, "
                            "such as 35 or 42)")  # fmt: skip
        unit_id = unit.get("id")
        if isinstance(unit_id, str) and unit_id != replacing and unit_id in self.ids():
            messages.append(f"id: '{unit_id}' is already a counter of this file")
        return messages

    # --- edits --------------------------------------------------------------------------------
    def add_unit(self, formation: JsonPath, kind: UnitKind, fields: dict[str, Any]) -> Edit:
        """A new counter at the end of the formation's list of its kind (or as its leader)."""
        self._check(kind, fields)
        body = value_at(self.data, formation)
        if not isinstance(body, dict):
            raise UnitError([f"no formation at {'.'.join(map(str, formation))}"])
        entry = self._entry(formation, kind, _cleaned(fields))
        label = f"New counter {fields['id']}"
        if kind is UnitKind.LEADER:
            if isinstance(body.get("leader"), dict):
                raise UnitError([f"{body.get('name', 'this formation')} already has a leader "
                                 f"({body['leader'].get('id')})"])  # fmt: skip
            return SetValue((*formation, "leader"), entry, label)
        key = LIST_OF_KIND[kind]
        items = body.get(key)
        if not isinstance(items, list):
            return SetValue((*formation, key), CommentedSeq([entry]), label)
        return InsertItem((*formation, key), len(items), entry, label)

    def edit_unit(self, unit_id: str, kind: UnitKind, fields: dict[str, Any],
                  in_use: set[str] | frozenset[str] = frozenset()) -> Edit:
        """Change a counter's fields in place (each changed field alone, so the rest of its
        lines stay); a new kind moves it to its formation's list of that kind. A counter the
        scenario places (`in_use`) keeps its id, which the scenario's entries name."""
        found = self.find(unit_id)
        if found is None:
            raise UnitError([f"no counter '{unit_id}' in {self.doc.path.name}"])
        self._check(kind, fields, replacing=unit_id)
        if unit_id in in_use and str(fields.get("id", "")).strip() != unit_id:
            raise UnitError([f"id: {unit_id} is placed in the scenario, which names it by its "
                             "id: take it off the map before renaming it"])  # fmt: skip
        label = f"Edit counter {unit_id}"
        new = _cleaned(fields)
        if kind is not found.kind:
            return Batch((self.remove_unit(unit_id),
                          self.add_unit(found.formation_path, kind, new)), label)  # fmt: skip
        edits: list[Edit] = []
        for key in found.fields:
            if key not in new and not _default(key, found.fields[key]):
                edits.append(DeleteKey((*found.path, key)))
        for key, value in new.items():
            old = found.fields.get(key)
            if key not in found.fields and _default(key, value):
                continue
            if old != value or isinstance(old, bool) != isinstance(value, bool):
                edits.append(SetValue((*found.path, key), _yaml(value)))
        return Batch(tuple(edits), label)

    def remove_unit(self, unit_id: str, in_use: set[str] | frozenset[str] = frozenset()) -> Edit:
        """Take a counter out of the file; refused while a scenario places it."""
        if unit_id in in_use:
            raise UnitError([f"{unit_id} is placed in the scenario: take it off first"])
        found = self.find(unit_id)
        if found is None:
            raise UnitError([f"no counter '{unit_id}' in {self.doc.path.name}"])
        label = f"Remove counter {unit_id}"
        if found.kind is UnitKind.LEADER:
            return DeleteKey(found.path, label)
        items = value_at(self.data, found.path[:-1])
        if isinstance(items, list) and len(items) == 1:
            return DeleteKey(found.path[:-1], label)  # no empty list left behind
        return RemoveItem(found.path[:-1], int(found.path[-1]), label)

    def _check(self, kind: UnitKind, fields: dict[str, Any], replacing: str = "") -> None:
        messages = self.problems(kind, fields, replacing)
        if messages:
            raise UnitError(messages)

    def _entry(self, formation: JsonPath, kind: UnitKind, fields: dict[str, Any]) -> Any:
        """One line, `{id: ..., name: ...}`, as the shipped files write most counters; a
        counter too long for a line is written a field a line."""
        entry = flow_map({k: v for k, v in fields.items() if not _default(k, v)})
        # a list item sits two columns in from its list's key, which sits at 2 per path step
        indent = 2 * len(formation) + (2 if kind is UnitKind.LEADER else 4)
        if indent + len(render_flow(entry)) + len("leader: ") <= LINE_WIDTH:
            return entry
        return CommentedMap((k, _yaml(v)) for k, v in entry.items())


def _cleaned(fields: dict[str, Any]) -> dict[str, Any]:
    """The fields a form gave, without the empty ones, in no particular order."""
    return {k: v.strip() if isinstance(v, str) else v for k, v in fields.items()
            if v is not None and not (isinstance(v, str) and not v.strip())}


def _default(key: str, value: Any) -> bool:
    """A value the loader assumes when the field is left out (so it need not be written)."""
    if key in DEFAULT_FALSE:
        return value is False
    return key == "fire_power" and value == DEFAULT_FIRE_POWER


def _yaml(value: Any) -> Any:
    return quoted(value) if isinstance(value, str) else value


def _message(error: jsonschema.ValidationError) -> str:
    field = str(error.path[0]) if error.path else ""
    if error.validator == "required":
        missing = str(error.message).split("'")[1]
        return f"{missing}: required"
    if error.validator == "additionalProperties":
        return str(error.message).replace("Additional properties", "unknown field(s)")
    if error.validator == "pattern":
        schema = error.schema if isinstance(error.schema, dict) else {}
        return f"{field}: {error.instance!r} is not {schema.get('description', 'allowed')}"
    if error.validator == "enum":
        options = ", ".join(str(v) for v in error.validator_value)  # type: ignore[union-attr]
        return f"{field}: {error.instance!r} is not one of {options}"
    return f"{field}: {error.message}"

