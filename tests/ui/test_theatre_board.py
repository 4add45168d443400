"""A theatre map in the window and in `gameapp render`: sea blue, land cream, mountains brown;
hovering a hex reads its ids, terrain, place and links; place names never overlap."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import QColor, QImage
from pytestqt.qtbot import QtBot

from gameapp.cli import main
from gameapp.core.theatre.chart import TheatreTerrain
from gameapp.ui.board.theatre_palette import TERRAIN_FILL
from gameapp.ui.board.theatre_scene import TheatreScene, TheatreView
from gameapp.ui.theatre_window import TheatreWindow
from tests.theatre_maps import MAPS, theatre


@pytest.fixture(scope="module")
def east_scene() -> TheatreScene:
    from gameapp.ui.render import ensure_application

    ensure_application()
    return TheatreScene(theatre("east"))


def _colour_at(image: QImage, scene: TheatreScene, hex_id: str, scale: float) -> tuple[int, ...]:
    centre = scene.geometry.centre(scene.theatre.parse(hex_id))
    c = image.pixelColor(round(centre.x() * scale), round(centre.y() * scale))
    return c.red(), c.green(), c.blue()


def _gap(colour: tuple[int, ...], fill: QColor) -> int:
    return sum(abs(a - b) for a, b in zip(colour, (fill.red(), fill.green(), fill.blue()),
                                          strict=True))


def _near(colour: tuple[int, ...], expected: tuple[int, ...], slack: int = 25) -> bool:
    return all(abs(a - b) <= slack for a, b in zip(colour, expected, strict=True))


def test_gameapp_render_draws_a_bare_theatre_map_with_blue_sea_and_brown_mountains(
    qtbot: QtBot, tmp_path: Path, east_scene: TheatreScene, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "east.png"
    assert main(["render", str(MAPS["east"]), "--png", str(out), "--width", "900"]) == 0
    assert "wrote" in capsys.readouterr().out
    image = QImage(str(out))
    scale = 900 / east_scene.geometry.map_rect.width()
    east = east_scene.theatre
    sea = next(h for h in ("C4030", "C4230", "C4040") if east.terrain_at(east.parse(h)).is_water)
    mountain = next(
        east.hex_id(h) for h in east.hexes() if east.terrain_at(h) is TheatreTerrain.MOUNTAIN
    )
    fill = TERRAIN_FILL[TheatreTerrain.SEA]
    assert _near(_colour_at(image, east_scene, sea, scale), (fill.red(), fill.green(), fill.blue()))
    brown, cream = TERRAIN_FILL[TheatreTerrain.MOUNTAIN], TERRAIN_FILL[TheatreTerrain.CLEAR]
    seen = _colour_at(image, east_scene, mountain, scale)
    assert _gap(seen, brown) < _gap(seen, cream)


def test_render_reports_a_broken_theatre_map(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.yaml"
    text = MAPS["east"].read_text(encoding="utf-8").replace("base_terrain: sea",
                                                            "base_terrain: ocean")
    bad.write_text(text, encoding="utf-8")
    assert main(["render", str(bad), "--png", str(tmp_path / "x.png")]) == 1
    assert "bad.yaml:" in capsys.readouterr().err


def test_hovering_a_hex_reads_its_id_terrain_place_and_links(
    qtbot: QtBot, east_scene: TheatreScene
) -> None:
    view = TheatreView(east_scene)
    qtbot.addWidget(view)
    seen: list[str] = []
    view.hover_text_changed.connect(seen.append)
    petersburg = east_scene.theatre.place("Petersburg, VA").hex
    view.hover_at(east_scene.geometry.centre(petersburg))
    text = seen[-1]
    assert text.startswith("C2518  city")
    assert "Petersburg, VA (city, victory)" in text
    assert "Richmond & Petersburg (1838) to C2517" in text
    assert "South Side (1854)" in text
    assert "river" in text and "navigable" in text  # the tidal Appomattox and James
    view.hover_at(east_scene.geometry.centre(east_scene.theatre.place("Martinsburg, VA").hex))
    assert "Martinsburg, VA, WV from 1863" in seen[-1]


def test_place_names_never_overlap_each_other_or_a_symbol(east_scene: TheatreScene) -> None:
    labels = east_scene.painter.model.labels
    placed = [lab for lab in labels if lab.text_at is not None]
    assert len(placed) >= 0.75 * len(labels)  # most places are named
    size = east_scene.geometry.size
    boxes = []
    for lab in placed:
        r = lab.radius
        symbol = (lab.centre.x() - r, lab.centre.y() - r, lab.centre.x() + r, lab.centre.y() + r)
        text = (lab.bounds.left(), lab.bounds.top(), lab.bounds.right(), lab.bounds.bottom())
        boxes.append((lab, symbol, text))
    for i, (a, _, _) in enumerate(boxes):
        for b, b_symbol, _ in boxes[i + 1:]:
            a_text = _text_box(a, size)
            b_text = _text_box(b, size)
            assert not _overlap(a_text, b_text), (a.place.name, b.place.name)
            assert not _overlap(a_text, b_symbol), (a.place.name, b.place.name)


def _text_box(label: object, size: float) -> tuple[float, float, float, float]:
    from PySide6.QtGui import QFontMetricsF

    from gameapp.ui.board.theatre_model import Label

    assert isinstance(label, Label) and label.text_at is not None
    metrics = QFontMetricsF(label.font)
    left, base = label.text_at.x(), label.text_at.y()
    return (left, base - metrics.ascent(), left + metrics.horizontalAdvance(label.place.name),
            base + metrics.descent())


def _overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def test_the_window_shows_the_map_and_the_hovered_hex_in_its_status_bar(qtbot: QtBot) -> None:
    window = TheatreWindow(theatre("east"))
    qtbot.addWidget(window)
    window.view.hover_at(window.scene.geometry.centre(theatre("east").parse("C2309")))
    assert window.statusBar().currentMessage().startswith("C2309")
