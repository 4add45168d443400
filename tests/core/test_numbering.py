"""Printed hex ids and offset coordinates: round trips and hand-worked conventions."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gameapp.core.hexgrid import Hex, Orientation
from gameapp.core.numbering import HexIdError, Numbering, ScreenDirection

D = ScreenDirection


@st.composite
def numberings(draw: st.DrawFn) -> Numbering:
    orientation = draw(st.sampled_from(list(Orientation)))
    across = [D.LEFT, D.RIGHT] if orientation is Orientation.FLAT else [D.UP, D.DOWN]
    along = [D.UP, D.DOWN] if orientation is Orientation.FLAT else [D.LEFT, D.RIGHT]
    return Numbering(
        orientation=orientation,
        width=draw(st.integers(1, 40)),
        height=draw(st.integers(1, 40)),
        first_hexrow=draw(st.integers(0, 10)),
        first_position=draw(st.integers(0, 10)),
        hexrows_grow=draw(st.sampled_from(across)),
        positions_grow=draw(st.sampled_from(along)),
        odd_shoved=draw(st.booleans()),
        letter=draw(st.sampled_from([None, "A", "B"])),
    )


@given(numberings(), st.data())
def test_offset_hex_and_id_round_trip(numbering: Numbering, data: st.DataObject) -> None:
    col = data.draw(st.integers(0, numbering.width - 1))
    row = data.draw(st.integers(0, numbering.height - 1))
    h = numbering.offset_to_hex(col, row)
    assert numbering.hex_to_offset(h) == (col, row)
    assert numbering.contains(h)
    text = numbering.hex_id(h)
    assert numbering.parse(text) == h
    if numbering.letter:
        assert text.startswith(numbering.letter)


@given(numberings())
def test_every_hex_has_a_unique_id(numbering: Numbering) -> None:
    ids = [numbering.hex_id(h) for h in numbering.hexes()]
    assert len(ids) == len(set(ids)) == numbering.width * numbering.height


def test_flat_top_column_row_ids() -> None:
    # The common convention: CCRR with columns growing right, rows growing down, from 0101.
    n = Numbering(Orientation.FLAT, width=24, height=18)
    assert n.parse("0101") == n.offset_to_hex(0, 0)
    assert n.parse("2418") == n.offset_to_hex(23, 17)
    assert n.hex_id(n.offset_to_hex(4, 11)) == "0512"
    # odd-q: column 1 is shoved down half a hex, so 0201 is south-east of 0101
    assert n.parse("0101").direction_to(n.parse("0201")) == 0  # flat direction 0 is SE
    assert n.parse("0201").direction_to(n.parse("0301")) == 1  # and then NE


def test_slaughter_mountain_convention() -> None:
    # Pointy-top hexrows run east-west and are numbered north to south; positions run from 00
    # at the east edge to 18 at the west edge.
    n = Numbering(
        Orientation.POINTY,
        width=19,
        height=36,
        first_hexrow=1,
        first_position=0,
        hexrows_grow=D.DOWN,
        positions_grow=D.LEFT,
    )
    east_end = n.parse("2900")
    west_end = n.parse("2918")
    assert n.hex_to_offset(east_end) == (18, 28)
    assert n.hex_to_offset(west_end) == (0, 28)
    assert east_end.distance(west_end) == 18
    assert n.parse("2905").direction_to(n.parse("2906")) == 3  # 06 is the western neighbour
    assert n.describe_extent() == "19x36 hexes, 0118 to 3600"


def test_map_letters() -> None:
    n = Numbering(Orientation.FLAT, width=40, height=40, letter="B")
    h = n.parse("B3402")
    assert n.hex_id(h) == "B3402"
    assert n.parse("3402") == h  # the letter may be left out on its own map
    with pytest.raises(HexIdError, match="names map A, but this map is B"):
        n.parse("A3402")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("12345", "is not a hex id"),
        ("ab12", "is not a hex id"),
        ("2519", "off the map"),
        ("0019", "off the map"),
    ],
)
def test_bad_ids_are_refused(text: str, message: str) -> None:
    n = Numbering(Orientation.FLAT, width=24, height=18)
    with pytest.raises(HexIdError, match=message):
        n.parse(text)


def test_hex_off_the_map_has_no_id() -> None:
    n = Numbering(Orientation.FLAT, width=4, height=4)
    with pytest.raises(HexIdError):
        n.hex_id(Hex(-1, 0))


def test_inconsistent_numbering_is_refused() -> None:
    with pytest.raises(ValueError, match="flat-top hexrows grow left/right"):
        Numbering(Orientation.FLAT, 4, 4, hexrows_grow=D.DOWN, positions_grow=D.RIGHT)
