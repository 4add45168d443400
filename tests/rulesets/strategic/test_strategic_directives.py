"""A scenario's directives (docs/ai.md, "Directives"): what each government ordered its field
army, read from the scenario file and checked like the rest of it."""

from __future__ import annotations

from pathlib import Path

import pytest

from gameapp.core.rulesets.strategic.scenario import ENEMY_ARMY, load_strategic
from gameapp.core.units import Side
from gameapp.core.yamlsource import DataError
from tests.rulesets.strategic.positions import HAZEL, SMALL_MAP


def _hazel_with(tmp_path: Path, text: str) -> Path:
    (tmp_path / "small_theatre.yaml").write_text(SMALL_MAP.read_text(encoding="utf-8"))
    path = tmp_path / "hazel.yaml"
    path.write_text(HAZEL.read_text(encoding="utf-8") + text, encoding="utf-8")
    return path


def test_a_directive_is_read_for_its_side_only(tmp_path: Path) -> None:
    assert load_strategic(_hazel_with(tmp_path, "")).directives == {}
    path = _hazel_with(tmp_path, """
directives:
  union:
    objective: enemy_army
    why: "Lincoln, April and June 1863: the enemy's army, not Richmond"
    source: "a test"
""")
    assert load_strategic(path).directives == {Side.UNION: ENEMY_ARMY}


def test_an_unknown_objective_is_refused_with_its_line(tmp_path: Path) -> None:
    path = _hazel_with(tmp_path, """
directives:
  confederate:
    objective: take_philadelphia
    why: "no such directive"
    source: "a test"
""")
    lines = path.read_text(encoding="utf-8").splitlines()
    line = next(i for i, text in enumerate(lines, 1) if "take_philadelphia" in text)
    with pytest.raises(DataError) as error:
        load_strategic(path)
    message = str(error.value)
    assert f"hazel.yaml:{line}" in message and "objective" in message


def test_a_directive_without_its_source_is_refused(tmp_path: Path) -> None:
    path = _hazel_with(tmp_path, """
directives:
  union: {objective: enemy_army, why: "uncited"}
""")
    with pytest.raises(DataError) as error:
        load_strategic(path)
    assert "source" in str(error.value)
