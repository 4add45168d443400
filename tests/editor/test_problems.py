"""Live problems: over-stacking and terrain by the movement rules, and the loader's checks."""

from __future__ import annotations

from pathlib import Path

import pytest

from gameapp.editor.problems import DATA, STACKING, TERRAIN, live_problems
from gameapp.editor.scenario_doc import ScenarioDocument
from gameapp.editor.validate import validate_text


@pytest.fixture
def doc(demo_copy: Path) -> ScenarioDocument:
    return ScenarioDocument.load(demo_copy)


def test_the_shipped_demo_has_no_problems(doc: ScenarioDocument) -> None:
    assert live_problems(doc) == []


def test_an_over_stacked_hex_is_listed_with_its_rule(doc: ScenarioDocument) -> None:
    # 1303 is oak and brush, SL 12 (TEC N1). US-2MD has 5 SPs; US-9NH adds 9: 14 > 12.
    doc.doc.apply(doc.move("US-9NH", doc.map.parse("1303")))  # type: ignore[arg-type]
    problems = live_problems(doc)
    assert [(p.kind, doc.hex_id(p.hex), p.rule) for p in problems if p.hex] == [
        (STACKING, "1303", "TEC N1")]
    assert problems[0].message == "14 SPs (cavalry counting 2) in oak and brush: the limit is 12"


def test_the_flat_option_counts_artillery_at_three_quarters(doc: ScenarioDocument) -> None:
    doc.doc.apply(doc.set_field(("options", "stacking"), "flat_8"))  # type: ignore[arg-type]
    # 1209: US-21MA 4 SPs; US-DPA 6 guns x 0.75 = 4.5 -> 8.5 > 8 (000 6.1; leaders do not count)
    doc.doc.apply(doc.move("US-DPA", doc.map.parse("1209")))  # type: ignore[arg-type]
    found = [p for p in live_problems(doc)
             if p.kind == STACKING and p.hex == doc.map.parse("1209")]
    assert [(p.message, p.rule) for p in found] == [
        ("8.5 stacking points in one hex: at most 8", "000 6.1")]


def test_mounted_cavalry_in_rocky_woods_is_a_terrain_problem(doc: ScenarioDocument) -> None:
    # rocky woods are P for cavalry in line order (mounted, not in column)
    doc.doc.apply(doc.move("US-8IL", doc.map.parse("1901")))  # type: ignore[arg-type]
    found = [p for p in live_problems(doc) if p.kind == TERRAIN]
    assert [(doc.hex_id(p.hex), p.rule) for p in found] == [("1901", "TEC rocky woods")]
    assert found[0].message == "US-8IL (mounted) may not be in rocky woods"


def test_the_loader_s_own_checks_come_with_line_and_hex(doc: ScenarioDocument) -> None:
    # both sides in one hex is the loader's check (scenariocheck), not a stacking limit
    doc.doc.apply(doc.move("CS-15GA", doc.map.parse("1303")))  # type: ignore[arg-type]
    found = [p for p in live_problems(doc) if p.kind == DATA]
    assert len(found) == 1
    assert doc.hex_id(found[0].hex) == "1303"
    assert "already holds Union units" in found[0].message
    assert found[0].line == 58  # CS-15GA's line in scenarios/demo.yaml (the edit keeps lines)


def test_validate_reports_problems_under_the_real_file_name(doc: ScenarioDocument) -> None:
    assert validate_text(doc.path, doc.doc.text()) == []
    doc.doc.apply(doc.move("CS-15GA", doc.map.parse("1303")))  # type: ignore[arg-type]
    problems = validate_text(doc.path, doc.doc.text())
    assert [(p.file, p.line) for p in problems] == [(str(doc.path), 58)]
    assert not list(doc.path.parent.glob(".*"))  # the temporary file is gone
