"""A scenario's header (name and description) reads as the full loader reads them, from the
header lines only; odd files fall back to the full loader; a changed file is read afresh."""

from __future__ import annotations

from pathlib import Path

import pytest

from gameapp import paths
from gameapp.core.ruleset import load_scenario_file
from gameapp.core.scenario_header import (
    ScenarioHeader,
    forget_headers,
    header_blocks,
    read_scenario_header,
)
from gameapp.core.yamlsource import DataError


@pytest.mark.parametrize("name", ["demo.yaml", "slaughter_mountain.yaml",
                                  "tutorial_crossroads.yaml"])
def test_the_header_is_what_the_full_loader_reads(name: str) -> None:
    path = paths.scenarios_dir() / name
    forget_headers()
    scenario = load_scenario_file(path)
    assert read_scenario_header(path) == ScenarioHeader(scenario.name, scenario.description)


def test_folded_and_quoted_entries_between_other_keys() -> None:
    text = ("# comment\nruleset: tactical\nname: \"A: b\"\nmap: x.yaml\ndescription: >\n"
            "  One line\n\n  and another.\n# trailing comment\nunits: []\n")
    blocks = header_blocks(text)
    assert blocks["name"] == (3, 'name: "A: b"\n')
    assert blocks["description"][0] == 5
    assert "units" not in blocks["description"][1]


def test_a_file_without_a_name_line_goes_to_the_full_loader(tmp_path: Path) -> None:
    path = tmp_path / "flow.yaml"
    path.write_text("{name: Flow style, description: All on one line}\n")
    asked: list[Path] = []

    def full(p: Path) -> ScenarioHeader:
        asked.append(p)
        return ScenarioHeader("Flow style", "All on one line")

    assert read_scenario_header(path, fallback=full) == ScenarioHeader("Flow style",
                                                                       "All on one line")
    assert asked == [path]


def test_a_name_that_is_not_text_is_refused_at_its_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("ruleset: tactical\nname: [1, 2]\n")
    with pytest.raises(DataError) as error:
        read_scenario_header(path)
    assert str(error.value) == f"{path}:2: name: should be a text"


def test_a_changed_file_is_read_again(tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    path.write_text("name: First\n")
    assert read_scenario_header(path).name == "First"
    path.write_text("name: Second name\n")  # another size: another cache key
    assert read_scenario_header(path).name == "Second name"
