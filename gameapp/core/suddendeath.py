"""Sudden death: a scenario's conditions that end the game at once, before the last turn.

    sudden_death:
      - {name: "The ridge carried", winner: union, holds: ["1407", "2208"]}
      - {name: "Sturgis wrecked", winner: confederate, enemy_losses: 25}

Each condition names the side it gives the victory to and exactly one test: `holds` (that side
holds every listed victory hex) or `enemy_losses` (the other side has lost at least that many
strength points). `rules/victory.py` evaluates them; this module is the model and the reader,
with the checks the schema cannot make (file:line problems).
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass
from typing import Any

from gameapp.core.hexgrid import Hex
from gameapp.core.numbering import HexIdError, Numbering
from gameapp.core.units import Side
from gameapp.core.yamlsource import JsonPath, Problem, YamlDocument


@dataclass(frozen=True)
class SuddenDeath:
    name: str
    winner: Side
    holds: tuple[Hex, ...] = ()  # victory hexes the winner must hold, all of them
    enemy_losses: int | None = None  # strength points the other side must have lost

    def describe(self, hex_id: Callable[[Hex], str] | None = None) -> str:
        """The condition in words, e.g. 'Union holds 1407 and 2208'."""
        if self.enemy_losses is not None:
            return f"{self.winner.other.label} has lost {self.enemy_losses} strength points"
        names = [hex_id(h) if hex_id else str(h) for h in self.holds]
        return f"{self.winner.label} holds {' and '.join(names)}"


def read_sudden_death(
    doc: YamlDocument, numbering: Numbering | None
) -> tuple[list[SuddenDeath], list[Problem]]:
    """The scenario's sudden-death conditions, and the problems the schema could not see:
    a condition with both tests or neither, a hex that is not one of the victory hexes, and a
    `holds` condition already met at the start (the game would end before it began)."""
    conditions: list[SuddenDeath] = []
    problems: list[Problem] = []
    entries = doc.data.get("sudden_death") or []
    victory = {str(v.get("hex")): v for _, v in _mappings(doc.data.get("victory_hexes"))}
    for i, entry in _mappings(entries):
        path: JsonPath = ("sudden_death", i)
        where = f"sudden_death[{i}]"
        if entry.get("winner") not in ("union", "confederate"):
            continue  # the schema has said so
        winner = Side(entry["winner"])
        holds = entry.get("holds")
        losses = entry.get("enemy_losses")
        if (holds is None) == (losses is None):
            problems.append(doc.problem(path, f"{where}: give exactly one of 'holds' (victory "
                                        "hexes to hold) or 'enemy_losses' (strength points)"))
            continue
        name = str(entry.get("name") or f"sudden death {i + 1}")
        if losses is not None:
            conditions.append(SuddenDeath(name, winner, enemy_losses=int(losses)))
            continue
        listed = holds if isinstance(holds, list) else []
        hexes: list[Hex] = []
        for j, hex_id in enumerate(listed):
            if str(hex_id) not in victory:
                problems.append(doc.problem((*path, "holds", j), f"{where}.holds: {hex_id} is "
                                            "not one of the scenario's victory_hexes"))
            elif numbering is not None:
                # a bad victory hex is reported where it is declared
                with suppress(HexIdError):
                    hexes.append(numbering.parse(str(hex_id)))
        held_at_start = all(victory.get(str(h), {}).get("holder") == winner.value
                            for h in listed)
        if listed and held_at_start and len(hexes) == len(listed):
            problems.append(doc.problem((*path, "holds"), f"{where}.holds: {winner.value} "
                                        "holds all of these at the start, so the game would be "
                                        "over before it began"))
        conditions.append(SuddenDeath(name, winner, holds=tuple(hexes)))
    return conditions, problems


def _mappings(entries: object) -> list[tuple[int, dict[str, Any]]]:
    if not isinstance(entries, list):
        return []
    return [(i, e) for i, e in enumerate(entries) if isinstance(e, dict)]
