"""schemacheck.py passes a document without jsonschema only where jsonschema would find no
error: on every shipped file, every broken test file, and thousands of broken copies of them,
its verdict (where it gives one) is jsonschema's. A bad file's messages still come from
jsonschema, word for word (schema_problems asks it whenever the checker does not pass)."""

from __future__ import annotations

import contextlib
import copy
import datetime
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from gameapp.core import yamlsource
from gameapp.core.datafiles import load_any
from gameapp.core.engine import Game
from gameapp.core.rules import tables
from gameapp.core.rulesets.strategic import scenario as strategic_scenario
from gameapp.core.schemacheck import conforms, verdict
from gameapp.core.yamlsource import DataError, load_schema, parse_yaml, schema_problems

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"
Pair = tuple[Any, dict[str, Any]]


def _jsonschema_passes(instance: Any, schema: dict[str, Any]) -> bool:
    return not any(jsonschema.Draft202012Validator(schema).iter_errors(instance))


@pytest.fixture(scope="module")
def checked() -> list[tuple[str, Any, dict[str, Any]]]:
    """Every (file, document, schema) the loaders check while reading the shipped scenarios
    (a strategic one with its theatre map among them), the rules' tables, a game's first
    listing, and the broken files of tests/data."""
    seen: list[tuple[str, Any, dict[str, Any]]] = []
    original = yamlsource.conforms

    def recorder(instance: Any, schema: dict[str, Any]) -> bool:
        seen.append((_current[0], instance, schema))
        return original(instance, schema)

    _current = [""]
    # Documents read once a process (the rules' tables, a compiled theatre map) are read again
    # here, so that the checks they pass through are seen whichever tests ran before.
    tables.terrain_effects.cache_clear()
    tables.movement_tables.cache_clear()
    strategic_scenario._theatre.cache_clear()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(yamlsource, "conforms", recorder)
        files = [ROOT / "scenarios" / name for name in
                 ("demo.yaml", "slaughter_mountain.yaml", "tutorial_crossroads.yaml",
                  "east_1862.yaml")]
        files += sorted((DATA / "bad_scenarios").glob("*.yaml"))
        files += sorted((DATA / "bad_maps").glob("*.yaml"))
        for path in files:
            _current[0] = path.name
            with contextlib.suppress(DataError):  # a broken file: its documents were checked
                load_any(path)
        _current[0] = "a game's first listing"
        Game.from_scenario(ROOT / "scenarios" / "slaughter_mountain.yaml", seed=1).legal_actions()
    return seen


def test_the_shipped_files_pass_without_jsonschema(
        checked: list[tuple[str, Any, dict[str, Any]]]) -> None:
    """The point of the checker: a good file is passed by it (so the window starts without
    importing jsonschema), and jsonschema agrees."""
    schemas = {id(schema) for _, _, schema in checked}
    assert len(schemas) >= 6  # scenario, map, counters, theatre, strategic scenario, tables
    shipped = [(name, data, schema) for name, data, schema in checked
               if not name.endswith(".yaml") or (ROOT / "scenarios" / name).exists()]
    assert shipped
    for name, data, schema in shipped:
        assert _jsonschema_passes(data, schema), name
        assert verdict(data, schema) is True, name


def test_broken_files_get_the_verdict_of_jsonschema(
        checked: list[tuple[str, Any, dict[str, Any]]]) -> None:
    failing = 0
    for name, data, schema in checked:
        expected = _jsonschema_passes(data, schema)
        assert verdict(data, schema) in (None, expected), name
        failing += not expected
    assert failing >= 5  # the broken test files that break their schema


def _paths(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, (*path, index))


REPLACEMENTS: list[Any] = [
    None, True, False, 0, 1, -1, 2.0, 2.5, 10**9, float("nan"), "", "x", "0512", "x" * 5000,
    "12:00", [], ["x"], [1, 1], ["a", "a"], {}, {"x": 1}, {1: "a"}, datetime.date(1862, 8, 9),
]


def _mutant(data: Any, rng: random.Random) -> Any:
    """A copy of `data` broken at one random place: a value replaced by one of another kind or
    size, a key dropped, an unknown key added, an item doubled or dropped."""
    mutant = copy.deepcopy(data)
    path = rng.choice(list(_paths(mutant)))
    if not path:
        return rng.choice(REPLACEMENTS)
    parent = mutant
    for part in path[:-1]:
        parent = parent[part]
    key = path[-1]
    choice = rng.random()
    if choice < 0.6:
        parent[key] = copy.deepcopy(rng.choice(REPLACEMENTS))
    elif isinstance(parent, dict):
        if choice < 0.8:
            del parent[key]
        else:
            parent[f"{key}_extra"] = parent[key]
    elif choice < 0.8:
        parent.insert(key, copy.deepcopy(parent[key]))
    else:
        del parent[key]
    return mutant


