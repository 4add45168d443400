"""BoardScene: counters are views of Units, placed, rotated and stacked; update_units re-syncs."""

from __future__ import annotations

import dataclasses

import pytest
from pytestqt.qtbot import QtBot

from gameapp.core.mapdata import HexMap
from gameapp.core.units import Unit
from gameapp.ui.board.scene import BoardScene


@pytest.fixture
def scene(qtbot: QtBot, board_map: HexMap, board_units: list[Unit]) -> BoardScene:
    return BoardScene(board_map, board_units)


def test_one_item_per_counter_reading_its_unit(scene: BoardScene, board_units: list[Unit]) -> None:
    for unit in board_units:
        item = scene.counter_item(unit.id)
        assert item is not None and item.unit == unit


def test_counters_rotate_to_their_facing(scene: BoardScene, board_units: list[Unit]) -> None:
    # flat-top: facing 2 is north (upright), 1 is north-east (turned 60 degrees clockwise)
    rotations = {u.facing: scene.counter_item(u.id).rotation() for u in board_units}  # type: ignore[union-attr]
    assert rotations[2] == pytest.approx(0.0)
    assert rotations[1] == pytest.approx(60.0)
    assert rotations[5] == pytest.approx(180.0)


def test_a_stack_is_fanned_out_with_the_top_counter_in_front(
    scene: BoardScene, board_units: list[Unit]
) -> None:
    stack = scene.units_at(board_units[0].hex)
    assert [u.id for u in stack] == ["wis2", "wis6", "meredith"]
    items = [scene.counter_item(u.id) for u in stack]
    positions = {(i.pos().x(), i.pos().y()) for i in items if i is not None}
    assert len(positions) == 3
    zs = [i.zValue() for i in items if i is not None]
    assert zs == sorted(zs, reverse=True)


def test_update_units_moves_adds_and_removes(
    scene: BoardScene, board_map: HexMap, board_units: list[Unit]
) -> None:
    moved = board_units[3].moved_to(board_map.numbering.offset_to_hex(5, 5), facing=0)
    extra = dataclasses.replace(
        board_units[4], defn=dataclasses.replace(board_units[4].defn, id="new")
    )
    scene.update_units([moved, extra, *board_units[4:]])
    assert scene.counter_item(board_units[0].id) is None
    item = scene.counter_item(moved.id)
    assert item is not None and item.unit == moved
    assert item.pos() == scene.geometry.centre(moved.hex)
    assert scene.counter_item("new") is not None
    assert len(scene.units()) == 1 + 1 + len(board_units[4:])


def test_selecting_a_hex_marks_its_stack(scene: BoardScene, board_units: list[Unit]) -> None:
    units = scene.select_hex(board_units[0].hex)
    assert [u.id for u in units] == ["wis2", "wis6", "meredith"]
    assert scene.is_selected("wis6") and not scene.is_selected("cav1")
    assert scene.select_hex(None) == []
    assert not scene.is_selected("wis6")


def test_upright_counters_stay_square_to_the_screen_and_can_turn_back(
    qtbot: QtBot, board_map: HexMap, board_units: list[Unit]
) -> None:
    """The upright preference (issue 27, item 6): words level whatever the facing, the facing
    drawn as an arrow; turned off, each counter turns to its facing again."""
    scene = BoardScene(board_map, board_units, upright=True)
    for unit in board_units:
        item = scene.counter_item(unit.id)
        assert item is not None and item.rotation() == pytest.approx(0.0)
        assert scene.upright_facing(unit) == pytest.approx(
            scene.geometry.facing_rotation(unit.facing))
    scene.set_upright(False)
    turned = next(u for u in board_units if u.facing == 1)
    assert scene.counter_item(turned.id).rotation() == pytest.approx(60.0)  # type: ignore[union-attr]
    assert scene.upright_facing(turned) is None


def test_upright_counters_stay_level_when_the_view_turns(
    qtbot: QtBot, board_map: HexMap, board_units: list[Unit]
) -> None:
    """The map turned 90 degrees: upright counters turn back as much, their arrows on with it."""
    from gameapp.ui.board.view import BoardView

    scene = BoardScene(board_map, board_units, upright=True)
    view = BoardView()
    qtbot.addWidget(view)
    view.set_board(scene)
    view.rotate_right()
    unit = board_units[0]
    item = scene.counter_item(unit.id)
    assert item is not None and item.rotation() == pytest.approx(270.0)
    assert scene.upright_facing(unit) == pytest.approx(
        (scene.geometry.facing_rotation(unit.facing) + 90.0) % 360.0)
