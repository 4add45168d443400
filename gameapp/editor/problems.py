"""The live problems of a scenario being edited, each with the hex it is about when it has one.

- stacking: the scenario's stacking option, checked by the movement rules' own
  `stacking_problem` in every hex that holds counters at the start;
- terrain: a counter in terrain its formation may not enter (a P cell of the terrain effects
  chart for its mover class: unlimbered artillery is read as artillery, a square as infantry
  in line);
- data: what `gameapp validate` would say of the scenario itself (the schema, the loader's
  checks and the special rules), at the line the file would have if saved now.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from gameapp.core.hexgrid import Hex
from gameapp.core.rules.movement.costs import mover_class
from gameapp.core.rules.movement.stacking import stacking_problem
from gameapp.core.rules.tables import MoverClass, terrain_effects
from gameapp.core.scenariocheck import ScenarioBuilder, quote_problems
from gameapp.core.specialrules import read_special_rules
from gameapp.core.units import Unit, UnitKind
from gameapp.core.yamlsource import (
    DataError,
    YamlDocument,
    load_schema,
    parse_yaml,
    schema_problems,
)
from gameapp.editor.scenario_doc import ScenarioDocument

STACKING, TERRAIN, DATA = "stacking", "terrain", "data"


class HexNames(Protocol):
    """What names a hex in a problem's text (a tactical or a strategic scenario document)."""

    def hex_id(self, h: Hex) -> str: ...


@dataclass(frozen=True)
class EditorProblem:
    kind: str  # STACKING, TERRAIN or DATA
    message: str
    hex: Hex | None = None
    rule: str = ""
    line: int = 0  # DATA problems: the line in the file as it would be saved

    def text(self, doc: HexNames) -> str:
        where = f"{doc.hex_id(self.hex)}: " if self.hex is not None else ""
        line = f"line {self.line}: " if self.line else ""
        cited = f" ({self.rule})" if self.rule else ""
        return f"{where}{line}{self.message}{cited}"


def live_problems(doc: ScenarioDocument) -> list[EditorProblem]:
    units = doc.units()
    return placement_problems(doc, units) + data_problems(doc)


def placement_problems(doc: ScenarioDocument, units: list[Unit]) -> list[EditorProblem]:
    found: list[EditorProblem] = []
    chart = terrain_effects()
    stacks: dict[Hex, list[Unit]] = {}
    for unit in units:
        stacks.setdefault(unit.hex, []).append(unit)
    option = doc.stacking_option()
    for h, stack in stacks.items():
        over = stacking_problem(h, stack, doc.map, chart, option)
        if over is not None:
            found.append(EditorProblem(STACKING, over[0], h, over[1]))
    for unit in units:
        entry = chart.terrain_entry(doc.map.terrain_at(unit.hex))
        mover = placed_mover(unit)
        if entry.move_cost(mover).prohibited:
            found.append(EditorProblem(
                TERRAIN,
                f"{unit.id} ({unit.formation.value}) may not be in {entry.key}",
                unit.hex, entry.rule,
            ))  # fmt: skip
    return found


def placed_mover(unit: Unit) -> MoverClass:
    """The chart column of a counter standing in a hex (also when its formation cannot move)."""
    mover = mover_class(unit)
    if mover is not None:
        return mover
    return MoverClass.ARTILLERY if unit.kind is UnitKind.ARTILLERY else MoverClass.INFANTRY_LINE


def data_problems(doc: ScenarioDocument) -> list[EditorProblem]:
    """The loader's checks of the scenario text as it would be saved (map and counters loaded)."""
    try:
        parsed = parse_yaml(doc.doc.text(), doc.path)
    except DataError as error:
        return [EditorProblem(DATA, p.message, line=p.line) for p in error.problems]
    if not isinstance(parsed.data, dict):
        return [EditorProblem(DATA, "the file is not a scenario (name:, map:, setup:)", line=1)]
    problems = quote_problems(parsed) + schema_problems(parsed, load_schema("scenario"))
    builder = ScenarioBuilder(parsed, doc.map, doc.oob)
    builder.build()
    problems += builder.problems
    problems += read_special_rules(parsed, doc.oob, doc.map.numbering)[1]
    hexes = _hexes_by_line(parsed, doc)
    return [
        EditorProblem(DATA, p.message, hexes.get(p.line), line=p.line)
        for p in sorted(set(problems), key=lambda p: p.line)
    ]


def _hexes_by_line(parsed: YamlDocument, doc: ScenarioDocument) -> dict[int, Hex]:
    """The hex of the setup entry or reinforcement group on each line, to go to a problem."""
    hex_of: dict[tuple[str, int], Hex] = {}
    for key in ("setup", "reinforcements"):
        items = parsed.data.get(key)
        for i, item in enumerate(items if isinstance(items, list) else []):
            h = doc.parse_hex(item.get("hex")) if isinstance(item, dict) else None
            if h is not None:
                hex_of[(key, i)] = h
    found: dict[int, Hex] = {}
    for path, line in parsed.lines.items():
        h = hex_of.get((str(path[0]), int(path[1]))) if len(path) >= 2 and isinstance(
            path[1], int) else None
        if h is not None:
            found.setdefault(line, h)
    return found
