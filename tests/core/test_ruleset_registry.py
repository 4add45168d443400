"""The registry of rulesets: a scenario's `ruleset:` key picks the ruleset that loads and plays
it, an unknown name is reported at its line, and the engine names no phase or action type."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from gameapp.core.engine import Game
from gameapp.core.ruleset import load_scenario_file, registered_rulesets, ruleset_named
from gameapp.core.rulesets.tactical import TACTICAL
from gameapp.core.yamlsource import DataError

ROOT = Path(__file__).resolve().parents[2]


def test_the_tactical_ruleset_is_registered_and_plays_the_shipped_scenarios() -> None:
    assert ruleset_named("tactical") is TACTICAL
    assert TACTICAL in list(registered_rulesets())
    game = Game.from_scenario(ROOT / "scenarios" / "demo.yaml")
    assert game.ruleset is TACTICAL and game.step is TACTICAL.turn_steps[game.state.step_index]


def test_an_unknown_ruleset_is_reported_at_its_line(tmp_path: Path) -> None:
    path = tmp_path / "odd.yaml"
    path.write_text("# a scenario of a game we do not have\nname: Odd\nruleset: 'chess'\n",
                    encoding="utf-8")
    with pytest.raises(DataError) as error:
        load_scenario_file(path)
    problem = error.value.problems[0]
    assert (problem.line, problem.message) == (3, "no ruleset named 'chess' (known: "
                                               + ", ".join(sorted(r.name for r in
                                                                  registered_rulesets())) + ")")


def test_a_file_without_the_key_goes_to_the_tactical_loader(tmp_path: Path) -> None:
    path = tmp_path / "bare.yaml"
    path.write_text("name: Bare\n", encoding="utf-8")
    with pytest.raises(DataError) as error:
        load_scenario_file(path)
    assert any("ruleset" in p.message for p in error.value.problems)  # the schema wants it


def test_the_engine_names_no_action_type_and_no_phase() -> None:
    tree = ast.parse((ROOT / "gameapp" / "core" / "engine.py").read_text(encoding="utf-8"))
    imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
                for alias in node.names}
    assert not imported & {"Move", "Fire", "Pass", "EndPhase", "ResolveCharge", "Phase"}
    isinstance_of = [ast.unparse(node.args[1]) for node in ast.walk(tree)
                     if isinstance(node, ast.Call) and ast.unparse(node.func) == "isinstance"]
    assert set(isinstance_of) <= {"DecisionPending", "str | Path"}  # an event, a path
    text = (ROOT / "gameapp" / "core" / "engine.py").read_text(encoding="utf-8")
    for phase in ("MOVEMENT", "FIRE", "CHARGE", "RALLY", "PREPARATION", "TURN_CONCLUSION"):
        assert phase not in text
