"""libyaml reads the shipped files (four to ten times faster) with the same data and the same
line of every value as the bounded pure-Python loader; deep nesting always goes to the bounded
loader, and anchors and aliases go there when the composed graph crosses a limit."""

from __future__ import annotations

from pathlib import Path

import pytest

import gameapp.core.yamlsource as yamlsource
from gameapp.core.yamlsource import DataError, load_yaml, parse_yaml

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = sorted(p for folder in ("maps", "counters", "scenarios")
                 for p in (ROOT / folder).glob("*.yaml"))


# the rules' own tables (gameapp/core/rules/data, the strategic tables) are read the same way
RULE_TABLES = sorted((ROOT / "gameapp").rglob("*.yaml"))
NEEDS_LIBYAML = pytest.mark.skipif(yamlsource._FAST_LOADER is None,
                                   reason="PyYAML built without libyaml")


@pytest.fixture(scope="module")
def save(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from bench.mutants import _short_game
    from gameapp.core.savegame import save_game

    path = tmp_path_factory.mktemp("save") / "game.yaml"
    save_game(_short_game(ROOT / "scenarios" / "tutorial_crossroads.yaml"), path)
    return path


def _both_agree(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = path.read_text(encoding="utf-8")
    fast = yamlsource._fast_parse(text, path)
    assert fast is not None  # none of them needs the slow road
    monkeypatch.setattr(yamlsource, "_FAST_LOADER", None)
    bounded = load_yaml(path)
    assert fast.data == bounded.data
    assert fast.lines == bounded.lines  # the line of every value and every key
    assert fast.spans == bounded.spans  # and of the first and last line of a long text


@NEEDS_LIBYAML
@pytest.mark.parametrize("path", SHIPPED + RULE_TABLES,
                         ids=lambda p: f"{p.parent.name}/{p.name}")
def test_libyaml_and_the_bounded_loader_agree_on_every_shipped_file(
        path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _both_agree(path, monkeypatch)


@NEEDS_LIBYAML
def test_libyaml_and_the_bounded_loader_agree_on_a_save(
        save: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _both_agree(save, monkeypatch)


BROKEN_SOURCES = ["scenarios/slaughter_mountain.yaml", "scenarios/west_1864.yaml",
                  "maps/cedar_mountain.yaml", "counters/cedar_mountain.yaml"]


@pytest.mark.parametrize("source", BROKEN_SOURCES)
def test_a_broken_file_gives_the_same_error_or_document_with_either_loader(
        source: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Mutants of shipped files (bench/mutants.py: lines deleted, cut, doubled, bad tags,
    stray bytes, deep nests, alias bombs...): whatever libyaml reads, the bounded loader reads
    alike, and whatever it refuses is refused with the same problems at the same lines."""
    from bench.mutants import mutants

    text = (ROOT / source).read_text(encoding="utf-8")

    def outcome(data: bytes) -> object:
        try:
            doc = parse_yaml(data.decode("utf-8", "surrogateescape"), source)
        except DataError as error:
            return error.problems
        return doc.data, doc.lines, doc.spans

    found = [m for m in mutants(source, text, 28, 60) if m.operator not in ("junk",)]
    with_libyaml = [outcome(m.data) for m in found]
    monkeypatch.setattr(yamlsource, "_FAST_LOADER", None)
    bounded = [outcome(m.data) for m in found]
    assert with_libyaml == bounded
    assert any(isinstance(o, list) for o in bounded)  # some were refused
    assert any(isinstance(o, tuple) for o in bounded)  # and some read


@pytest.mark.parametrize("load", ["validate", "save"])
def test_each_file_is_parsed_once_per_load(load: str, save: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 28: telling a file's kind and loading it share one parse; a save's scenario too."""
    from collections import Counter

    from gameapp.core.datafiles import load_with_warnings
    from gameapp.core.savegame import load_saved_game

    parsed: Counter[str] = Counter()
    parse = yamlsource.parse_yaml

    def counting(text: str, path: str | Path = "<string>") -> yamlsource.YamlDocument:
        parsed[str(Path(path).resolve())] += 1
        return parse(text, path)

    monkeypatch.setattr(yamlsource, "parse_yaml", counting)
    if load == "save":
        load_saved_game(save)
    else:
        for name in ("slaughter_mountain.yaml", "west_1864.yaml"):
            load_with_warnings(ROOT / "scenarios" / name)
    assert parsed and set(parsed.values()) == {1}, parsed


def test_deep_nesting_takes_the_bounded_loader() -> None:
    assert yamlsource._fast_parse("a: " + "[" * 20 + "]" * 20 + "\n", Path("x.yaml")) is None


@pytest.mark.skipif(yamlsource._FAST_LOADER is None, reason="PyYAML built without libyaml")
@pytest.mark.parametrize("text", [
    "a: &x [1, 2]\nb: *x\nc: [*x, *x]\n",          # an anchor and aliases
    "- &top\n  k: 1\n- *top\n",                    # an anchor on a block mapping
    "base: &b {x: 1}\nmore:\n  <<: *b\n  y: 2\n",   # a merge key
])
def test_anchors_within_the_limits_keep_the_fast_road_with_the_same_data_and_lines(
        text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    fast = yamlsource._fast_parse(text, Path("x.yaml"))
    assert fast is not None
    monkeypatch.setattr(yamlsource, "_FAST_LOADER", None)
    bounded = parse_yaml(text, "x.yaml")
    assert (fast.data, fast.lines) == (bounded.data, bounded.lines)


BOMB = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"] + [
    f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, 8)]
NEST = "a: &n " + "[" * 10 + "1" + "]" * 10 + "\n" + "".join(
    f"b{i}: &b{i} [[[[[[[[{'*n' if i == 0 else f'*b{i - 1}'}]]]]]]]]\n" for i in range(7))


@pytest.mark.parametrize(("text", "message"), [
    ("\n".join(BOMB) + "\n", "aliases expand to more than"),
    ("a: &s [1, *s]\n", "an alias refers to the node that contains it"),
    (NEST, "an alias nests the document more than"),
])
def test_anchors_over_a_limit_are_refused_as_the_bounded_loader_refuses_them(
        text: str, message: str, monkeypatch: pytest.MonkeyPatch) -> None:
    assert yamlsource._fast_parse(text, Path("x.yaml")) is None
    with pytest.raises(DataError) as error:
        parse_yaml(text, "x.yaml")
    monkeypatch.setattr(yamlsource, "_FAST_LOADER", None)
    with pytest.raises(DataError) as bounded:
        parse_yaml(text, "x.yaml")
    assert error.value.problems == bounded.value.problems
    assert message in error.value.problems[0].message


def test_ampersands_and_stars_in_words_keep_the_fast_road() -> None:
    text = "# Rally & Charge, x = 140 * (18 - p)\nname: \"B&O\"\n"
    assert yamlsource._fast_parse(text, Path("x.yaml")) is not None
