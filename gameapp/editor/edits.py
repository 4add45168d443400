"""Edits as values: each says what changes at which path of the YAML tree, and applying one
returns the edit that undoes it. The Qt editor wraps them in QUndoCommands; tests apply them
directly. Paths are the JSON paths of yamlsource (`("setup", 3, "hex")`).

Removing an item keeps the removed object in the inverse edit, so undoing puts the very same
object back, with its comments and its place in the original text.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gameapp.core.yamlsource import JsonPath

_MISSING = object()


@dataclass(frozen=True)
class SetValue:
    """Set `path` (a key of a mapping or an index of a list) to `value`."""

    path: JsonPath
    value: Any
    label: str = ""


@dataclass(frozen=True)
class DeleteKey:
    path: JsonPath
    label: str = ""


@dataclass(frozen=True)
class InsertItem:
    """Insert `value` into the list at `path`, before `index` (len: at the end)."""

    path: JsonPath
    index: int
    value: Any
    label: str = ""


@dataclass(frozen=True)
class RemoveItem:
    path: JsonPath
    index: int
    label: str = ""


@dataclass(frozen=True)
class Batch:
    """Several edits as one (such as placing a whole brigade), applied in order."""

    edits: tuple[Edit, ...]
    label: str = ""


Edit = SetValue | DeleteKey | InsertItem | RemoveItem | Batch


class EditError(ValueError):
    """An edit whose path does not lead anywhere in the tree."""


def apply_edit(tree: Any, edit: Edit) -> Edit:
    """Apply the edit to the tree in place; return the edit that undoes it."""
    if isinstance(edit, Batch):
        undo = [apply_edit(tree, e) for e in edit.edits]
        return Batch(tuple(reversed(undo)), edit.label)
    if isinstance(edit, SetValue):
        parent, key = _parent(tree, edit.path)
        old = _get(parent, key)
        _set(parent, key, edit.value)
        if old is _MISSING:
            return DeleteKey(edit.path, edit.label)
        return SetValue(edit.path, old, edit.label)
    if isinstance(edit, DeleteKey):
        parent, key = _parent(tree, edit.path)
        old = _get(parent, key)
        if old is _MISSING:
            raise EditError(f"nothing at {edit.path}")
        del parent[key]
        return SetValue(edit.path, old, edit.label)
    if isinstance(edit, InsertItem):
        items = _at(tree, edit.path)
        if not isinstance(items, list):
            raise EditError(f"{edit.path} is not a list")
        index = min(max(edit.index, 0), len(items))
        items.insert(index, edit.value)
        return RemoveItem(edit.path, index, edit.label)
    items = _at(tree, edit.path)
    if not isinstance(items, list) or not 0 <= edit.index < len(items):
        raise EditError(f"no item {edit.index} in {edit.path}")
    value = items.pop(edit.index)
    return InsertItem(edit.path, edit.index, value, edit.label)


def value_at(tree: Any, path: JsonPath, default: Any = None) -> Any:
    try:
        return _at(tree, path)
    except EditError:
        return default


def _at(tree: Any, path: JsonPath) -> Any:
    node = tree
    for part in path:
        found = _get(node, part)
        if found is _MISSING:
            raise EditError(f"nothing at {path}")
        node = found
    return node


def _parent(tree: Any, path: JsonPath) -> tuple[Any, str | int]:
    if not path:
        raise EditError("an edit needs a path")
    return _at(tree, path[:-1]), path[-1]


def _get(node: Any, key: str | int) -> Any:
    if isinstance(node, dict):
        return node.get(key, _MISSING)
    if isinstance(node, list) and isinstance(key, int) and 0 <= key < len(node):
        return node[key]
    return _MISSING


def _set(node: Any, key: str | int, value: Any) -> None:
    in_list = isinstance(node, list) and isinstance(key, int) and 0 <= key < len(node)
    if isinstance(node, dict) or in_list:
        node[key] = value
    else:
        raise EditError(f"cannot set {key!r} here")
