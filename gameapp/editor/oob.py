"""The order of battle as a tree for the editor's palette: side > command > division > brigade >
counters, read from a counters file's data in file order (the levels of counters.LEVELS)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from gameapp.core.counters import LEVELS, UNIT_LISTS
from gameapp.core.units import Side
from gameapp.core.yamlsource import JsonPath

LEVEL_NAMES = dict(LEVELS)  # "commands" -> "corps", ...


@dataclass
class OobNode:
    """A formation (side, command, division or brigade) or one counter (`unit_id` set)."""

    label: str
    level: str  # "side", "corps", "division", "brigade" or "unit"
    unit_id: str = ""
    children: list[OobNode] = field(default_factory=list)
    path: JsonPath = ()  # where it is in the counters file: ("sides", "union", "brigades", 0)

    def unit_ids(self) -> list[str]:
        """Every counter at or below this node, in file order (a formation's leader first)."""
        if self.unit_id:
            return [self.unit_id]
        return [i for child in self.children for i in child.unit_ids()]

    def walk(self) -> Iterator[OobNode]:
        yield self
        for child in self.children:
            yield from child.walk()


def oob_tree(data: Any) -> list[OobNode]:
    """One node per side found in the counters data (union first)."""
    sides = data.get("sides") if isinstance(data, dict) else None
    if not isinstance(sides, dict):
        return []
    found = []
    for side in Side:
        body = sides.get(side.value)
        if isinstance(body, dict):
            node = OobNode(side.label, "side", path=("sides", side.value))
            _fill(node, body)
            found.append(node)
    return found


def _fill(node: OobNode, body: dict[str, Any]) -> None:
    leader = body.get("leader")
    if isinstance(leader, dict):
        node.children.append(_unit(leader, (*node.path, "leader")))
    for key, _kind in UNIT_LISTS:
        for i, item in _dicts(body, key):
            node.children.append(_unit(item, (*node.path, key, i)))
    for key, level in LEVELS:
        for i, item in _dicts(body, key):
            child = OobNode(str(item.get("name", "")), level, path=(*node.path, key, i))
            _fill(child, item)
            node.children.append(child)


def _unit(item: dict[str, Any], path: JsonPath) -> OobNode:
    label = f"{item.get('id', '')}  {item.get('name', '')}"
    return OobNode(label, "unit", str(item.get("id", "")), path=path)


def _dicts(body: dict[str, Any], key: str) -> list[tuple[int, dict[str, Any]]]:
    items = body.get(key)
    if not isinstance(items, list):
        return []
    return [(i, item) for i, item in enumerate(items) if isinstance(item, dict)]
