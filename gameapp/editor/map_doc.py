"""A map file open in the editor for painting: its round-trip YAML document, the map compiled from
it with the game's own loader, and the edits a designer paints.

Every edit is an `Edit` value (gameapp.editor.edits) that the caller applies (the Qt editor
pushes it on its undo stack); applying returns the inverse. After each change the document is
compiled again (`mapfile.compile_map`, the shapely compiler the game uses); when the text does
not compile, the last good map is kept and `problems` says why.

Where each kind of paint goes in the file (docs/maps.md):
- terrain, elevation and hex features: `overrides` by hex id (applied last, so they win over
  every area);
- hexside features, fords and bridges: `hexsides` entries given by hex pairs
  (`hexsides: [["0504", "0505"]]`); a new pair joins the last such entry of its feature;
- roads: a `roads` entry with a chain of `hexes` and a grade (`bridge: true` on request); links
  are taken off such chains, which may split in pieces;
- friendly edges: `friendly_edges` id patterns, one per screen edge (`xx01`, `24xx`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path
from typing import Any

from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.scalarstring import DoubleQuotedScalarString

from gameapp.core.hexgrid import Hex, Hexside
from gameapp.core.mapdata import HexMap
from gameapp.core.mapfile import compile_map
from gameapp.core.numbering import HexIdError
from gameapp.core.terrain import (
    HEXSIDE_FEATURE_BY_LABEL,
    TERRAIN_BY_LABEL,
    HexFeature,
    HexsideFeature,
    RoadGrade,
    Terrain,
    flag_labels,
)
from gameapp.core.yamlsource import DataError, Problem, parse_yaml
from gameapp.editor.document import YamlFileDocument
from gameapp.editor.edits import Batch, DeleteKey, Edit, InsertItem, RemoveItem, SetValue
from gameapp.editor.yamltext import flow_map, flow_seq, plain, quoted

WATER = HexsideFeature.STREAM | HexsideFeature.CREEK
CROSSINGS = (HexsideFeature.FORD, HexsideFeature.BRIDGE)
# The hexside features painted by clicking a hexside (fords and bridges have their own tool).
LINE_FEATURES = tuple(f for f in HexsideFeature if f.name and f not in CROSSINGS)
TERRAINS = tuple(Terrain)
HEX_FEATURES = tuple(f for f in HexFeature if f.name and f is not HexFeature.NONE)
ROAD_GRADES = tuple(g for g in reversed(RoadGrade) if g is not RoadGrade.NONE)  # pike first
SCREEN_EDGES = ("top", "bottom", "left", "right")


class PaintRefused(ValueError):
    """A paint that the file format cannot say here; the message tells the designer why."""


@dataclass(frozen=True)
class SidePair:
    """A `hexsides` entry's pair: entry index, index of the pair in its list."""

    entry: int
    index: int


