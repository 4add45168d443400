"""Copies of the shipped strategic scenarios in a test's folder, naming the game's own theatre
map by a relative path (allowed: the game's maps/), so the compiled map is shared."""

from __future__ import annotations

import os
import re
from pathlib import Path

from gameapp.editor.edits import Edit
from gameapp.editor.strategic_doc import StrategicScenarioDocument

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "scenarios"
STRATEGIC = ("east_1862", "west_1862", "east_1863", "west_1863", "east_1864", "west_1864")


def copy_strategic(name: str, folder: Path) -> Path:
    text = (SCENARIOS / f"{name}.yaml").read_text(encoding="utf-8")
    found = re.search(r"^map: (\S+)$", text, re.MULTILINE)
    assert found is not None
    theatre = (SCENARIOS / found.group(1)).resolve()
    text = text.replace(found.group(0), f"map: {os.path.relpath(theatre, folder)}")
    target = folder / f"{name}.yaml"
    target.write_text(text, encoding="utf-8")
    return target


def apply(doc: StrategicScenarioDocument, edit: Edit | None) -> Edit:
    """Apply an edit the model offered (None: it refused, and the test fails here)."""
    assert edit is not None
    return doc.doc.apply(edit)
