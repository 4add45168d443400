"""Lettered sheets on one grid: the West theatre map joins sheets A and B, and a hex in their
overlap has an id on each (the errata's A4528 is B4502, wbts.md section 3)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gameapp.core.hexgrid import Orientation
from gameapp.core.numbering import HexIdError, Numbering, Sheet

WEST = Numbering(Orientation.FLAT, 68, 68, sheets=(Sheet("A", 0, 52), Sheet("B", 26, 42)))


def test_a4528_and_b4502_are_one_hex_with_two_ids() -> None:
    h = WEST.parse("A4528")
    assert WEST.parse("B4502") == h
    assert WEST.hex_ids(h) == ["A4528", "B4502"]


def test_the_printed_id_comes_from_the_sheet_whose_middle_is_nearer() -> None:
    assert WEST.hex_id(WEST.parse("A2611")) == "A2611"  # St. Louis: on A only
    assert WEST.hex_id(WEST.parse("B0132")) == "B0132"  # Galveston: on B only
    florence = WEST.parse("B3804")  # row 29: nearer A's middle row (25.5) than B's (46.5)
    assert WEST.hex_ids(florence) == ["A3830", "B3804"]
    assert WEST.hex_id(WEST.parse("B2521")) == "B2521"  # Brookhaven, row 46


@given(st.integers(0, 67), st.integers(0, 67))
def test_every_id_of_every_hex_parses_back_to_it(col: int, row: int) -> None:
    h = WEST.offset_to_hex(col, row)
    ids = WEST.hex_ids(h)
    assert ids[0] == WEST.hex_id(h)
    assert all(WEST.parse(i) == h for i in ids)
    assert {i[0] for i in ids} <= {"A", "B"}


@pytest.mark.parametrize(
    ("text", "words"),
    [("4528", "needs a sheet letter of this map (A/B)"), ("C0101", "needs a sheet letter"),
     ("B0143", "off sheet B"), ("A6901", "off sheet A")],
)
def test_an_id_off_its_sheet_or_without_a_letter_is_refused(text: str, words: str) -> None:
    with pytest.raises(HexIdError, match=words.replace("(", r"\(").replace(")", r"\)")):
        WEST.parse(text)


def test_sheets_must_cover_the_map_and_have_their_own_letters() -> None:
    with pytest.raises(ValueError, match="cover every row"):
        Numbering(Orientation.FLAT, 4, 10, sheets=(Sheet("A", 0, 4), Sheet("B", 6, 4)))
    with pytest.raises(ValueError, match="own letter"):
        Numbering(Orientation.FLAT, 4, 8, sheets=(Sheet("A", 0, 4), Sheet("A", 4, 4)))


def test_the_extent_names_each_sheet() -> None:
    assert WEST.describe_extent() == "68x68 hexes on sheets A0101 to A6852, B0101 to B6842"