class MapDocument:
    def __init__(self, doc: YamlFileDocument, hexmap: HexMap) -> None:
        self.doc = doc
        self.map = hexmap
        self.problems: list[Problem] = []
        doc.on_change(self.recompile)

    @classmethod
    def load(cls, path: str | Path) -> MapDocument:
        """Open a map for painting; DataError when the file does not compile as it stands."""
        doc = YamlFileDocument.read(path)
        if not isinstance(doc.data, dict):
            raise DataError([Problem(str(path), 1, "expected a map (name:, numbering:, ...)")])
        hexmap = _compile(doc)
        return cls(doc, hexmap)

    # --- reading ----------------------------------------------------------------------------
    @property
    def path(self) -> Path:
        return self.doc.path

    @property
    def data(self) -> Any:
        return self.doc.data

    def recompile(self) -> None:
        """Compile the document as it stands; keep the last good map when it does not."""
        try:
            self.map = _compile(self.doc)
            self.problems = []
        except DataError as error:
            self.problems = list(error.problems)

    def hex_id(self, h: Hex) -> str:
        return self.map.hex_id(h)

    def parse_hex(self, text: Any) -> Hex | None:
        try:
            h = self.map.parse(str(text))
        except HexIdError:
            return None
        return h if self.map.contains(h) else None

    def brush(self, centre: Hex, radius: int) -> list[Hex]:
        """The map hexes within `radius` of `centre` (0: the hex alone)."""
        return [h for h in centre.range(max(radius, 0)) if self.map.contains(h)]

    def elevation_step(self) -> int:
        """Feet per click of the elevation tool: the map's contour interval (the smallest rise
        between two of its contour heights and the base), else its gentle-slope threshold."""
        heights = {int(self.data.get("base_elevation", 0))}
        heights |= {int(c["height"]) for c in _list(self.data.get("contours"))
                    if isinstance(c, dict) and isinstance(c.get("height"), int)}
        ordered = sorted(heights)
        rises = [b - a for a, b in pairwise(ordered) if b > a]
        return min(rises) if rises else self.map.slope_thresholds.gentle

    # --- terrain and elevation: overrides -----------------------------------------------------
    def paint_terrain(self, hexes: Iterable[Hex], terrain: Terrain) -> Edit | None:
        """Terrain in these hexes, as `overrides` (None when every hex already has it)."""
        edits: list[Edit] = []
        painted = 0
        for h in self._on_map(hexes):
            override = self._override(h)
            if override is not None and override.get("terrain") == terrain.label:
                continue
            if override is None and self.map.terrain_at(h) is terrain:
                continue
            edits += self._set_override(h, "terrain", terrain.label, not edits)
            painted += 1
        if not edits:
            return None
        return Batch(tuple(edits), f"Paint {terrain.label} ({painted} hexes)")

    def raise_ground(self, hexes: Iterable[Hex], steps: int,
                     step: int | None = None) -> Edit | None:
        """Each hex's elevation up (steps > 0) or down by `steps` × `step` feet, as overrides."""
        feet = (step or self.elevation_step()) * steps
        hexes = self._on_map(hexes)
        if not hexes or not feet:
            return None
        edits: list[Edit] = []
        for h in hexes:
            edits += self._set_override(h, "elevation", self.map.elevation_at(h) + feet,
                                        not edits)  # fmt: skip
        word = "Raise" if feet > 0 else "Lower"
        return Batch(tuple(edits), f"{word} {len(hexes)} hexes {abs(feet)} ft")

    def toggle_hex_feature(self, hexes: Iterable[Hex], feature: HexFeature) -> Edit | None:
        """The feature on every one of these hexes, or off them all when the first has it, as
        each hex's override `features` list. That list replaces what the hex derives, so it is
        written whole: a derived slope top there is written too (and no longer follows the
        elevations)."""
        hexes = self._on_map(hexes)
        if not hexes:
            return None
        on = not self.map.features_at(hexes[0]) & feature
        edits: list[Edit] = []
        changed = 0
        for h in hexes:
            now = self.map.features_at(h)
            if bool(now & feature) == on:
                continue
            labels = flag_labels((now | feature) if on else (now & ~feature))
            edits += self._set_override(h, "features", flow_seq(labels), not edits)
            changed += 1
        if not edits:
            return None
        word = "on" if on else "off"
        return Batch(tuple(edits), f"{feature.label.capitalize()} {word} ({changed} hexes)")

    def _override(self, h: Hex) -> Any:
        overrides = self.data.get("overrides")
        if not isinstance(overrides, dict):
            return None
        return overrides.get(self.hex_id(h))

    def _set_override(self, h: Hex, key: str, value: Any, first: bool) -> list[Edit]:
        edits: list[Edit] = []
        if first and not isinstance(self.data.get("overrides"), dict):
            edits.append(SetValue(("overrides",), CommentedMap()))
        hex_id = self.hex_id(h)
        if self._override(h) is not None:
            edits.append(SetValue(("overrides", hex_id, key), value))
        else:
            edits.append(SetValue(("overrides", quoted(hex_id)), flow_map({key: value})))
        return edits

    # --- hexsides: features, fords and bridges -------------------------------------------------
    def hexside_pair(self, side: Hexside) -> tuple[str, str]:
        """The ids of a hexside's two hexes; PaintRefused on the map's outer edge."""
        a, b = side.hexes()
        if not (self.map.contains(a) and self.map.contains(b)):
            raise PaintRefused("a hexside on the map's outer edge has no hex beyond it to name")
        return self.hex_id(a), self.hex_id(b)

    def toggle_hexside(self, side: Hexside, feature: HexsideFeature) -> Edit:
        """Mark `feature` on a hexside, or take it off when a hex pair put it there. A feature
        drawn by a line cannot be taken off one hexside (PaintRefused); nor can a ford or a
        bridge go where no stream or creek is."""
        ids = self.hexside_pair(side)
        a, _ = side.hexes()
        present = self.map.hexside_at(a, side.direction)
        if present & feature:
            listed = self._listed_pairs(side, feature)
            if listed and feature & WATER and not present & WATER & ~feature:
                # a ford or bridge listed on this hexside would be left on dry ground
                listed += [p for c in CROSSINGS for p in self._listed_pairs(side, c)]
            if not listed:
                raise PaintRefused(
                    f"the {feature.label} between {ids[0]} and {ids[1]} is drawn by a line in "
                    "the file; change the line to take it off")
            return self._remove_pairs(listed, f"Remove {feature.label} {ids[0]}-{ids[1]}")
        if feature in CROSSINGS and not present & WATER:
            raise PaintRefused(f"a {feature.label} goes on a stream or creek hexside; "
                               f"{ids[0]}-{ids[1]} has none")  # fmt: skip
        return self._add_pair(ids, feature)

    def _listed_pairs(self, side: Hexside, feature: HexsideFeature) -> list[SidePair]:
        found = []
        for i, entry in enumerate(_list(self.data.get("hexsides"))):
            if not isinstance(entry, dict) or entry.get("feature") != feature.label:
                continue
            for j, pair in enumerate(_list(entry.get("hexsides"))):
                if self._side_of(pair) == side:
                    found.append(SidePair(i, j))
        return found

    def _side_of(self, pair: Any) -> Hexside | None:
        if not isinstance(pair, list) or len(pair) != 2:
            return None
        a, b = (self.parse_hex(t) for t in pair)
        if a is None or b is None or a.direction_to(b) is None:
            return None
        return Hexside.between(a, b)

    def _remove_pairs(self, listed: list[SidePair], label: str) -> Edit:
        """Take these pairs out; an entry left with none goes (later entries first, so the
        indices of earlier ones stay good)."""
        edits: list[Edit] = []
        entries = self.data["hexsides"]
        for entry in sorted({p.entry for p in listed}, reverse=True):
            indices = sorted((p.index for p in listed if p.entry == entry), reverse=True)
            if len(indices) == len(entries[entry]["hexsides"]):
                edits.append(RemoveItem(("hexsides",), entry))
            else:
                edits += [RemoveItem(("hexsides", entry, "hexsides"), i) for i in indices]
        return Batch(tuple(edits), label)

    def _add_pair(self, ids: tuple[str, str], feature: HexsideFeature) -> Edit:
        label = f"{feature.label.capitalize()} {ids[0]}-{ids[1]}"
        entries = self.data.get("hexsides")
        pair = flow_seq(list(ids))
        if not isinstance(entries, list):
            return SetValue(("hexsides",), CommentedSeq([_side_entry(feature, pair)]), label)
        for i in reversed(range(len(entries))):
            entry = entries[i]
            if (isinstance(entry, dict) and entry.get("feature") == feature.label
                    and isinstance(entry.get("hexsides"), list)):
                return InsertItem(("hexsides", i, "hexsides"), len(entry["hexsides"]), pair,
                                  label)  # fmt: skip
        return InsertItem(("hexsides",), len(entries), _side_entry(feature, pair), label)

    # --- roads --------------------------------------------------------------------------------
    def add_road(self, hexes: list[Hex], grade: RoadGrade, bridge: bool = False) -> Edit:
        """A road along a chain of neighbouring map hexes; PaintRefused when it is not one."""
        chain = list(hexes)
        if len(chain) < 2:
            raise PaintRefused("a road needs at least two hexes: drag from hex to hex")
        for a, b in pairwise(chain):
            if a.direction_to(b) is None or not self.map.contains(a) or not self.map.contains(b):
                raise PaintRefused("a road runs from each map hex to a neighbour")
        ids = [self.hex_id(h) for h in chain]
        entry = CommentedMap([("grade", grade.label)])
        if bridge:
            entry["bridge"] = True
        entry["hexes"] = flow_seq(ids)
        label = f"{grade.label.capitalize()} {ids[0]} to {ids[-1]}"
        roads = self.data.get("roads")
        if not isinstance(roads, list):
            return SetValue(("roads",), CommentedSeq([entry]), label)
        return InsertItem(("roads",), len(roads), entry, label)

    def remove_road(self, hexes: list[Hex]) -> Edit:
        """Take the links along a chain of hexes off the roads given by `hexes`; a road left in
        pieces becomes one entry per piece (each keeps the grade, name and bridge). Roads drawn
        as lines cannot lose a link (PaintRefused)."""
        if len(hexes) < 2:
            raise PaintRefused("drag along the road from hex to hex to take it off")
        links = {side for side in (self._side_of([self.hex_id(a), self.hex_id(b)])
                                   for a, b in pairwise(hexes)
                                   if self.map.contains(a) and self.map.contains(b))
                 if side is not None}  # fmt: skip
        roads = _list(self.data.get("roads"))
        edits: list[Edit] = []
        for i in reversed(range(len(roads))):  # later entries first: earlier indices stay good
            entry = roads[i]
            ids = entry.get("hexes") if isinstance(entry, dict) else None
            if not isinstance(ids, list) or len(ids) < 2:
                continue
            pieces: list[list[Any]] = [[ids[0]]]
            for before, after in pairwise(ids):
                if self._side_of([before, after]) in links:
                    pieces.append([after])
                else:
                    pieces[-1].append(after)
            kept = [piece for piece in pieces if len(piece) >= 2]
            if len(pieces) == 1:
                continue
            if not kept:
                edits.append(RemoveItem(("roads",), i))
                continue
            edits.append(SetValue(("roads", i, "hexes"), flow_seq(kept[0])))
            for n, piece in enumerate(kept[1:], start=1):
                copy = CommentedMap((k, v) for k, v in entry.items() if k != "hexes")
                copy["hexes"] = flow_seq(piece)
                edits.append(InsertItem(("roads",), i + n, copy))
        if not edits:
            raise PaintRefused("no road given by hexes runs along that drag (a road drawn as a "
                               "line is changed in the file)")  # fmt: skip
        return Batch(tuple(edits), f"Remove road {self.hex_id(hexes[0])} to "
                                   f"{self.hex_id(hexes[-1])}")  # fmt: skip

    # --- friendly edges -----------------------------------------------------------------------
    def edge_pattern(self, edge: str) -> str:
        """The id pattern of a screen edge ("top", "bottom", "left", "right"): `xxNN` when the
        edge's hexes share their position, `NNxx` when they share their hexrow."""
        n = self.map.numbering
        last_col, last_row = n.width - 1, n.height - 1
        cells = {
            "top": [(c, 0) for c in range(n.width)],
            "bottom": [(c, last_row) for c in range(n.width)],
            "left": [(0, r) for r in range(n.height)],
            "right": [(last_col, r) for r in range(n.height)],
        }[edge]
        ids = [n.hex_id(n.offset_to_hex(c, r))[-4:] for c, r in cells]
        if len({i[:2] for i in ids}) == 1:
            return f"{ids[0][:2]}xx"
        return f"xx{ids[0][2:]}"

    def friendly_edges(self, side: str) -> list[str]:
        edges = self.data.get("friendly_edges")
        found = edges.get(side) if isinstance(edges, dict) else None
        return [str(p) for p in found] if isinstance(found, list) else []

    def toggle_friendly_edge(self, side: str, edge: str) -> Edit:
        """Add or take away a screen edge among the edges `side` retreats toward (the side's
        other patterns stay as they are)."""
        pattern = self.edge_pattern(edge)
        patterns = self.friendly_edges(side)
        on = pattern not in patterns
        label = f"{side.capitalize()} retreats {'toward' if on else 'no longer toward'} {pattern}"
        edges = self.data.get("friendly_edges")
        new = DoubleQuotedScalarString(pattern)
        if not isinstance(edges, dict):
            return SetValue(("friendly_edges",), CommentedMap([(side, flow_seq([new]))]), label)
        if not isinstance(edges.get(side), list):
            return SetValue(("friendly_edges", side), flow_seq([new]), label)
        if on:
            return InsertItem(("friendly_edges", side), len(edges[side]), new, label)
        if len(patterns) == 1:
            return DeleteKey(("friendly_edges", side), label)
        return RemoveItem(("friendly_edges", side), patterns.index(pattern), label)

    # --- helpers ------------------------------------------------------------------------------
    def _on_map(self, hexes: Iterable[Hex]) -> list[Hex]:
        return [h for h in dict.fromkeys(hexes) if self.map.contains(h)]


def terrain_named(label: str) -> Terrain:
    return TERRAIN_BY_LABEL[label]


def hexside_feature_named(label: str) -> HexsideFeature:
    return HEXSIDE_FEATURE_BY_LABEL[label]


def _side_entry(feature: HexsideFeature, pair: CommentedSeq) -> CommentedMap:
    return CommentedMap([("feature", feature.label), ("hexsides", flow_seq([pair]))])


def _compile(doc: YamlFileDocument) -> HexMap:
    """The compiled map; on problems, compiled again from the text to give them their lines."""
    try:
        return compile_map(plain(doc.data))
    except DataError:
        pass
    lined = parse_yaml(doc.text(), doc.path)
    return compile_map(lined.data, lined)


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []
