"""The live problems of a strategic scenario being edited: what the game's own loader
(`load_strategic`: the schema, places, ids, rosters, commanders, the counter mix, the schedule
and victory) says of the text as it would be saved, each at its line and, when the line is a
piece's entry, with that piece's hex to go to."""

from __future__ import annotations

from gameapp.core.hexgrid import Hex
from gameapp.core.rulesets.strategic.scenario import load_strategic
from gameapp.core.yamlsource import DataError, parse_yaml
from gameapp.editor.problems import DATA, EditorProblem
from gameapp.editor.strategic_doc import StrategicScenarioDocument
from gameapp.editor.strategic_fields import SECTIONS
from gameapp.editor.validate import load_text_beside


def strategic_problems(doc: StrategicScenarioDocument) -> list[EditorProblem]:
    text = doc.doc.text()
    try:
        load_text_beside(doc.path, text, load_strategic)
    except DataError as error:
        hexes = _hexes_by_line(doc, text)
        return [EditorProblem(DATA, p.message, hexes.get(p.line), line=p.line)
                for p in sorted(set(error.problems), key=lambda p: p.line)]
    return []


def _hexes_by_line(doc: StrategicScenarioDocument, text: str) -> dict[int, Hex]:
    """The hex of the piece whose entry is on each line."""
    try:
        parsed = parse_yaml(text, doc.path)
    except DataError:
        return {}
    found: dict[int, Hex] = {}
    for path, line in parsed.lines.items():
        if len(path) < 2 or path[0] not in SECTIONS or not isinstance(path[1], int):
            continue
        entries = doc.entries(str(path[0]))
        if path[1] < len(entries) and isinstance(entries[path[1]], dict):
            h = doc.parse_at(entries[path[1]].get("at"))
            if h is not None:
                found.setdefault(line, h)
    return found
