"""Option values have words for players (issue 27, item 9): every option the scenario schema
allows has a label, and no value is shown as its bare code."""

from __future__ import annotations

import json
from pathlib import Path

from gameapp.present.option_labels import OPTION_LABELS, option_label, value_label

SCHEMA = Path(__file__).resolve().parents[2] / "gameapp" / "core" / "schemas"


def schema_options() -> dict[str, list[str]]:
    """Each option of the scenario schema and its named values (none for a yes/no option)."""
    schema = json.loads((SCHEMA / "scenario.schema.json").read_text())
    options = schema["properties"]["options"]["properties"]
    return {name: list(spec.get("enum") or spec.get("items", {}).get("enum") or [])
            for name, spec in options.items()}


def test_every_option_of_the_schema_has_a_label() -> None:
    """A new option adds its words to gameapp/present/option_labels.py."""
    missing = [name for name in schema_options() if name not in OPTION_LABELS]
    assert missing == []


def test_no_value_is_shown_as_its_code() -> None:
    for name, values in schema_options().items():
        for value in values:
            label = value_label(name, value)
            assert label != value and "_" not in label, (name, value, label)
    assert value_label("retreat", "ss15_4") == "Stonewall's Sword 15.4 retreat priorities"


def test_an_unlabelled_value_falls_back_to_the_schemas_words() -> None:
    assert value_label("new_option", "some_value", {"some_value": "the schema's words"}) == (
        "The schema's words")
    assert value_label("new_option", "plain_code") == "Plain code"
    assert option_label("new_option") == "New option"
