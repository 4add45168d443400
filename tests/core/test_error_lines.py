"""Errors at the line a player must fix (issue 23): each kind of error the fuzz bench
(bench/fuzz_files.py) once reported away from the edit that caused it, reported where the
edit is, or naming its line."""

from __future__ import annotations

import re
import shutil
from itertools import takewhile
from pathlib import Path

import pytest

from gameapp.core.counters import load_counters
from gameapp.core.engine import Game
from gameapp.core.mapfile import load_map
from gameapp.core.savegame import load_saved_game, save_game
from gameapp.core.yamlsource import DataError, Problem, parse_yaml

ROOT = Path(__file__).resolve().parents[2]
TUTORIAL = ROOT / "scenarios" / "tutorial_crossroads.yaml"


def problems(load: object, path: Path | str, *args: object) -> list[Problem]:
    with pytest.raises(DataError) as error:
        load(path, *args)  # type: ignore[operator]
    return error.value.problems


def edit(path: Path, line: int, new: str | None) -> None:
    """Replace (or with None delete) the 1-based line of the file."""
    lines = path.read_text(encoding="utf-8").splitlines()
    lines[line - 1 : line] = [] if new is None else [new]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def line_of(path: Path, start: str) -> int:
    return next(n for n, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
                if text.startswith(start))


# --- a map ----------------------------------------------------------------------------------
@pytest.fixture
def tutorial_map(tmp_path: Path) -> Path:
    return Path(shutil.copy(ROOT / "maps" / "tutorial_crossroads.yaml", tmp_path / "map.yaml"))


def test_a_key_indented_into_the_mapping_above_is_reported_at_its_own_line(
        tutorial_map: Path) -> None:
    at = line_of(tutorial_map, "base_terrain:")
    edit(tutorial_map, at, "  base_terrain: clear")  # now inside numbering:, which ends above
    [problem] = problems(load_map, tutorial_map)
    assert problem.line == at
    assert problem.message == ("numbering: unknown field(s) are not allowed ('base_terrain' "
                               "was unexpected)")


def test_a_heading_comment_that_lost_its_hash_names_where_the_stray_data_begins(
        tutorial_map: Path) -> None:
    # "# The format is described in docs/maps.md (designers: ...)" without its "#" is a key
    edit(tutorial_map, 3, " The format is described in docs/maps.md (designers: docs/x.md).")
    [problem] = problems(load_map, tutorial_map)
    assert problem.line == line_of(tutorial_map, "name:")  # where PyYAML notices
    assert problem.message.startswith("YAML syntax: expected '<document start>'")
    assert problem.message.endswith("this line is outside the one that starts on line 3)")


def test_a_document_start_error_with_nothing_above_it_says_no_more() -> None:
    with pytest.raises(DataError) as error:
        parse_yaml("a: 1\n--- x\n---\nb: [\n", "f.yaml")
    assert "outside the one" not in str(error.value)


@pytest.mark.parametrize("separator", ["\u2028", "\u2029", "\x85"])
def test_lines_are_counted_as_an_editor_counts_them_not_at_unicode_separators(
        separator: str) -> None:
    # YAML ends a line at these characters too; an editor shows them within the line
    text = f'note: "a{separator}b"\nname: x\nfirst: 1\nfirst: 2\n'
    with pytest.raises(DataError) as error:
        parse_yaml(text, "f.yaml")
    assert [p.line for p in error.value.problems] == [4]  # the duplicate key, as an editor counts
    doc = parse_yaml(f'note: "{separator}"\nname: x\nlist:\n- 1\n- 2\n', "f.yaml")
    assert (doc.lines[("name",)], doc.lines[("list", 1)]) == (2, 5)
    with pytest.raises(DataError) as error:
        parse_yaml(f'note: "{separator}"\na: 1\n b: 2\n', "f.yaml")
    assert [p.line for p in error.value.problems] == [3]
    # a comment that a separator cut in two: the rest is data, on the comment's line
    with pytest.raises(DataError) as error:
        parse_yaml(f"# heading{separator} stray: words\n#\nname: x\n", "f.yaml")
    [problem] = error.value.problems
    assert problem.line == 3
    assert problem.message.endswith("outside the one that starts on line 1)")


