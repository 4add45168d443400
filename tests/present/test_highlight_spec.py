"""`gameapp render --highlight KIND:UNIT`, read (gameapp/present/highlight_spec.py)."""

from __future__ import annotations

import pytest

from gameapp.present.highlight_spec import KINDS, HighlightSpecError, parse_highlight


def test_parse_highlight() -> None:
    request = parse_highlight("moves: US-9NH")
    assert (request.kind, request.unit_id) == (KINDS["moves"], "US-9NH")
    assert parse_highlight("MOVES:x").kind.name == "moves"
    assert parse_highlight("fire:x").kind is KINDS["fire"]
    assert parse_highlight("retreat:x").kind is KINDS["retreat"]
    with pytest.raises(HighlightSpecError, match="expected one of"):
        parse_highlight("moves:")
