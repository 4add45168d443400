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


def test_the_judge_accepts_a_dangling_reference_only_to_what_the_edit_removed(
        space: Workspace) -> None:
    # a deleted definition leaves a roster naming it far above the edit: the referring line,
    # saying the id is defined nowhere, is right, but only for the id the deleted line defined
    from bench.mutants import _judge

    path = space.folder / "scenarios" / "east_1862.yaml"
    removed = '  - {id: us_porter, side: union, name: "Porter\'s Division", sp: 11}\n'
    mutant = Mutant("scenarios/east_1862.yaml", "delete line", b"", (249, 250), frozenset({2}),
                    removed)
    dangling = ("roster names us_porter, but no union division or train us_porter is defined "
                "in this scenario (16.16; the divisions are listed from line 242)")
    assert _judge(mutant, path, [Problem(str(path), 237, dangling)]) is True
    other = dangling.replace("us_porter", "us_hooker")
    assert _judge(mutant, path, [Problem(str(path), 237, other)]) is False
    prefix = dangling.replace("us_porter", "us_port")  # a prefix of the removed id is not it
    assert _judge(mutant, path, [Problem(str(path), 237, prefix)]) is False
    # the old wording, which did not say the unit is missing altogether, is still wrong
    old = "us_porter is not a union unit or train of this scenario (16.16)"
    assert _judge(mutant, path, [Problem(str(path), 237, old)]) is False
    # an id defined elsewhere (wrong side or kind) is not a deletion's doing
    defined = ("roster names us_porter, defined on line 300 among the divisions, but it must "
               "be a union division or train (16.16)")
    assert _judge(mutant, path, [Problem(str(path), 237, defined)]) is False
    # nothing removed (a line doubled or swapped): the rule does not apply
    kept = Mutant("scenarios/east_1862.yaml", "double line", b"", (249, 250), frozenset({2}))
    assert _judge(kept, path, [Problem(str(path), 237, dangling)]) is False
    # a file cut short: the text cut off is what was removed
    cut = Mutant("scenarios/east_1862.yaml", "cut file", b"", (280, 280), frozenset({2}),
                 "  - {id: cs_gw_smith, side: confederate}\n" + removed)
    assert _judge(cut, path, [Problem(str(path), 237, dangling)]) is True


def test_the_judge_accepts_a_par_naming_a_victory_place_the_edit_removed(
        space: Workspace) -> None:
    # a deleted victory place leaves the par naming it below: the par's line is right, but
    # only for the place the deleted line defined (East '63, session 13's fuzz seed)
    from bench.mutants import _judge

    path = space.folder / "scenarios" / "east_1863.yaml"
    removed = ('    - {place: "Harrisburg, PA", hex: C2601, points: 5, why: "Pennsylvania\'s '
               'capital"}\n')
    mutant = Mutant("scenarios/east_1863.yaml", "delete line", b"", (180, 181), frozenset({2}),
                    removed)
    dangling = "Harrisburg, PA is not one of this scenario's victory places"
    assert _judge(mutant, path, [Problem(str(path), 194, dangling)]) is True
    other = "Baltimore, MD is not one of this scenario's victory places"
    assert _judge(mutant, path, [Problem(str(path), 194, other)]) is False
    prefix = "Harrisburg is not one of this scenario's victory places"
    assert _judge(mutant, path, [Problem(str(path), 194, prefix)]) is False


def test_mutants_carry_the_text_a_deletion_or_a_cut_removed() -> None:
    text = "a: 1\nb: 2\nc: 3\n"
    made = {m.operator: m for m in mutants("maps/demo.yaml", text, 5, 200)}
    deleted = made["delete line"]
    assert deleted.removed in text.splitlines(keepends=True)
    assert deleted.data.decode() == text.replace(deleted.removed, "", 1)
    cut = made["cut file"]
    assert cut.data.decode() + cut.removed == text
    assert made["double line"].removed == ""
