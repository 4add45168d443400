"""The strategic ruleset's data files (data/tables.yaml, data/combat.yaml) read by one reader:
a designer's broken copy is a DataError at the line to mend, never a crash."""

from __future__ import annotations

from pathlib import Path

import pytest

from gameapp.core.rulesets.strategic.crt import combat_tables, load_combat_tables
from gameapp.core.rulesets.strategic.tables import load_tables, tables
from gameapp.core.yamlsource import DataError

DATA = Path(__file__).resolve().parents[3] / "gameapp" / "core" / "rulesets" / "strategic" / "data"


def broken_copy(tmp_path: Path, name: str, old: str, new: str) -> tuple[Path, int]:
    text = (DATA / name).read_text(encoding="utf-8")
    assert old in text
    line = text[: text.index(old)].count("\n") + 1
    path = tmp_path / name
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path, line


def test_the_packaged_tables_and_a_faithful_copy_read_alike(tmp_path: Path) -> None:
    for name in ("tables.yaml", "combat.yaml"):
        (tmp_path / name).write_bytes((DATA / name).read_bytes())
    assert load_tables(tmp_path / "tables.yaml").terrain_cost == tables().terrain_cost
    assert load_combat_tables(tmp_path / "combat.yaml").results == combat_tables().results


def test_an_unknown_terrain_is_reported_at_its_line(tmp_path: Path) -> None:
    path, line = broken_copy(tmp_path, "tables.yaml", "  clear: 1", "  clear: 1\n  glacier: 1")
    with pytest.raises(DataError) as error:
        load_tables(path)
    [problem] = error.value.problems
    # `glacier: 1` is the line after `clear: 1`
    assert (problem.file, problem.line) == (str(path), line + 1)
    assert "no theatre terrain 'glacier'" in problem.message


def test_odds_columns_out_of_order_are_reported_at_their_line(tmp_path: Path) -> None:
    path, line = broken_copy(tmp_path, "combat.yaml", '["1:3", "1:2"', '["1:2", "1:3"')
    with pytest.raises(DataError) as error:
        load_combat_tables(path)
    [problem] = error.value.problems
    assert (problem.file, problem.line) == (str(path), line)
    assert "worst to best" in problem.message


def test_a_folder_given_as_the_tables_is_refused_unread(tmp_path: Path) -> None:
    with pytest.raises(DataError) as error:
        load_tables(tmp_path)
    assert "not a regular file" in error.value.problems[0].message