def test_a_width_cut_short_names_the_lines_of_the_map_s_size(tutorial_map: Path) -> None:
    width = line_of(tutorial_map, "  width: 16")
    edit(tutorial_map, width, "  width: 1")  # every hex beyond column 01 is now off the map
    found = problems(load_map, tutorial_map)
    assert len(found) > 1
    for problem in found:
        assert "is off the map (1x12 hexes, 0101 to 0112)" in problem.message
        assert problem.message.endswith(
            f"the map's width is on line {width}, its height on line {width + 1}")


# --- a save ---------------------------------------------------------------------------------
@pytest.fixture
def save(tmp_path: Path) -> Path:
    """A save of a few phases of the tutorial, whose snapshot lists every unit."""
    from gameapp.ai.random_player import RandomPlayer
    from gameapp.core.units import Side

    game = Game.from_scenario(TUTORIAL, seed=7)
    players = {side: RandomPlayer(side, 7, end_chance=0.3, max_per_phase=2) for side in Side}
    for _ in range(30):
        side = game.acting_side
        game.apply(players[side].choose(game) if side is not None
                   else sorted(game.legal_actions(), key=str)[0])
    path = tmp_path / "game.yaml"
    save_game(game, path)
    return path


def snapshot_units(path: Path) -> list[tuple[int, str]]:
    """(line, unit id) of each unit listed in the save's snapshot, in file order."""
    lines = path.read_text(encoding="utf-8").splitlines()
    first = lines.index("  units:") + 1
    listed = takewhile(lambda pair: pair[1].startswith("    "),
                       enumerate(lines[first:], first + 1))
    return [(n, text.split(":")[0].strip()) for n, text in listed]


def test_a_unit_deleted_from_the_snapshot_is_reported_where_it_was(save: Path) -> None:
    units = snapshot_units(save)
    line, unit = units[4]
    edit(save, line, None)
    [problem] = problems(load_saved_game, save)
    assert problem.line == line  # the next unit's line, now where the deleted one stood
    assert f"units {unit} is " in problem.message
    assert "the saved position does not list it" in problem.message


def test_a_unit_renamed_in_the_snapshot_is_reported_beside_its_line(save: Path) -> None:
    units = snapshot_units(save)
    line, unit = units[3]
    text = save.read_text(encoding="utf-8").splitlines()[line - 1]
    edit(save, line, text.replace(unit, f"{unit}X"))  # the unit's own id is missing first
    [problem] = problems(load_saved_game, save)
    assert problem.line == units[4][0] == line + 1  # where the next unit stands
    assert f"units {unit} is " in problem.message
    assert "the saved position does not list it" in problem.message


def test_a_save_cut_between_actions_says_where_its_actions_end(save: Path) -> None:
    lines = save.read_text(encoding="utf-8").splitlines()
    entries = [n for n, text in enumerate(lines, 1) if text.startswith("- turn:")]
    save.write_text("\n".join(lines[: entries[-3] - 1]) + "\n", encoding="utf-8")
    [problem] = problems(load_saved_game, save)
    assert "does not reach the position the game was saved in" in problem.message
    ended = re.search(r"the (\d+) actions, which end on line (\d+)\)$", problem.message)
    assert ended is not None
    assert (int(ended[1]), int(ended[2])) == (len(entries) - 3, entries[-3] - 1)


def test_a_snapshot_entry_missing_after_the_last_is_reported_after_the_one_before(
        save: Path) -> None:
    at = line_of(save, "  broken:")
    edit(save, at, None)  # the snapshot's last entry: nothing saved follows it
    [problem] = problems(load_saved_game, save)
    assert problem.line == at - 1  # the last line of the units before it
    assert "broken is {} after the replay, and the saved position does not list it" in (
        problem.message)


def test_a_counters_file_cut_before_its_first_counter_says_where_its_sides_end(
        tmp_path: Path) -> None:
    path = tmp_path / "counters.yaml"
    lines = (ROOT / "counters" / "demo.yaml").read_text(encoding="utf-8").splitlines()
    cut = next(n for n, text in enumerate(lines, 1) if "divisions:" in text) + 1
    path.write_text("\n".join(lines[:cut]) + "\n", encoding="utf-8")  # one division's name
    [problem] = problems(load_counters, path)
    assert problem.line == line_of(path, "sides:")
    assert problem.message == ("the file defines no counters (what there is under sides: ends "
                               f"on line {cut})")