def _sample(checked: list[tuple[str, Any, dict[str, Any]]]) -> list[tuple[str, Any, Any]]:
    """One document of each schema to break many times: the smallest that jsonschema passes
    (else the smallest)."""
    by_schema: dict[int, tuple[str, Any, Any]] = {}
    for name, data, schema in checked:
        known = by_schema.get(id(schema))
        rank = (not _jsonschema_passes(data, schema), len(repr(data)))
        if known is None or rank < (not _jsonschema_passes(known[1], schema),
                                    len(repr(known[1]))):
            by_schema[id(schema)] = (name, data, schema)
    return list(by_schema.values())


def test_broken_copies_get_the_verdict_of_jsonschema(
        checked: list[tuple[str, Any, dict[str, Any]]]) -> None:
    rng = random.Random(28)
    decided = judged = 0
    for name, data, schema in _sample(checked):
        # a theatre map takes jsonschema half a second: fewer copies of it
        for _ in range(60 if len(repr(data)) < 50_000 else 6):
            mutant = _mutant(data, rng)
            expected = _jsonschema_passes(mutant, schema)
            found = verdict(mutant, schema)
            assert found in (None, expected), (name, mutant)
            judged += 1
            decided += found is not None
    assert decided >= judged * 0.8  # jsonschema is asked only for the odd value


def test_a_bad_document_keeps_the_messages_of_jsonschema(monkeypatch: pytest.MonkeyPatch) -> None:
    doc = parse_yaml("name: Test\nturns: many\nmap: m.yaml\n", "bad.yaml")
    schema = load_schema("scenario")
    assert not conforms(doc.data, schema)
    messages = [str(p) for p in schema_problems(doc, schema)]
    assert "bad.yaml:2: turns: expected object, got string 'many'" in messages
    monkeypatch.setattr(yamlsource, "conforms", lambda _instance, _schema: False)
    assert [str(p) for p in schema_problems(doc, schema)] == messages  # jsonschema's alone


@pytest.mark.parametrize(("instance", "schema", "expected"), [
    (2.0, {"type": "integer"}, True),  # Draft 4 on: no fraction, an integer
    (True, {"type": "integer"}, False),  # a boolean is no number
    (True, {"enum": [1]}, False),
    (1.0, {"enum": [1]}, True),
    ("abc", {"pattern": "b"}, True),  # searched, not matched
    ({"a": 1, "xb": 2}, {"properties": {"a": {}}, "patternProperties": {"^x": {}},
                         "additionalProperties": False}, True),
    ([1, "a"], {"prefixItems": [{"type": "integer"}], "items": {"type": "string"}}, True),
    ([1, 2], {"prefixItems": [{"type": "integer"}], "items": False}, False),
    (5, {"oneOf": [{"minimum": 0}, {"maximum": 10}]}, False),  # both: not one
    ("ab", {"if": {"maxLength": 1}, "then": False, "else": {"minLength": 2}}, True),
    (-4, {"multipleOf": 0.5}, True),  # a balance's points (R&C strategic balance)
    (8.5, {"multipleOf": 0.5}, True),
    (-2.25, {"multipleOf": 0.5}, False),
    (7, {"multipleOf": 2}, False),
    ("8.5", {"multipleOf": 0.5}, True),  # only a number is divided
])
def test_the_keywords_read_as_jsonschema_reads_them(instance: Any, schema: dict[str, Any],
                                                   expected: bool) -> None:
    assert _jsonschema_passes(instance, schema) is expected
    assert verdict(instance, schema) is expected


@pytest.mark.parametrize(("instance", "schema"), [
    (datetime.date(1862, 8, 9), {"type": "string"}),  # YAML made a date: not JSON
    ({1: "a"}, {"additionalProperties": False}),  # a key that is not text
    ([[1], [1]], {"uniqueItems": True}),
    (1, {"contains": {}}),  # a keyword our schemas do not use
    (1, {"$ref": "other.json#/x"}),
    (1e308, {"multipleOf": 0.5}),  # the quotient overflows: jsonschema uses fractions
])
def test_what_it_does_not_judge_goes_to_jsonschema(instance: Any, schema: Any) -> None:
    assert verdict(instance, schema) is None
    assert not conforms(instance, schema)
