"""Scenario special rules the engine knows, read from a scenario's `special_rules:` list.

`held_until_released` (Slaughter Mountain, 000 22.2): some units may not move, fire or charge
until they are released; some of them (`may_fire`) may fire from the start but not move. They are
released from the start of a named turn, or from the phase after an enemy unit enters any hex of a
named hexrow, whichever comes first.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from gameapp.core.numbering import Numbering
from gameapp.core.units import Side, UnitDef
from gameapp.core.yamlsource import JsonPath, Problem, YamlDocument


@dataclass(frozen=True)
class HeldUntilReleased:
    name: str
    units: frozenset[str]  # may not move, fire or charge until released
    may_fire: frozenset[str]  # held for movement only
    release_turn: int | None  # released from the start of this turn
    release_hexrow: str | None  # ... or from the phase after an enemy enters any of its hexes
    released_by: Side  # whose units entering the hexrow release them
    rule: str = "000 22.2"

    @property
    def held(self) -> frozenset[str]:
        return self.units | self.may_fire

    def triggered_by(self, side: Side, hex_ids: Iterable[str]) -> bool:
        """Whether `side` moving through these hexes releases the units."""
        if self.release_hexrow is None or side is not self.released_by:
            return False
        return any(h[-4:-2] == self.release_hexrow for h in hex_ids)


@dataclass(frozen=True)
class LeaderFalls:
    """A historical event: a leader is struck down at the start of a turn. When `optional`, it
    happens only with the scenario option `historical_events` switched on."""

    name: str
    unit: str
    turn: int
    optional: bool = True
    rule: str = "R&C historical events"


SpecialRule = HeldUntilReleased | LeaderFalls


def read_special_rules(
    doc: YamlDocument, oob: dict[str, UnitDef], numbering: Numbering | None
) -> tuple[list[SpecialRule], list[Problem]]:
    """The scenario's special rules, and the problems the schema could not see."""
    rules: list[SpecialRule] = []
    problems: list[Problem] = []
    entries = doc.data.get("special_rules") or []
    for i, entry in enumerate(entries if isinstance(entries, list) else []):
        if not isinstance(entry, dict):
            continue
        path: JsonPath = ("special_rules", i)
        if entry.get("rule") == "leader_falls":
            unit_id = str(entry.get("unit"))
            if unit_id not in oob:
                problems.append(doc.problem((*path, "unit"), f"special_rules[{i}].unit: unknown "
                                            f"unit '{unit_id}'"))
            rules.append(LeaderFalls(str(entry.get("name", f"{unit_id} falls")), unit_id,
                                     _int_or_none(entry.get("turn")) or 1,
                                     bool(entry.get("optional", True)),
                                     str(entry.get("case", "R&C historical events"))))
            continue
        if entry.get("rule") != "held_until_released":
            continue
        ids: dict[str, frozenset[str]] = {}
        for key in ("units", "may_fire"):
            given = entry.get(key, [])
            listed = [str(u) for u in given] if isinstance(given, list) else []
            for j, unit_id in enumerate(listed):
                if unit_id not in oob:
                    problems.append(doc.problem((*path, key, j), f"special_rules[{i}].{key}: "
                                                f"unknown unit '{unit_id}'"))
            ids[key] = frozenset(listed)
        hexrow = entry.get("release_hexrow")
        if hexrow is not None and numbering is not None and not _hexrow_exists(numbering, hexrow):
            problems.append(doc.problem((*path, "release_hexrow"),
                                        f"special_rules[{i}].release_hexrow: no hexrow "
                                        f"'{hexrow}' on this map"))
        rules.append(HeldUntilReleased(
            name=str(entry.get("name", "held until released")),
            units=ids["units"],
            may_fire=ids["may_fire"],
            release_turn=_int_or_none(entry.get("release_turn")),
            release_hexrow=str(hexrow) if hexrow is not None else None,
            released_by=_side(entry.get("released_by", "union")),
            rule=str(entry.get("case", "000 22.2")),
        ))
    return rules, problems


def _hexrow_exists(numbering: Numbering, hexrow: str) -> bool:
    return any(numbering.hex_id(h)[-4:-2] == hexrow for h in numbering.hexes())


def _side(value: Any) -> Side:
    """The side named, or the Union (the default) where the schema has refused the value: the
    rules are read on, to report every problem of the file at once, but not built on it."""
    return next((side for side in Side if side.value == value), Side.UNION)


def _int_or_none(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None
