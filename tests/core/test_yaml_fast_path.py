"""libyaml reads the shipped files (four to ten times faster) with the same data and the same
line of every value as the bounded pure-Python loader; text that could blow up (anchors and
aliases, deep nesting) always goes to the bounded loader."""

from __future__ import annotations

from pathlib import Path

import pytest

import gameapp.core.yamlsource as yamlsource
from gameapp.core.yamlsource import DataError, load_yaml, parse_yaml

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = sorted(p for folder in ("maps", "counters", "scenarios")
                 for p in (ROOT / folder).glob("*.yaml"))


@pytest.mark.skipif(yamlsource._FAST_LOADER is None, reason="PyYAML built without libyaml")
@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_libyaml_and_the_bounded_loader_agree_on_every_shipped_file(
        path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = path.read_text(encoding="utf-8")
    fast = yamlsource._fast_parse(text, path)
    assert fast is not None  # none of them needs the slow road
    monkeypatch.setattr(yamlsource, "_FAST_LOADER", None)
    bounded = load_yaml(path)
    assert (fast.data, fast.lines) == (bounded.data, bounded.lines)


@pytest.mark.parametrize("text", [
    "a: &x [1, 2]\nb: *x\n",                      # an anchor and an alias
    "- &top\n  k: 1\n",                            # an anchor on a block mapping
    "a: " + "[" * 20 + "]" * 20 + "\n",            # deep flow nesting
])
def test_what_could_blow_up_takes_the_bounded_loader(text: str) -> None:
    assert yamlsource._fast_parse(text, Path("x.yaml")) is None


def test_an_alias_bomb_is_still_refused() -> None:
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, 8)]
    with pytest.raises(DataError):
        parse_yaml("\n".join(lines) + "\n", "bomb.yaml")


def test_ampersands_and_stars_in_words_keep_the_fast_road() -> None:
    text = "# Rally & Charge, x = 140 * (18 - p)\nname: \"B&O\"\n"
    assert yamlsource._fast_parse(text, Path("x.yaml")) is not None
