"""Victory hexes painted on the map: a click on a hex adds it to the scenario's `victory_hexes`
with a name and its points, or takes it out when it is one already."""

from __future__ import annotations

from typing import Any

from ruamel.yaml.comments import CommentedSeq

from gameapp.core.hexgrid import Hex
from gameapp.editor.edits import Edit, InsertItem, RemoveItem, SetValue
from gameapp.editor.scenario_doc import ScenarioDocument
from gameapp.editor.yamltext import flow_map


def victory_hexes(doc: ScenarioDocument) -> list[Any]:
    found = doc.data.get("victory_hexes")
    return found if isinstance(found, list) else []


def victory_index(doc: ScenarioDocument, h: Hex) -> int | None:
    for i, entry in enumerate(victory_hexes(doc)):
        if isinstance(entry, dict) and doc.parse_hex(entry.get("hex")) == h:
            return i
    return None


def toggle_victory_hex(doc: ScenarioDocument, h: Hex, points: int, name: str = "") -> Edit:
    """Add `h` as a victory hex worth `points` (named `name`, else "hex 0907"), or take it out
    of `victory_hexes` when it is one."""
    hex_id = doc.hex_id(h)
    index = victory_index(doc, h)
    if index is not None:
        return RemoveItem(("victory_hexes",), index, f"Victory hex {hex_id} off")
    entry = flow_map({"hex": hex_id, "name": name.strip() or f"hex {hex_id}", "points": points})
    label = f"Victory hex {hex_id}: {points} points"
    if not isinstance(doc.data.get("victory_hexes"), list):
        return SetValue(("victory_hexes",), CommentedSeq([entry]), label)
    return InsertItem(("victory_hexes",), len(victory_hexes(doc)), entry, label)
