"""render_scenario_png draws the board offscreen; woods and clear hexes come out different."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QColor, QImage
from pytestqt.qtbot import QtBot

from gameapp.core.mapdata import HexMap
from gameapp.core.terrain import Terrain
from gameapp.core.units import Unit
from gameapp.ui.board.geometry import BoardGeometry
from gameapp.ui.board.scene import MARGIN
from gameapp.ui.render import render_scenario_png

from .boards import make_scenario, plain_hex


def _mean_colour(image: QImage, x: int, y: int, radius: int = 6) -> tuple[float, float, float]:
    pixels = [
        image.pixelColor(x + dx, y + dy)
        for dx in range(-radius, radius + 1)
        for dy in range(-radius, radius + 1)
    ]
    n = len(pixels)
    return (
        sum(c.red() for c in pixels) / n,
        sum(c.green() for c in pixels) / n,
        sum(c.blue() for c in pixels) / n,
    )


def test_render_png_woods_differ_from_clear(
    qtbot: QtBot, tmp_path: Path, board_map: HexMap, board_units: list[Unit]
) -> None:
    out = tmp_path / "board.png"
    render_scenario_png(make_scenario(board_map, board_units), out, width=1200)
    assert out.exists()
    image = QImage(str(out))
    assert image.width() == 1200 and image.height() > 0
    geometry = BoardGeometry(board_map.numbering, margin=48.0 * MARGIN)
    scale = 1200 / geometry.map_rect.width()
    samples = []
    for terrain in (Terrain.WOODS, Terrain.CLEAR):
        centre = geometry.centre(plain_hex(board_map, terrain, board_units))
        samples.append(_mean_colour(image, round(centre.x() * scale), round(centre.y() * scale)))
    woods, clear = samples
    assert woods != clear
    assert woods[1] > woods[0]  # woods read green
    assert sum(abs(a - b) for a, b in zip(woods, clear, strict=True)) > 30


def test_render_png_with_highlight_and_fixed_height(
    qtbot: QtBot, tmp_path: Path, board_map: HexMap, board_units: list[Unit]
) -> None:
    out = tmp_path / "lit.png"
    lit = board_map.hexes()[:5]
    scenario = make_scenario(board_map, board_units)
    render_scenario_png(scenario, out, width=400, height=400, highlights=[(lit, "#ff00ff")])
    image = QImage(str(out))
    assert (image.width(), image.height()) == (400, 400)
    colours = {image.pixelColor(x, y).name() for x in range(0, 400, 4) for y in range(0, 400, 4)}
    assert QColor("#ff00ff").name() in colours


def test_a_big_board_renders_wide_enough_for_its_counters_to_read(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """`gameapp render` pictures read (issue 27, item 6): by default each counter is as wide as
    at the window's opening zoom, so Slaughter Mountain comes out wider than 1600 pixels."""
    from gameapp.core.ruleset import load_scenario_file
    from gameapp.ui.board.scene import COUNTER_SIDE
    from gameapp.ui.board.view import READABLE_COUNTER_PIXELS

    root = Path(__file__).resolve().parents[2]
    scenario = load_scenario_file(root / "scenarios" / "slaughter_mountain.yaml")
    out = tmp_path / "sm.png"
    render_scenario_png(scenario, out)
    image = QImage(str(out))
    geometry = BoardGeometry(scenario.map.numbering, margin=MARGIN * 48.0)
    counter = image.width() / geometry.map_rect.width() * COUNTER_SIDE * geometry.size
    assert image.width() > 1600
    assert counter >= READABLE_COUNTER_PIXELS
