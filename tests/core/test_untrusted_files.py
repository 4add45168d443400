"""Files from strangers (issue 23): every way a downloaded scenario, map or save was found to
crash the program, hang it, exhaust its memory or show another file is now a DataError at a
file and line. Timings are not asserted here (bench/fuzz_files.py measures them); each limit is
shown to give its own clean error."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pytest
import yaml

from gameapp.core.autosave import AutosaveFolder
from gameapp.core.datafiles import load_any
from gameapp.core.engine import Game
from gameapp.core.savegame import check_save, load_saved_game, save_game
from gameapp.core.scenario import load_scenario
from gameapp.core.yamlsource import (
    MAX_ALIAS_NODES,
    MAX_DEPTH,
    MAX_FILE_BYTES,
    DataError,
    load_yaml,
    parse_yaml,
)

DATA = Path(__file__).resolve().parents[1] / "data"
SECRET = "hunter2-the-private-words-of-another-file"


def problems_of(load: object, path: Path) -> list[str]:
    with pytest.raises(DataError) as error:
        load(path)  # type: ignore[operator]
    return [str(p) for p in error.value.problems]


def only_problem(text: str) -> tuple[int, str]:
    with pytest.raises(DataError) as error:
        parse_yaml(text, "f.yaml")
    [problem] = error.value.problems
    return problem.line, problem.message


# --- the limits of the YAML reader ----------------------------------------------------------
def test_deep_nesting_is_refused_at_its_line_not_a_recursion_error() -> None:
    line, message = only_problem("a: 1\nb: " + "[" * 600 + "]" * 600 + "\n")
    assert (line, message) == (2, f"YAML: nested more than {MAX_DEPTH} levels deep")
    block = "".join("  " * i + f"k{i}:\n" for i in range(100)) + "  " * 100 + "x: 1\n"
    assert only_problem(block)[0] == MAX_DEPTH  # the key one level too deep


def test_an_alias_bomb_is_refused_at_the_alias_that_crosses_the_limit() -> None:
    rows = ["a: &a [x, x, x, x, x, x, x, x, x, x]"]
    for level, name in enumerate("bcdefg"):
        below = "abcdefg"[level]
        rows.append(f"{name}: &{name} [{', '.join([f'*{below}'] * 10)}]")
    line, message = only_problem("\n".join(rows) + "\n")
    # b expands 10 x 11 nodes, c 10 x 111, d 10 x 1,111, e 10 x 11,111: e crosses 100,000
    assert (line, message) == (5, f"YAML: aliases expand to more than {MAX_ALIAS_NODES:,} nodes")


def test_a_few_anchors_reused_are_fine() -> None:
    doc = parse_yaml("base: &b {formation: line, facing: N}\none: *b\ntwo: {<<: *b, facing: S}\n")
    assert doc.data["two"] == {"formation": "line", "facing": "S"}


def test_an_alias_inside_its_own_anchor_is_refused() -> None:
    assert only_problem("a: 1\nb: &x [1, *x]\n") == (
        2, "YAML: an alias refers to the node that contains it")


def test_a_file_over_the_size_limit_is_refused_before_it_is_read(tmp_path: Path) -> None:
    big = tmp_path / "big.yaml"
    with big.open("wb") as out:
        out.truncate(MAX_FILE_BYTES + 1)  # sparse: no disk used
    assert problems_of(load_yaml, big) == [
        f"{big}:1: the file is too large ({MAX_FILE_BYTES + 1:,} bytes; at most "
        f"{MAX_FILE_BYTES:,})"]


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
def test_a_device_is_not_read() -> None:
    assert problems_of(load_any, Path("/dev/zero")) == [
        "/dev/zero:1: not a regular file (a folder, a device or a pipe)"]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs")
def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    assert problems_of(load_yaml, fifo) == [
        f"{fifo}:1: not a regular file (a folder, a device or a pipe)"]


def test_a_folder_is_refused(tmp_path: Path) -> None:
    assert problems_of(load_yaml, tmp_path) == [
        f"{tmp_path}:1: not a regular file (a folder, a device or a pipe)"]


# --- every error at its line ----------------------------------------------------------------
@pytest.mark.parametrize(("text", "line", "message"), [
    ("a: 1\nb: !!python/object/apply:os.system [ls]\n", 2, "could not determine a constructor"),
    ("a: 1\nb: 2\n? [1, 2]\n: 3\n", 3, "found unhashable key"),
    ("a: 1\nb: 2\nc: 2020-13-45\n", 3, "cannot read this value: month must be in 1..12"),
    ("a: 1\nb: " + "9" * 5000 + "\n", 2, "cannot read this value: Exceeds the limit"),
    ("a: 1\nb: x\x00y\n", 2, "character #x0000 is not allowed in a YAML file"),
])
def test_tags_keys_values_and_characters_are_reported_at_their_line(
        text: str, line: int, message: str) -> None:
    found_line, found = only_problem(text)
    assert found_line == line and message in found


def test_bytes_that_are_not_utf8_are_reported_at_their_line(tmp_path: Path) -> None:
    path = tmp_path / "latin1.yaml"
    path.write_bytes(b"name: x\ndescription: caf\xe9\n")
    assert problems_of(load_yaml, path) == [
        f"{path}:2: not UTF-8 text: byte 0xe9 cannot be read (save the file as UTF-8)"]


# --- what a scenario may name ---------------------------------------------------------------
@pytest.fixture
def pack(tmp_path: Path) -> Path:
    """A scenario pack laid out as the game ships: scenarios/ beside maps/ and counters/."""
    root = tmp_path / "pack"
    for kind in ("scenarios", "maps", "counters"):
        shutil.copytree(DATA / kind, root / kind)
    return root


def scenario_naming(pack: Path, key: str, value: str) -> Path:
    source = pack / "scenarios" / "duel.yaml"
    lines = source.read_text().splitlines()
    index = next(i for i, line in enumerate(lines) if line.startswith(f"{key}:"))
    lines[index] = f"{key}: {value}"
    source.write_text("\n".join(lines) + "\n")
    return source


def test_the_pack_layout_loads(pack: Path) -> None:
    assert load_scenario(pack / "scenarios" / "duel.yaml").name


@pytest.mark.parametrize("key", ["map", "counters"])
def test_a_path_up_and_out_of_the_game_s_folders_is_refused_unread(pack: Path, key: str) -> None:
    secret = pack.parent / "private.yaml"
    secret.write_text(f"{SECRET}\n")
    scenario = scenario_naming(pack, key, "../../private.yaml")
    found = problems_of(load_scenario, scenario)
    line = 1 + scenario.read_text().splitlines().index(f"{key}: ../../private.yaml")
    assert f"{scenario}:{line}: {key}: ../../private.yaml is outside the folders a scenario may " \
           "use" in found[0]
    assert not any(SECRET in p or str(secret) + ":" in p for p in found)


@pytest.mark.parametrize("target", ["/etc/passwd", "/dev/zero", str(DATA / "maps" / "small.yaml")])
def test_an_absolute_path_is_refused(pack: Path, target: str) -> None:
    scenario = scenario_naming(pack, "map", target)
    found = problems_of(load_scenario, scenario)
    assert any(f"map: {target} is an absolute path" in p for p in found)
    assert not any("root:" in p for p in found)


@pytest.mark.skipif(sys.platform == "win32", reason="symlinks need privileges on Windows")
def test_a_symlink_out_of_the_folders_is_followed_and_refused(pack: Path) -> None:
    secret = pack.parent / "private.yaml"
    secret.write_text(f"{SECRET}\n")
    (pack / "maps" / "link.yaml").symlink_to(secret)
    found = problems_of(load_scenario, scenario_naming(pack, "map", "../maps/link.yaml"))
    assert any("../maps/link.yaml is outside the folders" in p for p in found)
    assert not any(SECRET in p for p in found)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs")
@pytest.mark.parametrize("kind", ["fifo", "folder", "device"])
def test_a_named_file_that_is_not_a_regular_file_is_refused(pack: Path, kind: str) -> None:
    target = pack / "maps" / "odd.yaml"
    if kind == "fifo":
        os.mkfifo(target)
    elif kind == "folder":
        target.mkdir()
    else:
        if not Path("/dev/zero").exists():
            pytest.skip("no /dev/zero")
        target.symlink_to("/dev/zero")
        target = Path("/dev/zero")  # refused as outside, before it is opened
    found = problems_of(load_scenario, scenario_naming(pack, "map", "../maps/odd.yaml"))
    expected = ("outside the folders" if kind == "device"
                else "not a regular file (a folder, a device or a pipe)")
    assert any(expected in p for p in found)


def test_a_text_file_named_as_a_map_is_not_quoted(pack: Path) -> None:
    (pack / "maps" / "notes.yaml").write_text(f"{SECRET} " * 20 + "\n")
    found = problems_of(load_scenario, scenario_naming(pack, "map", "../maps/notes.yaml"))
    assert found and not any(SECRET * 2 in p.replace(" ", "") for p in found)
    assert all(len(p) < 600 for p in found)


# --- saves --------------------------------------------------------------------------------
DUEL = DATA / "scenarios" / "duel.yaml"


def saved(tmp_path: Path, name: str = "game.yaml", seed: int = 4) -> Path:
    path = tmp_path / name
    save_game(Game.from_scenario(DUEL, seed=seed), path)
    return path


def edited(path: Path, change: dict[str, object], drop: tuple[str, ...] = ()) -> Path:
    data = yaml.safe_load(path.read_text())
    data.update(change)
    for key in drop:
        data.pop(key, None)
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return path


# (the bad option, the text of the line its problem is reported at)
BAD_OPTIONS = [
    ({"movement_allowances": "sharpsburh"}, "movement_allowances: sharpsburh"),
    ({"retreat": "bogus"}, "retreat: bogus"), ({"los": ["bogus"]}, "- bogus"),
    ({"stacking": 5}, "stacking: 5"), ({"engagement": "yes"}, "engagement: 'yes'"),
    ({"los": {"a": 1}}, "los:"), ({"surprise": True}, "surprise: true"),
]


@pytest.mark.parametrize(("bad", "at"), BAD_OPTIONS)
def test_save_options_are_checked_against_the_scenario_schema(
        tmp_path: Path, bad: dict[str, object], at: str) -> None:
    path = saved(tmp_path)
    data = yaml.safe_load(path.read_text())
    edited(path, {"options": {**data["options"], **bad}})
    line = next(i for i, text in enumerate(path.read_text().splitlines(), 1)
                if text.strip() == at)
    [problem] = check_save(path)
    assert (problem.file, problem.line) == (str(path), line)
    assert problem.message.startswith("options")


def test_crash_loop_a_bad_newest_autosave_is_passed_over_for_the_good_one(tmp_path: Path) -> None:
    """The probe's crash loop: the newest autosave has `movement_allowances: sharpsburh`, a
    good one is beside it. Every start used to die in offer_resume; now the good one is offered."""
    folder = AutosaveFolder(tmp_path)
    folder.begin_session()
    game = Game.from_scenario(DUEL, seed=3)
    good = folder.write(game)
    newest = folder.write(game)
    data = yaml.safe_load(newest.read_text())
    edited(newest, {"options": {**data["options"], "movement_allowances": "sharpsburh"}})
    assert check_save(newest) and AutosaveFolder(tmp_path).resumable() == good


def test_a_save_of_the_new_format_must_keep_its_checks(tmp_path: Path) -> None:
    for key in ("snapshot", "scenario_hash"):
        path = edited(saved(tmp_path, f"{key}.yaml"), {}, drop=(key,))
        assert any(f"missing required field '{key}'" in p.message for p in check_save(path))


def test_an_old_save_without_the_checks_opens_with_a_note(tmp_path: Path) -> None:
    path = edited(saved(tmp_path), {"version": 1}, drop=("snapshot", "scenario_hash"))
    loaded = load_saved_game(path)
    assert loaded.game.dice.seed == 4
    assert len(loaded.notes) == 2
    assert all("older format (version 1)" in note for note in loaded.notes)
    assert load_saved_game(saved(tmp_path, "new.yaml")).notes == ()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs")
@pytest.mark.parametrize(("kind", "name", "message"), [
    ("/dev/zero", "", "does not match a scenario file (.yaml or .yml)"),
    ("fifo", "other", "does not match a scenario file (.yaml or .yml)"),
    ("text", "other.txt", "does not match a scenario file (.yaml or .yml)"),
    ("fifo", "other.yaml", "the saved game's scenario cannot be loaded"),
    ("folder", "other.yaml", "the saved game's scenario cannot be loaded"),
    ("text", "other.yaml", "the saved game's scenario cannot be loaded"),
])
def test_a_save_s_scenario_must_be_a_scenario_file(tmp_path: Path, kind: str, name: str,
                                                   message: str) -> None:
    """Only a .yaml or .yml name is opened at all; one that is not a scenario is refused
    without quoting it."""
    path = saved(tmp_path)
    target = tmp_path / name
    if kind == "fifo":
        os.mkfifo(target)
    elif kind == "folder":
        target.mkdir()
    elif kind == "text":
        target.write_text(f"password: {SECRET}\nuser: someone\n")
    else:
        target = Path(kind)
        if not target.exists():
            pytest.skip("no /dev/zero")
    edited(path, {"scenario": str(target)})
    [problem] = check_save(path)
    line = next(i for i, text in enumerate(path.read_text().splitlines(), 1)
                if text.startswith("scenario:"))
    assert (problem.line, SECRET in problem.message) == (line, False)
    assert message in problem.message


# --- accepted but unsound ---------------------------------------------------------------------
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def shipped(tmp_path: Path) -> Path:
    for kind in ("scenarios", "maps", "counters"):
        shutil.copytree(ROOT / kind, tmp_path / kind)
    return tmp_path / "scenarios"


def test_a_setup_cut_short_warns_of_each_lost_counter_at_the_cut(shipped: Path) -> None:
    demo = shipped / "demo.yaml"
    lines = demo.read_text().splitlines()
    cut = next(i for i, line in enumerate(lines) if line.startswith("setup:")) + 6
    demo.write_text("\n".join(lines[:cut]) + "\n")
    scenario = load_scenario(demo)
    placed = {u.id for u in scenario.units}
    lost = set(scenario.order_of_battle) - placed
    assert lost and not scenario.reinforcements
    assert {w.line for w in scenario.warnings} == {cut}  # the last setup entry kept
    assert sorted(w.message.split()[1] for w in scenario.warnings) == sorted(lost)
    assert all("neither placed in setup nor arriving" in w.message for w in scenario.warnings)


def test_the_shipped_scenarios_leave_no_counter_out_by_mistake() -> None:
    for path in sorted((ROOT / "scenarios").glob("*.yaml")):
        if "ruleset: strategic" in path.read_text(encoding="utf-8"):
            continue  # tests/scenarios/test_strategic_scenarios.py checks those
        assert load_scenario(path).warnings == (), path


def test_left_out_must_name_counters_that_are_not_used(shipped: Path) -> None:
    tutorial = shipped / "tutorial_crossroads.yaml"
    tutorial.write_text(tutorial.read_text().replace("left_out: [", "left_out: [US-2MD, NOBODY, "))
    found = problems_of(load_scenario, tutorial)
    assert any("left_out: 'US-2MD' is placed or arrives" in p for p in found)
    assert any("left_out: 'NOBODY' is not a counter" in p for p in found)


@pytest.mark.parametrize(("old", "new", "message"), [
    ("points: 2", "points: 1000000000000000000000000000000000000000",
     "is greater than the maximum of 1000"),
    ("last: 8", "last: 9223372036854775808", "is greater than the maximum of 999"),
    ("turn: 3", "turn: 3000", "is greater than the maximum of 999"),
])
def test_numbers_have_sensible_bounds(shipped: Path, old: str, new: str, message: str) -> None:
    path = shipped / ("demo.yaml" if "points" in old else "tutorial_crossroads.yaml")
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    line = 1 + next(i for i, t in enumerate(path.read_text().splitlines()) if new in t)
    found = problems_of(load_scenario, path)
    assert any(p.startswith(f"{path}:{line}:") and message in p for p in found), found


def test_a_special_rule_turn_of_2_to_the_63_is_refused(shipped: Path) -> None:
    path = shipped / "slaughter_mountain.yaml"
    text = path.read_text()
    at = text.index("release_turn:")
    end = text.index("\n", at)
    path.write_text(text[:at] + "release_turn: 9223372036854775808" + text[end:])
    found = problems_of(load_scenario, path)
    assert any("release_turn: 9223372036854775808 is greater than the maximum of 999" in p
               for p in found), found


@pytest.mark.parametrize(("old", "new", "message"), [
    ("released_by: union", "released_by: union 7", "'union 7' is not one of"),
    ("released_by: union", "released_by: !!binary AAAA", "is not one of 'union'"),
    ("units: [CS-Trimble,", "units: 5\n    old: [CS-Trimble,", "expected array, got integer 5"),
])
def test_a_special_rule_s_wrong_value_is_reported_not_raised(
        shipped: Path, old: str, new: str, message: str) -> None:
    """Found by the fuzz bench: the reader of special rules goes on after the schema refused a
    value, to report every problem at once, and must not trip over the value it refused."""
    path = shipped / "slaughter_mountain.yaml"
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    line = 1 + next(i for i, t in enumerate(path.read_text().splitlines()) if new.split("\n")[0]
                    in t)
    found = problems_of(load_scenario, path)
    assert any(p.startswith(f"{path}:{line}:") and message in p for p in found), found


def test_the_editor_s_reader_keeps_the_same_bounds(tmp_path: Path) -> None:
    from gameapp.editor.document import YamlFileDocument

    bomb = tmp_path / "bomb.yaml"
    rows = ["a: &a [x, x, x, x, x, x, x, x, x, x]"] + [
        f"{n}: &{n} [{', '.join([f'*{p}'] * 10)}]" for p, n in zip("abcdef", "bcdefg", strict=True)]
    bomb.write_text("\n".join(rows) + "\n")
    assert problems_of(YamlFileDocument.read, bomb) == [
        f"{bomb}:5: YAML: aliases expand to more than {MAX_ALIAS_NODES:,} nodes"]
    deep = tmp_path / "deep.yaml"
    deep.write_text("a: " + "[" * 5000 + "]" * 5000 + "\n")
    assert problems_of(YamlFileDocument.read, deep) == [
        f"{deep}:1: YAML: nested more than {MAX_DEPTH} levels deep"]
    if Path("/dev/zero").exists():
        assert problems_of(YamlFileDocument.read, Path("/dev/zero")) == [
            "/dev/zero:1: not a regular file (a folder, a device or a pipe)"]


@pytest.mark.parametrize("value", ["../../private.yaml", "/etc/passwd", "../maps"])
def test_a_strategic_scenario_s_theatre_map_is_confined_too(tmp_path: Path, value: str) -> None:
    # the strategic loader once read any path it was given, and its schema message quoted the
    # file ("/etc/passwd:1: expected object, got string 'root:x:0:0:...'"); it now answers at
    # its own map: line, as a tactical scenario does, and reads nothing outside the game's folders
    from gameapp.core.rulesets.strategic.scenario import load_strategic

    (tmp_path / "private.yaml").write_text(f"{SECRET}\n")
    pack = tmp_path / "pack"
    (pack / "scenarios").mkdir(parents=True)
    (pack / "maps").mkdir()
    source = ROOT / "tests" / "rulesets" / "strategic" / "hazel.yaml"
    lines = source.read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("map:"))
    lines[at] = f"map: {value}"
    scenario = pack / "scenarios" / "hazel.yaml"
    scenario.write_text("\n".join(lines) + "\n", encoding="utf-8")
    found = problems_of(load_strategic, scenario)
    assert len(found) == 1 and found[0].startswith(f"{scenario}:{at + 1}: map: {value} ")
    assert not any(SECRET in p or "root:" in p for p in found)
