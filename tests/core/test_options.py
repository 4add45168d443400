"""Rules options: every default in one place (gameapp/core/options.py), read through one view."""

from __future__ import annotations

import ast
import json
from dataclasses import fields
from pathlib import Path

import gameapp
from gameapp.core.options import DEFAULT_OPTIONS, RuleOptions

PACKAGE = Path(gameapp.__file__).parent
SCHEMA = PACKAGE / "core" / "schemas" / "scenario.schema.json"
OPTION_NAMES = {f.name for f in fields(RuleOptions)}


def test_left_out_options_take_the_documented_defaults() -> None:
    options = RuleOptions.of({})
    assert (options.stacking, options.retreat, options.movement_allowances) == \
        ("tec_sl", "ss15_4", "sharpsburg")
    assert not options.engagement and not options.historical_events
    assert options.broken_track_return == "never"
    assert RuleOptions().as_dict() == DEFAULT_OPTIONS


def test_a_scenario_option_overrides_its_default_and_others_are_ignored() -> None:
    options = RuleOptions.of({"retreat": "g88", "engagement": True, "los": ("same_hill",)})
    assert options.retreat == "g88" and options.engagement
    assert options.stacking == "tec_sl"


def test_every_option_of_the_scenario_schema_has_one_default() -> None:
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    # los is a set of conventions the scenario keeps apart (Scenario.los_conventions)
    assert set(schema["properties"]["options"]["properties"]) - {"los"} == OPTION_NAMES
    for name, spec in schema["properties"]["options"]["properties"].items():
        if "enum" in spec:
            assert DEFAULT_OPTIONS[name] in spec["enum"], name


def _defaults_read_in_place(tree: ast.AST) -> list[tuple[int, str]]:
    """`x.get("<option>", ...)` calls: a default written where an option is read."""
    found = []
    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr == "get" and len(node.args) == 2
                and isinstance(node.args[0], ast.Constant)
                and node.args[0].value in OPTION_NAMES):
            found.append((node.lineno, str(node.args[0].value)))
    return found


def test_no_module_repeats_an_option_default() -> None:
    offenders = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.name == "options.py" or path.name == "resources_rc.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        offenders += [f"{path.relative_to(PACKAGE)}:{line} {name}"
                      for line, name in _defaults_read_in_place(tree)]
    assert offenders == []


def test_the_check_finds_a_repeated_default() -> None:
    tree = ast.parse('mode = str(options.get("retreat", "ss15_4"))\nx = d.get("colour", 1)\n')
    assert _defaults_read_in_place(tree) == [(1, "retreat")]


def test_a_map_changed_in_place_is_read_again() -> None:
    options: dict[str, str | bool | int] = {"retreat": "g88"}
    assert RuleOptions.of(options).retreat == "g88"
    options["retreat"] = "ss15_4"
    assert RuleOptions.of(options).retreat == "ss15_4"
    assert RuleOptions.of(dict(options, engagement=True)).engagement


def test_the_file_formats_table_lists_every_option_of_the_schema() -> None:
    """docs/file-formats.md once left three options out: the table must name each one."""
    import re

    doc = (PACKAGE.parent / "docs" / "file-formats.md").read_text(encoding="utf-8")
    table = doc[doc.index("### Options"):doc.index("### Setup")]
    listed = set(re.findall(r"^\| `([a-z0-9_]+)` \|", table, flags=re.MULTILINE))
    assert listed == OPTION_NAMES | {"los"}
