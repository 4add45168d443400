"""A strategic scenario's victory places in the editor (`victory: places:`, docs/strategic-rules.md
"Victory"): listed, added at a hex, removed and changed field by field, each change an `Edit` of
the YAML tree (undone on the window's stack; the comments and the other entries kept).

Checked at once: a place's hex is a hex of the map and no other victory place's, its points
within the schema's bounds, its name and reason not empty. A place the par (`victory: par:
union_holds`) names and that is removed or renamed is left to the problems list, which names
the par's line (the game's loader checks it)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ruamel.yaml.comments import CommentedMap, CommentedSeq

from gameapp.core.hexgrid import Hex
from gameapp.core.yamlsource import load_schema
from gameapp.editor.edits import Batch, DeleteKey, Edit, InsertItem, RemoveItem, SetValue
from gameapp.editor.strategic_doc import StrategicScenarioDocument
from gameapp.editor.strategic_fields import FieldError, FieldSpec
from gameapp.editor.yamltext import flow_map, quoted

FIELDS = ("place", "hex", "points", "sudden_death", "why")
NEW_WHY = "to be written"


def _spec(key: str) -> FieldSpec:
    props = load_schema("strategic_scenario")["properties"]["victory"]["properties"]
    prop = props["places"]["items"]["properties"][key]
    description = str(prop.get("description", key))
    if prop.get("type") == "integer":
        return FieldSpec(key, "int", description, minimum=prop.get("minimum"),
                         maximum=prop.get("maximum"), required=True)
    if prop.get("type") == "boolean":
        return FieldSpec(key, "flag", description)
    return FieldSpec(key, "text", description, max_length=prop.get("maxLength"), required=True)


SPECS = {key: _spec(key) for key in FIELDS}


@dataclass(frozen=True)
class VictoryPlaceRow:
    index: int
    place: str
    hex_id: str
    hex: Hex | None  # None: not a hex of the map (the problems list says so)
    points: int | None
    sudden_death: bool
    why: str


class StrategicVictoryPlaces:
    def __init__(self, doc: StrategicScenarioDocument) -> None:
        self.doc = doc

    def entries(self) -> list[Any]:
        victory = self.doc.data.get("victory")
        places = victory.get("places") if isinstance(victory, dict) else None
        return places if isinstance(places, list) else []

    def rows(self) -> list[VictoryPlaceRow]:
        found = []
        for i, e in enumerate(self.entries()):
            if not isinstance(e, dict):
                continue
            hex_id = str(e.get("hex", ""))
            points = e.get("points")
            found.append(VictoryPlaceRow(
                i, str(e.get("place", "")), hex_id, self.doc.parse_at(hex_id),
                points if isinstance(points, int) and not isinstance(points, bool) else None,
                e.get("sudden_death") is True, str(e.get("why", ""))))
        return found

    def at(self, h: Hex) -> VictoryPlaceRow | None:
        return next((r for r in self.rows() if r.hex == h), None)

    def add(self, h: Hex) -> tuple[Edit, int]:
        """A new victory place at `h` (named after the map's place there, else its hex id),
        worth 1 point: the edit and its index."""
        if not self.doc.map.contains(h):
            raise FieldError("that hex is not on the map")
        taken = self.at(h)
        if taken is not None:
            raise FieldError(f"{self.doc.hex_id(h)} is a victory place already "
                             f"({taken.place})")
        hex_id = self.doc.hex_id(h)
        entry = flow_map({"place": self.doc.at_text(h), "hex": hex_id, "points": 1,
                          "why": NEW_WHY})
        label = f"Victory place at {hex_id}"
        index = len(self.entries())
        victory = self.doc.data.get("victory")
        if isinstance(victory, dict) and isinstance(victory.get("places"), list):
            return InsertItem(("victory", "places"), index, entry, label), index
        if isinstance(victory, dict):
            return SetValue(("victory", "places"), CommentedSeq([entry]), label), index
        return SetValue(("victory",), CommentedMap({"places": CommentedSeq([entry])}),
                        label), index

    def remove(self, index: int) -> Edit:
        row = self._row(index)
        return RemoveItem(("victory", "places"), index, f"Remove the victory place {row.place}")

    def set_field(self, index: int, key: str, value: Any) -> Edit | None:
        row = self._row(index)
        if key not in SPECS:
            raise FieldError(f"a victory place has {', '.join(FIELDS)}; not {key}")
        checked = SPECS[key].check(value)
        path = ("victory", "places", index, key)
        label = f"{row.place}: {key} {checked}"
        entry = self.entries()[index]
        if key == "hex":
            h = self.doc.parse_at(checked)
            if h is None:
                raise FieldError(f"hex must be a hex of the map; '{checked}' is not")
            other = self.at(h)
            if other is not None and other.index != index:
                raise FieldError(f"{checked} is a victory place already ({other.place})")
            checked = self.doc.hex_id(h)
        if key == "sudden_death":
            if checked == row.sudden_death:
                return None
            return SetValue(path, True, label) if checked else DeleteKey(path, label)
        if entry.get(key) == checked:
            return None
        return Batch((SetValue(path, quoted(checked) if isinstance(checked, str) else checked),),
                     label)

    def _row(self, index: int) -> VictoryPlaceRow:
        row = next((r for r in self.rows() if r.index == index), None)
        if row is None:
            raise FieldError(f"there is no victory place {index + 1}")
        return row