def test_a_theatre_map_that_lost_its_chart_line_is_told_so_there(tmp_path: Path) -> None:
    # fuzz bench theatre_west #809: with `chart: strategic` cut, the file was judged a battle map
    # and refused its theatre fields from `sheets:` down, 7 lines below the cut. Its places,
    # railroads and fit still say it is a theatre map, so the theatre schema asks for the
    # missing line, just above where it stood (the name's line).
    from gameapp.core.datafiles import load_any

    path = tmp_path / "maps" / "theatre_west.yaml"
    path.parent.mkdir()
    shutil.copy(ROOT / "maps" / "theatre_west.yaml", path)
    cut = line_of(path, "chart: strategic")
    edit(path, cut, None)
    found = problems(load_any, path)
    assert [(p.line, p.message) for p in found] == [(cut - 1, "missing required field 'chart'")]


def test_a_map_line_cut_to_a_folder_is_reported_at_that_line(tmp_path: Path) -> None:
    # fuzz bench (seed 2) tutorial #588 and West '63 #178: `map: ../maps/tutorial...` cut to
    # `map: ../maps` named the folder at its own "line 1"; the line to mend is the map: line
    from gameapp.core.scenario import load_scenario

    for folder in ("scenarios", "maps", "counters"):
        shutil.copytree(ROOT / folder, tmp_path / folder)
    path = tmp_path / "scenarios" / TUTORIAL.name
    at = line_of(path, "map:")
    edit(path, at, "map: ../maps")
    found = problems(load_scenario, path)
    assert [(p.file, p.line) for p in found] == [(str(path), at)]
    assert "map: ../maps is not a regular file" in found[0].message


def test_a_line_cut_inside_a_bracketed_list_names_where_the_list_opens(tmp_path: Path) -> None:
    # fuzz bench (seed 2) maps/cedar_mountain #36: a polygon's last line, which closed its
    # [ list, cut to blanks; the list runs on to the contours below, where the parser stops at
    # a `- `, 5 lines down. The message names the open [ that it is still inside.
    path = Path(shutil.copy(ROOT / "maps" / "cedar_mountain.yaml", tmp_path / "map.yaml"))
    lines = path.read_text(encoding="utf-8").splitlines()
    opened = next(n for n, text in enumerate(lines, 1) if text.startswith("    polygon: [[2540"))
    cut = next(n for n in range(opened, len(lines)) if lines[n - 1].rstrip().endswith("]]"))
    edit(path, cut, "             ")
    found = problems(load_map, path)
    assert len(found) == 1 and found[0].line > cut + 3
    assert found[0].message.endswith(f"(inside the [ list that starts on line {opened})")


def test_a_closed_bracketed_list_is_not_named_for_an_error_after_it() -> None:
    text = "a: [1,\n  2]\nb:\n  - 1\n - 2\n"
    with pytest.raises(DataError) as error:
        parse_yaml(text)
    assert "inside the" not in str(error.value)
    with pytest.raises(DataError) as error:
        parse_yaml("a: {b: 1,\n  c: 2,\n\nd:\n  - 1\n")
    assert str(error.value).endswith("(inside the { mapping that starts on line 1)")


def test_a_text_too_long_is_reported_where_it_passes_the_limit(tmp_path: Path) -> None:
    # fuzz bench (seed 2) West '64 #246: 5,000 brackets pasted into line 9 of the folded
    # description (lines 5 to 11) were reported at line 5, quoting 300 characters of it
    from gameapp.core.datafiles import load_any

    for folder in ("scenarios", "maps"):
        shutil.copytree(ROOT / folder, tmp_path / folder)
    path = tmp_path / "scenarios" / "west_1864.yaml"
    at = line_of(path, "  Mississippi; Banks is at Alexandria")
    lines = path.read_text(encoding="utf-8").splitlines()
    edit(path, at, lines[at - 1] + " " + "[" * 5000)
    found = problems(load_any, path)
    assert [p.line for p in found] == [at]
    assert "is too long: " in found[0].message and "characters, at most 2,000" in found[0].message
    assert len(found[0].message) < 200  # a short quotation, not the text


def test_a_text_on_one_line_too_long_is_reported_at_its_line() -> None:
    from gameapp.core.yamlsource import load_schema, schema_problems

    doc = parse_yaml("ruleset: strategic\nname: " + "x" * 100 + "\n")
    found = [p for p in schema_problems(doc, load_schema("strategic_scenario"))
             if "too long" in p.message]
    assert [(p.line, p.message[:22]) for p in found] == [(2, "name: 'xxxxxxxxxxxxxxx")]
