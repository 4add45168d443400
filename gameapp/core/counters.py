"""The order-of-battle (counters) file: every printed counter of a battle, nested by command.

A counters file lists, per side, its commands (corps, wings), divisions and brigades, each with
an optional leader and its infantry, cavalry and artillery counters (see docs/file-formats.md
and schemas/counters.schema.json). `load_counters` returns the counters as `UnitDef`s keyed by
id, in file order, each knowing its brigade, division and command. Every problem is reported as
`file:line: message` in one `DataError`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gameapp.core.units import GunType, Side, SmallArms, UnitDef, UnitKind
from gameapp.core.yamlsource import (
    DataError,
    JsonPath,
    Problem,
    YamlDocument,
    load_schema,
    load_yaml,
    schema_problems,
)

# The lists of counters a formation may hold, and the kind of counter in each.
UNIT_LISTS: tuple[tuple[str, UnitKind], ...] = (
    ("infantry", UnitKind.INFANTRY),
    ("cavalry", UnitKind.CAVALRY),
    ("artillery", UnitKind.ARTILLERY),
)
# The levels of the chain of command below a side, highest first: (list key, level name).
LEVELS: tuple[tuple[str, str], ...] = (
    ("commands", "corps"),
    ("divisions", "division"),
    ("brigades", "brigade"),
)


_TYPE_LABELS = {
    bool: "a boolean",
    int: "a number",
    float: "a number",
    str: "a string",
    list: "a list",
}


def is_d66(value: int) -> bool:
    """True for a two-dice value read as tens and units: 11..16, 21..26, ... 61..66."""
    tens, units = divmod(value, 10)
    return 1 <= tens <= 6 and 1 <= units <= 6


@dataclass(frozen=True)
class CounterEntry:
    """One counter as written in the file, with where it sits in the chain of command."""

    path: JsonPath
    side: Side
    kind: UnitKind
    data: dict[str, Any]
    chain: tuple[tuple[str, str], ...]  # (level, name) pairs from the top down


def load_counters(path: str | Path) -> dict[str, UnitDef]:
    """Load a counters file. Returns every counter by id; raises DataError listing each problem."""
    return counters_from_document(load_yaml(path))


def counters_from_document(doc: YamlDocument) -> dict[str, UnitDef]:
    if not isinstance(doc.data, dict):
        found = _TYPE_LABELS.get(type(doc.data), type(doc.data).__name__)
        raise DataError(
            [doc.problem((), f"expected a counters file (name:, sides:) at the top, got {found}")]
        )
    problems = schema_problems(doc, load_schema("counters"))
    entries = list(_entries(doc.data))
    problems += _check_entries(doc, entries)
    if not entries and not problems:
        # most often a file cut short: say where what there is of its sides ends
        last = max((n for path, n in doc.lines.items() if path[:1] == ("sides",)),
                   default=doc.line_of(("sides",)))
        problems.append(doc.problem(("sides",), "the file defines no counters (what there is "
                                    f"under sides: ends on line {last})"))
    if problems:
        problems.sort(key=lambda p: p.line)
        raise DataError(problems)
    return {str(e.data["id"]): _unit_def(e) for e in entries}


# --- walking the nested structure (defensively: the schema has reported any bad shapes) ---------
def _entries(data: dict[str, Any]) -> Iterator[CounterEntry]:
    sides = data.get("sides")
    if not isinstance(sides, dict):
        return
    for side in Side:
        body = sides.get(side.value)
        if isinstance(body, dict):
            yield from _formation(body, ("sides", side.value), side, ())


def _formation(
    body: dict[str, Any], path: JsonPath, side: Side, chain: tuple[tuple[str, str], ...]
) -> Iterator[CounterEntry]:
    leader = body.get("leader")
    if isinstance(leader, dict):
        yield CounterEntry((*path, "leader"), side, UnitKind.LEADER, leader, chain)
    for key, kind in UNIT_LISTS:
        for i, item in _items(body, key):
            yield CounterEntry((*path, key, i), side, kind, item, chain)
    for key, level in LEVELS:
        for i, item in _items(body, key):
            name = item.get("name")
            link = (level, name if isinstance(name, str) else "")
            yield from _formation(item, (*path, key, i), side, (*chain, link))


def _items(body: dict[str, Any], key: str) -> Iterator[tuple[int, dict[str, Any]]]:
    items = body.get(key)
    if isinstance(items, list):
        for i, item in enumerate(items):
            if isinstance(item, dict):
                yield i, item


# --- checks the schema cannot make ------------------------------------------------------------
def _check_entries(doc: YamlDocument, entries: list[CounterEntry]) -> list[Problem]:
    problems: list[Problem] = []
    first_line: dict[str, int] = {}
    for entry in entries:
        unit_id = entry.data.get("id")
        if isinstance(unit_id, str):
            line = doc.line_of((*entry.path, "id"))
            if unit_id in first_line:
                problems.append(
                    Problem(
                        doc.name,
                        line,
                        f"duplicate unit id '{unit_id}' (first on line {first_line[unit_id]})",
                    )
                )
            else:
                first_line[unit_id] = line
        morale = entry.data.get("morale")
        if isinstance(morale, int) and not isinstance(morale, bool) and not is_d66(morale):
            who = f"unit '{unit_id}'" if isinstance(unit_id, str) else "unit"
            problems.append(
                doc.problem(
                    (*entry.path, "morale"),
                    f"{who}: morale {morale} is not a d66 value "
                    "(two digits, each 1 to 6, such as 35 or 42)",
                )
            )
    return problems


# --- building UnitDefs (only from a file that passed every check) ------------------------------
def _unit_def(entry: CounterEntry) -> UnitDef:
    data = entry.data
    names = dict(entry.chain)
    common: dict[str, Any] = {
        "id": str(data["id"]),
        "side": entry.side,
        "name": str(data["name"]),
        "kind": entry.kind,
        "brigade": names.get("brigade", ""),
        "division": names.get("division", ""),
        "corps": names.get("corps", ""),
        "source": str(data.get("source", "")),
        "regular": bool(data.get("regular", False)),
        "detachment": bool(data.get("detachment", False)),
        "horse_holders": bool(data.get("horse_holders", False)),
    }
    if entry.kind is UnitKind.LEADER:
        return UnitDef(
            **common,
            strength=0,
            morale=0,
            leader_morale_bonus=int(data["morale_bonus"]),
            leader_command=int(data["command"]),
        )
    strength, morale = int(data["strength"]), int(data["morale"])
    fire_power = float(data.get("fire_power", 1.0))
    if entry.kind is UnitKind.ARTILLERY:
        gun_label = " ".join(str(data["gun"]).split())
        return UnitDef(
            **common,
            strength=strength,
            morale=morale,
            fire_power=fire_power,
            gun=GunType(gun_label.split()[1]),
            gun_label=gun_label,
            horse_artillery=bool(data.get("horse", False)),
        )
    return UnitDef(
        **common,
        strength=strength,
        morale=morale,
        weapon=SmallArms(str(data["weapon"])),
        fire_power=fire_power,
    )
