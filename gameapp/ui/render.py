"""Draw a scenario's whole board, or a bare theatre map, to a PNG offscreen: the `gameapp render`
command."""

from __future__ import annotations

import math
import os
from collections.abc import Collection, Iterable, Sequence
from pathlib import Path

from PySide6.QtCore import QByteArray, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QImageWriter, QPainter
from PySide6.QtWidgets import QApplication, QGraphicsScene

from gameapp.core.hexgrid import Hex
from gameapp.core.rules.retreat import RetreatOptions
from gameapp.core.scenario import Scenario
from gameapp.core.theatre.theatremap import TheatreMap
from gameapp.core.units import Unit
from gameapp.present.fire import FieldHighlight
from gameapp.present.moves import MoveHighlight
from gameapp.ui.board.label_stamps import LabelStamps
from gameapp.ui.board.retreat_overlay import RetreatOverlay
from gameapp.ui.board.scene import BACKDROP, BoardScene
from gameapp.ui.board.view import READABLE_COUNTER_PIXELS

MIN_WIDTH = 1600
Highlight = tuple[Collection[Hex], str]  # hexes and a colour name such as "#80ff0000"


def ensure_application() -> QApplication:
    """A QApplication to draw with. Without one yet, make one; it needs no screen: when no
    platform is chosen, the offscreen one is used."""
    existing = QApplication.instance()
    if isinstance(existing, QApplication):
        return existing
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    return QApplication([])


def render_scenario_png(
    scenario: Scenario,
    out: Path,
    width: int | None = None,
    height: int | None = None,
    highlights: Sequence[Highlight] = (),
    units: Iterable[Unit] | None = None,
    moves: MoveHighlight | None = None,
    fire: FieldHighlight | None = None,
    retreat: RetreatOptions | None = None,
) -> None:
    """Draw the whole board (terrain, counters, optional highlights) into a `width` pixel PNG
    (default: wide enough that the counters read as they do at the window's opening zoom, and
    at least 1600). Counters are drawn upright, their words level, an arrow for the facing.

    `units` default to the scenario's set-up (a game passes its state's); `moves`, `fire` and
    `retreat` are drawn as the window draws a selected unit's legal moves, field of fire and
    retreat paths. `height`
    defaults to the map's aspect ratio; a different height letterboxes the map. Raises OSError
    if the file cannot be written.
    """
    ensure_application()
    shown = list(scenario.units if units is None else units)
    scene = BoardScene(scenario.map, shown, upright=True)  # words level, to be read
    for hexes, colour in highlights:
        scene.overlay.show_hexes(hexes, colour)
    if moves is not None:
        scene.select_hex(moves.origin)
        scene.moves.show(moves.origin, moves.remaining, moves.stops, {u.hex for u in shown})
    if fire is not None:
        scene.select_hex(fire.origin)
        scene.fire.show_field(fire.bands)
    if retreat is not None:
        scene.select_hex(retreat.start)
        overlay = RetreatOverlay(scene.geometry, LabelStamps())
        overlay.add_to(scene)
        overlay.show(retreat, scenario.map.hex_id)
    write_scene_png(scene, scene.geometry.map_rect, out, width or readable_width(scene), height)


def readable_width(scene: BoardScene) -> int:
    """The picture width at which the board's counters are READABLE_COUNTER_PIXELS wide, and
    at least MIN_WIDTH."""
    zoom = READABLE_COUNTER_PIXELS / scene.counter_side
    return max(MIN_WIDTH, math.ceil(scene.geometry.map_rect.width() * zoom))


def render_theatre_png(
    theatre: TheatreMap, out: Path, width: int = 1600, year: int | None = None,
    borders: str = "1861",
) -> None:
    """Draw a whole theatre map into a `width` pixel PNG: its rail lines open in `year` (all when
    None), and the state lines of 1861 or 1863. Raises OSError if the file cannot be written."""
    from gameapp.ui.board.theatre_scene import TheatreScene

    ensure_application()
    scene = TheatreScene(theatre, year, borders)
    write_scene_png(scene, scene.geometry.map_rect, out, width)


def write_scene_png(
    scene: QGraphicsScene, source: QRectF, out: Path, width: int, height: int | None = None
) -> None:
    """Draw `source` of a scene into a PNG `width` pixels wide (height from the aspect ratio
    unless given; a different height letterboxes)."""
    if height is None:
        height = max(1, round(width * source.height() / source.width()))
    image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor(BACKDROP))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    scene.render(painter, QRectF(0, 0, width, height), source, Qt.AspectRatioMode.KeepAspectRatio)
    painter.end()
    writer = QImageWriter(str(out))
    writer.setFormat(QByteArray(b"png"))
    if not writer.write(image):
        raise OSError(f"cannot write {out}: {writer.errorString()}")
