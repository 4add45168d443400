"""A strategic scenario's schedule in the editor: its reinforcements, withdrawals and leader
events by week (docs/strategic-rules.md, "Schedules"), listed, added, removed and changed field
by field, each change an `Edit` of the YAML tree (undone on the window's stack; comments, order
and `source:` notes of the other entries kept).

Checks a designer meets at once, where the schema alone would let a mistake through to the
problems list: a week within the scenario's own turns, a date that is a real day, an `at:` that
names a place or hex of the map, a `unit`, `by` or `replaces` that names a piece of the scenario
or one its schedule brings in. The rest (what the loader checks across entries) is listed live
by `strategic_problems`.

Decisions (docs/editor.md, "Schedule and victory places"):
- a new entry goes at the end of its list: the ids the game gives scheduled arrivals are made
  from the entry's week and place in its list (`un-w3-1-s1`), so appending renames none of the
  arrivals already written; the editor lists the entries by week whatever their order;
- a new entry's date is its week's first day (the scenario's `start` plus whole weeks), and a
  date that was its week's first day moves with the week when the week is changed.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

from ruamel.yaml.comments import CommentedSeq

from gameapp.editor.edits import Batch, DeleteKey, Edit, InsertItem, RemoveItem, SetValue
from gameapp.editor.strategic_doc import StrategicScenarioDocument
from gameapp.editor.strategic_fields import FieldError, FieldSpec, field_spec
from gameapp.editor.yamltext import flow_map, quoted

LISTS = ("reinforcements", "withdrawals", "leader_events")
KIND = {"reinforcements": "reinforcement", "withdrawals": "withdrawal",
        "leader_events": "leader event"}
SIDES = ("union", "confederate", "both")
# The fields of an entry the form shows, by list, in the order shown (the words in `what`, or
# in `event` where the entry has it; ships, HQs and arriving leaders stay in the file).
FIELDS = {
    "reinforcements": ("week", "date", "side", "what", "at", "sp", "divisions", "name",
                       "quality", "arm", "unit", "with", "option", "default", "source"),
    "withdrawals": ("week", "date", "side", "what", "unit", "sp", "arm", "option", "default",
                    "source"),
    "leader_events": ("week", "date", "side", "event", "at", "by", "replaces", "option",
                      "default", "source"),
}
PIECE_FIELDS = ("unit", "by", "replaces", "with")  # fields naming a piece
NEW_WORDS = "to be written"


@dataclass(frozen=True)
class ScheduleRow:
    """One entry as the editor lists it."""

    kind: str  # its list: reinforcements, withdrawals or leader_events
    index: int  # its place in that list
    week: int | None  # None: not a whole number (the problems list says so)
    side: str
    words: str  # what happens (`what`, else `event`)
    at: str  # where, as the file says it ('' if nowhere)

    @property
    def label(self) -> str:
        week = f"week {self.week}" if self.week is not None else "week ?"
        return f"{week}, {self.side}: {KIND[self.kind]}: {self.words}"


class StrategicSchedule:
    """The schedule of one strategic scenario being edited (its document's lists)."""

    def __init__(self, doc: StrategicScenarioDocument) -> None:
        self.doc = doc

    # --- reading ------------------------------------------------------------------------------
    @property
    def turns(self) -> int:
        turns = self.doc.data.get("turns")
        return turns if isinstance(turns, int) and not isinstance(turns, bool) and turns > 0 \
            else 260

    @property
    def start(self) -> datetime.date | None:
        try:
            return datetime.date.fromisoformat(str(self.doc.data.get("start", "")))
        except ValueError:
            return None

    def week_date(self, week: int) -> str | None:
        """The first day of a week ('1862-03-08'), None without a readable start."""
        start = self.start
        return None if start is None else (start + datetime.timedelta(weeks=week - 1)).isoformat()

    def entries(self, kind: str) -> list[Any]:
        return self.doc.entries(kind)

    def entry(self, kind: str, index: int) -> dict[str, Any]:
        entries = self.entries(kind)
        if kind not in LISTS or not 0 <= index < len(entries) or \
                not isinstance(entries[index], dict):
            raise FieldError(f"there is no {KIND.get(kind, kind)} {index + 1}")
        entry: dict[str, Any] = entries[index]
        return entry

    def rows(self) -> list[ScheduleRow]:
        """Every entry, by week (then reinforcements, withdrawals, leader events, in file
        order); an entry that is not a mapping is left to the problems list."""
        found = []
        for kind in LISTS:
            for i, e in enumerate(self.entries(kind)):
                if not isinstance(e, dict):
                    continue
                week = e.get("week")
                week = week if isinstance(week, int) and not isinstance(week, bool) else None
                words = str(e.get("what") or e.get("event") or "")
                found.append(ScheduleRow(kind, i, week, str(e.get("side", "")), words,
                                         str(e.get("at", ""))))
        order = {kind: n for n, kind in enumerate(LISTS)}
        return sorted(found, key=lambda r: (r.week if r.week is not None else 0, order[r.kind],
                                            r.index))

    def fields(self, kind: str, index: int) -> tuple[FieldSpec, ...]:
        """The form's fields of one entry: `event` in place of `what` where it has `event`."""
        entry = self.entry(kind, index)
        keys = [k for k in FIELDS[kind]]
        if kind != "leader_events" and "event" in entry and "what" not in entry:
            keys[keys.index("what")] = "event"
        if kind == "leader_events" and "what" in entry and "event" not in entry:
            keys[keys.index("event")] = "what"
        return tuple(field_spec(kind, key) for key in keys)

    def value(self, kind: str, index: int, key: str) -> Any:
        """A field's value as the game reads it: `default` (whether an option's entry is
        played by default) is on where the file leaves it out."""
        entry = self.entry(kind, index)
        return entry.get(key, True) if key == "default" else entry.get(key)

    def known_ids(self) -> set[str]:
        """The ids a schedule may name: the scenario's pieces and the leaders, HQs and named
        units its schedule brings in."""
        ids = self.doc.ids()
        for kind in LISTS:
            for e in self.entries(kind):
                if not isinstance(e, dict):
                    continue
                if isinstance(e.get("leader"), dict):
                    ids.add(str(e["leader"].get("id")))
                ids.update(str(h.get("id")) for h in e.get("hqs", ()) if isinstance(h, dict))
        return ids

    # --- changing -----------------------------------------------------------------------------
    def add(self, kind: str, week: int, side: str, at: str | None = None) -> tuple[Edit, int]:
        """A new entry at the end of its list (module docstring): the edit and its index. A
        reinforcement comes as 4 SP of green infantry at `at` (a place or hex of the map)."""
        if kind not in LISTS:
            raise FieldError(f"the schedule's lists are {', '.join(LISTS)}; not {kind}")
        week = self._week(week)
        if side not in SIDES:
            raise FieldError(f"side must be one of {', '.join(SIDES)}; '{side}' is not")
        entry: dict[str, Any] = {"week": week}
        date = self.week_date(week)
        if date is not None:
            entry["date"] = date
        entry["side"] = side
        words = "event" if kind == "leader_events" else "what"
        entry[words] = f"new {KIND[kind]} ({NEW_WORDS})"
        if kind == "reinforcements":
            if at is None or not at.strip():
                raise FieldError("a reinforcement arrives somewhere: select a hex first")
            entry.update(sp=4, name="New reinforcements", quality="green",
                         at=self._at(at))
        elif kind == "withdrawals":
            entry.update(sp=2, arm="infantry")
        elif at:
            entry["at"] = self._at(at)
        entry["source"] = NEW_WORDS
        index = len(self.entries(kind))
        label = f"Add a {KIND[kind]} in week {week}"
        if isinstance(self.doc.data.get(kind), list):
            return InsertItem((kind,), index, flow_map(entry), label), index
        return SetValue((kind,), CommentedSeq([flow_map(entry)]), label), index

    def remove(self, kind: str, index: int) -> Edit:
        entry = self.entry(kind, index)
        return RemoveItem((kind,), index, f"Remove the {KIND[kind]} of week "
                                          f"{entry.get('week', '?')}")

    def set_field(self, kind: str, index: int, key: str, value: Any) -> Edit | None:
        """Change one field of an entry; FieldError (saying why) when it cannot be, None when
        it is so already. An optional field left empty is taken out."""
        entry = self.entry(kind, index)
        if key not in FIELDS[kind] and key not in ("what", "event"):
            raise FieldError(f"{key} is not a field the editor changes in a {KIND[kind]}")
        spec = field_spec(kind, key)
        # the week is held to the scenario's turns, not the schema's 260 alone
        checked = self._week(value) if key == "week" else spec.check(value)
        path = (kind, index, key)
        label = f"{KIND[kind].capitalize()} {index + 1}: {key}"
        if checked == "":  # an optional field emptied (a required one is refused above)
            return DeleteKey(path, label) if key in entry else None
        checked = self._meaning(key, checked)
        if self.value(kind, index, key) == checked:
            return None
        edits: list[Edit] = [SetValue(path, quoted(checked) if isinstance(checked, str)
                                      else checked)]
        if key == "week" and isinstance(entry.get("week"), int) and \
                str(entry.get("date", "")) == self.week_date(entry["week"]):
            edits.append(SetValue((kind, index, "date"), quoted(self.week_date(checked) or "")))
        return Batch(tuple(edits), f"{label} {checked}")

    # --- checks beyond the schema ---------------------------------------------------------
    def _meaning(self, key: str, value: Any) -> Any:
        if key == "week":
            return self._week(value)
        if key == "date":
            try:
                datetime.date.fromisoformat(value)
            except ValueError:
                raise FieldError(f"date must be a day written YYYY-MM-DD; {value} is "
                                 "not one") from None
        if key == "at":
            return self._at(value)
        if key in PIECE_FIELDS and value not in self.known_ids():
            raise FieldError(f"{key} names {value}, but no piece {value} is in this scenario "
                             "nor brought in by its schedule")
        return value

    def _week(self, week: Any) -> int:
        if isinstance(week, bool) or not isinstance(week, int) or not 1 <= week <= self.turns:
            raise FieldError(f"week must be a whole number from 1 to {self.turns} (the "
                             f"scenario's turns); {week} is not")
        return week

    def _at(self, text: str) -> str:
        """A place or hex of the map, as the file writes it: 'Richmond, VA' or 'C2516'."""
        text = text.strip()
        h = self.doc.parse_at(text)
        if h is None:
            raise FieldError(f"at must name a place of the map ('Richmond, VA') or one of its "
                             f"hexes; '{text}' is neither")
        return text
