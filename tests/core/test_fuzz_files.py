"""Mutants of every shipped file and a save (issue 23): each loads, or gives a DataError at the
right line; nothing else escapes. A few hundred here with fixed seeds; bench/fuzz_files.py
runs ten thousand and more, with times and memory (docs/reliability.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.mutants import Mutant, Outcome, Workspace, mutants, shipped_files, table
from gameapp.core.yamlsource import Problem

PER_FILE = 30
LARGE_FILE_BYTES = 100_000  # the theatre maps (115 and 211 KB) take about a second a mutant
PER_LARGE_FILE = 4  # enough to cover them here; bench/fuzz_files.py gives them a full share
SEED = 23


@pytest.fixture(scope="module")
def space(tmp_path_factory: pytest.TempPathFactory) -> Workspace:
    return Workspace(tmp_path_factory.mktemp("fuzz"))


@pytest.mark.parametrize("source", shipped_files())
def test_mutants_load_or_name_their_line(space: Workspace, source: str) -> None:
    count = PER_LARGE_FILE if len(space.originals[source]) > LARGE_FILE_BYTES else PER_FILE
    outcomes = [space.load(m) for m in mutants(source, space.text(source), SEED, count)]
    print("\n" + table(outcomes, lambda o: o.mutant.operator, source))
    escaped = [f"{o.mutant.operator}: {o.result} {o.detail}" for o in outcomes
               if o.result.startswith("uncaught")]
    assert escaped == []
    wrong = [f"{o.mutant.operator} at {o.mutant.span}: {o.problems[0]}" for o in outcomes
             if o.right_line is False]
    assert wrong == []
    # the mix is not all one outcome: some mutants load, most are refused and judged
    assert sum(o.result == "DataError" for o in outcomes) > count // 3


def test_the_judge_refuses_an_error_far_from_the_edit(space: Workspace) -> None:
    path = space.folder / "maps" / "demo.yaml"
    mutant = Mutant("maps/demo.yaml", "delete line", b"", (40, 40), frozenset({1, 30}))
    outcome = Outcome(mutant, "DataError", 0.0)
    far = [Problem(str(path), 20, "something")]
    from bench.mutants import _judge

    assert _judge(mutant, path, far) is False
    assert _judge(mutant, path, [Problem(str(path), 43, "something")]) is True
    assert _judge(mutant, path, [Problem(str(path), 30, "missing required field 'x'")]) is True
    assert _judge(mutant, path, [Problem(str(path), 30, "some other complaint")]) is False
    assert _judge(mutant, Path("elsewhere"), far) is False
    # a duplicate key whose first and second lines enclose the edit: two mappings made one
    assert _judge(mutant, path, [Problem(str(path), 60, "duplicate key 'b' (first on line 20)")])
    assert not _judge(mutant, path, [Problem(str(path), 60, "duplicate key 'b' (first on line "
                                             "45)")])
    assert outcome.right_line is None  # not judged until loaded
