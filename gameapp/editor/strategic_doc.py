"""A strategic scenario (`ruleset: strategic`) open in the editor: its YAML document on its
theatre map, its pieces read leniently, and the edits a designer makes to them.

A strategic scenario has no separate order of battle: every piece is an entry of its section
(`divisions:`, `leaders:`, `hqs:`, `trains:`, `depots:`, `ships:`, `forts:`) with its place in
`at:`. So placing a piece writes a new entry (from a `PieceTemplate`), moving one changes its
`at:`, and removing one takes its entry out, each as an `Edit` the caller applies (the Qt
editor pushes it on its undo stack). The rosters stay as the loader wants them (16.16: a
roster's units stand in their HQ's hex):
- an HQ moves with its roster, as in play (`StrategicState.move`);
- a division or train moved away from its HQ leaves the roster;
- a division or train put (placed or moved) where an HQ of its side stands, and on no roster,
  joins that HQ's roster while it has room (the schema's 12);
- a removed unit leaves its roster; a removed leader leaves the HQ he commanded and the
  leaders subordinate to him.

What cannot be read (an entry with a bad side or place) is skipped here, and the problems list
(`strategic_problems`) reports it with its line, as the game's loader would.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ruamel.yaml.comments import CommentedSeq

from gameapp.core.hexgrid import Hex
from gameapp.core.numbering import HexIdError
from gameapp.core.rulesets.strategic.pieces import (
    HQ,
    Division,
    Leader,
    Piece,
    Train,
)
from gameapp.core.rulesets.strategic.scenario import piece_from, theatre_at
from gameapp.core.scenario import refused_reference
from gameapp.core.theatre.theatremap import TheatreMap
from gameapp.core.units import Side
from gameapp.core.yamlsource import DataError, Problem
from gameapp.editor.document import YamlFileDocument
from gameapp.editor.edits import Batch, DeleteKey, Edit, InsertItem, RemoveItem, SetValue
from gameapp.editor.strategic_fields import SECTIONS, FieldError, field_spec, roster_room
from gameapp.editor.yamltext import flow_map, flow_seq, quoted

ROSTER_ROOM = roster_room()
SIDE_PREFIX = {Side.UNION: "us", Side.CONFEDERATE: "cs"}


@dataclass(frozen=True)
class PieceTemplate:
    """A kind of piece the palette places: its section and the entry's fields (with `side`,
    `id` and `at` added when placed)."""

    key: str
    label: str
    section: str
    fields: dict[str, Any] = field(default_factory=dict)


TEMPLATES = (
    PieceTemplate("infantry", "Infantry division (8 SP)", "divisions",
                  {"name": "New Infantry Division", "arm": "infantry", "sp": 8,
                   "quality": "green", "source": "to be written"}),
    PieceTemplate("brigade", "Infantry brigade (3 SP)", "divisions",
                  {"name": "New Brigade", "arm": "infantry", "sp": 3, "quality": "green",
                   "source": "to be written"}),
    PieceTemplate("cavalry", "Cavalry division (3 SP)", "divisions",
                  {"name": "New Cavalry", "arm": "cavalry", "sp": 3, "quality": "green",
                   "source": "to be written"}),
    PieceTemplate("militia", "Militia (2 SP)", "divisions",
                  {"name": "New Militia", "arm": "militia", "sp": 2, "quality": "green",
                   "source": "to be written"}),
    PieceTemplate("garrison", "Garrison (2 SP)", "divisions",
                  {"name": "New Garrison", "arm": "garrison", "sp": 2, "quality": "green",
                   "source": "to be written"}),
    PieceTemplate("leader", "Leader (1 star)", "leaders",
                  {"name": "New Leader", "stars": 1, "initiative": 3, "tactical": 0,
                   "span": 1, "source": "to be written"}),
    PieceTemplate("corps_hq", "Corps HQ", "hqs", {"name": "New Corps", "echelon": "corps"}),
    PieceTemplate("army_hq", "Army HQ", "hqs", {"name": "New Army", "echelon": "army"}),
    PieceTemplate("supply_train", "Supply train", "trains", {"haul": "supply train", "supply": 0}),
    PieceTemplate("siege_train", "Siege train", "trains", {"haul": "siege train"}),
    PieceTemplate("depot", "Depot", "depots", {"supply": 10}),
    PieceTemplate("gunboat", "Gunboat flotilla", "ships", {"vessel": "gunboat", "strength": 4}),
    PieceTemplate("ironclad", "Ironclad", "ships", {"vessel": "ironclad", "strength": 6}),
    PieceTemplate("transport", "Transports", "ships", {"vessel": "transport", "capacity": 6}),
    PieceTemplate("fort", "Fort", "forts", {"capacity": 10}),
)
TEMPLATES_BY_KEY = {t.key: t for t in TEMPLATES}


@dataclass(frozen=True)
class PlacedPiece:
    """A piece that could be read: its section, its index there and the piece."""

    section: str
    index: int
    piece: Piece


class StrategicScenarioDocument:
    def __init__(self, doc: YamlFileDocument, theatre: TheatreMap, map_path: Path) -> None:
        self.doc = doc
        self.map = theatre
        self.map_path = map_path

    @classmethod
    def load(cls, path: str | Path) -> StrategicScenarioDocument:
        """Open a strategic scenario for editing; DataError when its theatre map cannot be
        loaded (the scenario's own problems are listed live)."""
        doc = YamlFileDocument.read(path)
        if not isinstance(doc.data, dict):
            raise DataError([Problem(str(path), 1, "expected a scenario (ruleset:, map:, ...)")])
        value = doc.data.get("map")
        if not isinstance(value, str) or not value.strip():
            raise DataError([Problem(str(path), 1, "the scenario names no theatre map (map:)")])
        line = _line_of_key(doc, "map")
        refused = refused_reference(doc.path, value)  # the loader's confinement, as in play
        if refused is not None:
            raise DataError([Problem(str(path), line, f"map: {refused}")])
        map_path = Path(os.path.normpath(doc.path.parent / value))
        try:
            theatre = theatre_at(map_path)
        except OSError as error:
            raise DataError([Problem(str(path), line, f"map: cannot read {value}: "
                                     f"{error.strerror or error}")]) from None
        return cls(doc, theatre, map_path)

    # --- reading ----------------------------------------------------------------------------
    @property
    def path(self) -> Path:
        return self.doc.path

    @property
    def data(self) -> Any:
        return self.doc.data

    @property
    def rail_year(self) -> int:
        year = self.data.get("rail_year")
        if isinstance(year, int):
            return year
        start = str(self.data.get("start", ""))
        return int(start[:4]) if start[:4].isdigit() else 1862

    def hex_id(self, h: Hex) -> str:
        return self.map.hex_id(h)

    def parse_at(self, text: Any) -> Hex | None:
        """The hex an `at:` names (a hex id or a place of the map), None if it names none."""
        if not isinstance(text, str):
            return None
        try:
            h = self.map.place(text).hex if "," in text else self.map.parse(text)
        except (KeyError, HexIdError, ValueError):
            return None
        return h if self.map.contains(h) else None

    def at_text(self, h: Hex) -> str:
        """What `at:` says for a hex: the name of the place there, as the shipped scenarios
        write it, else the hex id."""
        for place in self.map.places_at(h):
            try:
                if self.map.place(place.key).hex == h:
                    return place.key
            except KeyError:
                continue
        return self.hex_id(h)

    def entries(self, section: str) -> list[Any]:
        items = self.data.get(section)
        return items if isinstance(items, list) else []

    def placed(self) -> list[PlacedPiece]:
        found = []
        for section in SECTIONS:
            for i, entry in enumerate(self.entries(section)):
                piece = self._piece(section, entry)
                if piece is not None:
                    found.append(PlacedPiece(section, i, piece))
        return found

    def pieces(self) -> list[Piece]:
        return [p.piece for p in self.placed()]

    def piece(self, piece_id: str) -> Piece | None:
        found = self.find(piece_id)
        return found.piece if found is not None else None

    def find(self, piece_id: str) -> PlacedPiece | None:
        return next((p for p in self.placed() if p.piece.id == piece_id), None)

    def pieces_at(self, h: Hex) -> list[Piece]:
        return [p for p in self.pieces() if p.hex == h]

    def search(self, text: str) -> list[Piece]:
        """The pieces whose id or name holds every word of `text` (any case)."""
        words = text.lower().split()
        return [p for p in self.pieces()
                if all(w in f"{p.id} {getattr(p, 'name', '')}".lower() for w in words)]

    def entry_of(self, piece_id: str) -> tuple[str, int] | None:
        """The section and index of the entry with this id (also one that cannot be read)."""
        for section in SECTIONS:
            for i, entry in enumerate(self.entries(section)):
                if isinstance(entry, dict) and entry.get("id") == piece_id:
                    return section, i
        return None

    def ids(self) -> set[str]:
        return {str(e.get("id")) for s in SECTIONS for e in self.entries(s) if isinstance(e, dict)}

    def hq_of(self, unit_id: str) -> HQ | None:
        """The HQ whose roster holds a unit."""
        return next((p for p in self.pieces() if isinstance(p, HQ) and unit_id in p.roster),
                    None)

    def _piece(self, section: str, entry: Any) -> Piece | None:
        if not isinstance(entry, dict):
            return None
        h = self.parse_at(entry.get("at"))
        try:
            side = Side(entry.get("side"))
            piece_id = str(entry["id"])
            if h is None:
                return None
            return piece_from(section, entry, piece_id, side, h, self.map)
        except (KeyError, ValueError, TypeError):
            return None

    # --- placing, moving and removing ---------------------------------------------------------
    def new_id(self, template: PieceTemplate, side: Side) -> str:
        taken = self.ids()
        stem = f"{SIDE_PREFIX[side]}_new_{template.key}"
        n = 1
        while f"{stem}_{n}" in taken:
            n += 1
        return f"{stem}_{n}"

    def place(self, template_key: str, side: Side, h: Hex) -> tuple[Edit, str]:
        """A new piece of the template's kind for `side` in `h`: the edit and the new id. A
        division or train joins the roster of an HQ of its side there (module docstring)."""
        template = TEMPLATES_BY_KEY[template_key]
        piece_id = self.new_id(template, side)
        entry: dict[str, Any] = {"id": piece_id, "side": side.value}
        entry.update((k, v) for k, v in template.fields.items() if k != "source")
        entry["at"] = self.at_text(h)
        if "source" in template.fields:  # last, as in the shipped files
            entry["source"] = template.fields["source"]
        section = template.section
        label = f"Place {template.label.split(' (')[0].lower()} {piece_id} in {self.hex_id(h)}"
        edits: list[Edit] = []
        if isinstance(self.data.get(section), list):
            edits.append(InsertItem((section,), len(self.entries(section)), flow_map(entry)))
        else:
            edits.append(SetValue((section,), CommentedSeq([flow_map(entry)])))
        if section in ("divisions", "trains"):
            edits += self._join_roster_at(piece_id, side, h)
        return Batch(tuple(edits), label), piece_id

    def move(self, piece_id: str, h: Hex) -> Edit | None:
        """Move a piece (an HQ with its roster); None when there is no such piece or it is
        there already."""
        found = self.find(piece_id)
        if found is None or found.piece.hex == h:
            return None
        piece = found.piece
        edits = [self._set_at(found, h)]
        if isinstance(piece, HQ):
            for unit_id in piece.roster:
                unit = self.find(unit_id)
                if unit is not None and unit.piece.hex == piece.hex:
                    edits.append(self._set_at(unit, h))
        elif isinstance(piece, Division | Train):
            hq = self.hq_of(piece_id)
            if hq is not None:
                edits.append(self._leave_roster(hq, piece_id))
            else:
                edits += self._join_roster_at(piece_id, piece.side, h)
        return Batch(tuple(edits), f"Move {piece_id} to {self.hex_id(h)}")

    def move_stack(self, start: Hex, h: Hex) -> Edit | None:
        """Every piece in `start` to `h` (rosters go with their HQs)."""
        here = [p for p in self.placed() if p.piece.hex == start]
        if not here or start == h:
            return None
        edits = [self._set_at(p, h) for p in here]
        return Batch(tuple(edits), f"Move the stack in {self.hex_id(start)} to {self.hex_id(h)}")

    def remove(self, piece_id: str) -> Edit | None:
        where = self.entry_of(piece_id)
        if where is None:
            return None
        edits: list[Edit] = []
        for placed in self.placed():
            other = placed.piece
            if isinstance(other, HQ) and piece_id in other.roster:
                edits.append(self._leave_roster(other, piece_id))
            if isinstance(other, HQ) and other.commander == piece_id:
                edits.append(DeleteKey(("hqs", placed.index, "commander")))
            if isinstance(other, Leader) and other.subordinate_to == piece_id:
                edits.append(DeleteKey(("leaders", placed.index, "subordinate_to")))
        edits.append(RemoveItem((where[0],), where[1]))
        return Batch(tuple(edits), f"Remove {piece_id}")

    # --- the piece form -------------------------------------------------------------------------
    def set_field(self, piece_id: str, key: str, value: Any) -> Edit | None:
        """Change one field of a piece; FieldError (saying why) when the value cannot be, None
        when it is the value already. A unit changing side leaves its roster; an HQ's commander
        must be a leader of its side."""
        where = self.entry_of(piece_id)
        if where is None:
            raise FieldError(f"there is no piece {piece_id}")
        section, index = where
        entry = self.entries(section)[index]
        spec = field_spec(section, key)
        checked = spec.check(value)
        if key == "commander":
            return self._set_commander(piece_id, index, checked)
        if entry.get(key) == checked:
            return None
        path = (section, index, key)
        label = f"{piece_id}: {key} {checked}"
        if checked == "" and not spec.required:
            return DeleteKey(path, label) if key in entry else None
        edits: list[Edit] = [SetValue(path, quoted(checked) if isinstance(checked, str)
                                      else checked)]
        hq = self.hq_of(piece_id)
        if key == "side" and hq is not None:
            edits.append(self._leave_roster(hq, piece_id))
        return Batch(tuple(edits), label)

    def _set_commander(self, hq_id: str, index: int, leader_id: str) -> Edit | None:
        hq = self.piece(hq_id)
        path = ("hqs", index, "commander")
        if not leader_id:
            return DeleteKey(path, f"{hq_id}: no commander") \
                if "commander" in self.entries("hqs")[index] else None
        leader = self.piece(leader_id)
        if not isinstance(leader, Leader) or hq is None or leader.side is not hq.side:
            side = hq.side.value if hq is not None else "its side's"
            raise FieldError(f"commander must be a {side} leader of this scenario (10.1); "
                             f"{leader_id} is not")
        if isinstance(hq, HQ) and hq.commander == leader_id:
            return None
        return SetValue(path, leader_id, f"{hq_id}: commander {leader_id}")

    def set_roster(self, unit_id: str, hq_id: str | None) -> Edit | None:
        """Put a division or train on an HQ's roster (moving it to the HQ's hex), or take it
        off any (None)."""
        unit = self.find(unit_id)
        if unit is None or not isinstance(unit.piece, Division | Train):
            raise FieldError(f"only a division or a train goes on a roster (16.16); "
                             f"{unit_id} is not one")
        current = self.hq_of(unit_id)
        if (current.id if current else None) == hq_id:
            return None
        edits: list[Edit] = []
        if current is not None:
            edits.append(self._leave_roster(current, unit_id))
        if hq_id is not None:
            hq = self.piece(hq_id)
            if not isinstance(hq, HQ) or hq.side is not unit.piece.side:
                raise FieldError(f"{hq_id} is not an HQ of {unit_id}'s side (16.16)")
            if len(hq.roster) >= ROSTER_ROOM:
                raise FieldError(f"{hq_id}'s roster is full ({ROSTER_ROOM} units)")
            edits.append(self._join_roster(hq, unit_id))
            if unit.piece.hex != hq.hex:
                edits.append(self._set_at(unit, hq.hex))
        target = f"on {hq_id}'s roster" if hq_id else "on no roster"
        return Batch(tuple(edits), f"{unit_id} {target}")

    # --- helpers ---------------------------------------------------------------------------------
    def _at_path(self, placed: PlacedPiece) -> tuple[str, int, str]:
        return (placed.section, placed.index, "at")

    def _set_at(self, placed: PlacedPiece, h: Hex) -> Edit:
        return SetValue(self._at_path(placed), quoted(self.at_text(h)))

    def _hq_index(self, hq_id: str) -> int:
        where = self.entry_of(hq_id)
        assert where is not None and where[0] == "hqs"
        return where[1]

    def _leave_roster(self, hq: HQ, unit_id: str) -> Edit:
        index = self._hq_index(hq.id)
        return RemoveItem(("hqs", index, "roster"), hq.roster.index(unit_id))

    def _join_roster(self, hq: HQ, unit_id: str) -> Edit:
        index = self._hq_index(hq.id)
        if isinstance(self.entries("hqs")[index].get("roster"), list):
            return InsertItem(("hqs", index, "roster"), len(hq.roster), unit_id)
        return SetValue(("hqs", index, "roster"), flow_seq([unit_id]))

    def _join_roster_at(self, unit_id: str, side: Side, h: Hex) -> list[Edit]:
        hq = next((p for p in self.pieces_at(h) if isinstance(p, HQ) and p.side is side
                   and len(p.roster) < ROSTER_ROOM), None)
        return [self._join_roster(hq, unit_id)] if hq is not None else []


def _line_of_key(doc: YamlFileDocument, key: str) -> int:
    lc = getattr(doc.data, "lc", None)
    try:
        return int(lc.key(key)[0]) + 1 if lc is not None else 1
    except (KeyError, TypeError):
        return 1
