"""File > Background image…: a picture (a scanned map, an aerial photo) under the hex grid to
trace from. Editor only: it is never written into the map file; its place is remembered per map
in QSettings.

How it is drawn: the picture lies OVER the terrain layer at the chosen opacity, and a crisp hex
grid is drawn over the picture; the problem marks, entry rings and counters stay on top. At 100%
the designer sees the picture alone with the grid on it (to read which hex a wood or a road falls
in); lower, the terrain already painted shows through, so what is traced and what is still to do
can be compared in place. (The other way round, the terrain made semi-transparent over the
picture, would blend the same two layers but fade the grid and need the cached terrain tiles
redrawn; this way the game's board is untouched.)

Scale and offset are in the picture's own pixels, as a map `frame` in pixels says them: how many
pixels lie between two neighbouring hex centres, and which pixel is the centre of the top-left
hex. The same two numbers in the map's `frame` let the designer draw in the picture's pixels.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Callable
from dataclasses import asdict, dataclass, replace
from pathlib import Path

from PySide6.QtCore import QObject, QPointF, Qt, Signal
from PySide6.QtGui import QColor, QPainterPath, QPen, QPixmap
from PySide6.QtWidgets import (
    QCheckBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QGraphicsPathItem,
    QGraphicsPixmapItem,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSlider,
    QVBoxLayout,
    QWidget,
)
from shiboken6 import isValid

from gameapp.ui.board import BoardScene
from gameapp.ui.board.view import BoardView
from gameapp.ui.settings import app_settings

PICTURE_Z = 10.0  # over the terrain layer (0), under the field of fire (45) and overlays (50)
GRID_Z = 11.0
GRID_COLOUR = QColor(25, 25, 25, 210)
SETTINGS_KEY = "editor/underlay"
IMAGE_FILTER = "Images (*.png *.jpg *.jpeg *.bmp *.gif *.tif *.tiff *.webp);;All files (*)"


@dataclass(frozen=True)
class UnderlaySettings:
    image: str = ""
    opacity: float = 0.6  # of the picture over the terrain, 0..1
    hex_across: float = 100.0  # picture pixels between neighbouring hex centres
    origin_x: float = 0.0  # the picture pixel at the centre of the top-left hex
    origin_y: float = 0.0
    visible: bool = True

    def to_text(self) -> str:
        return json.dumps(asdict(self))

    @classmethod
    def from_text(cls, text: str) -> UnderlaySettings | None:
        try:
            data = json.loads(text)
            return cls(
                image=str(data["image"]),
                opacity=min(max(float(data["opacity"]), 0.0), 1.0),
                hex_across=max(float(data["hex_across"]), 1e-3),
                origin_x=float(data["origin_x"]),
                origin_y=float(data["origin_y"]),
                visible=bool(data["visible"]),
            )
        except (ValueError, KeyError, TypeError):
            return None


def settings_key(map_path: Path) -> str:
    # QSettings keys treat / and \ as groups: a digest of the map's path is one plain key
    digest = hashlib.sha1(str(map_path.resolve()).encode("utf-8")).hexdigest()[:20]
    return f"{SETTINGS_KEY}/{digest}"


def stored_settings(map_path: Path) -> UnderlaySettings | None:
    value = app_settings().value(settings_key(map_path), "")
    return UnderlaySettings.from_text(str(value)) if value else None


def store_settings(map_path: Path, settings: UnderlaySettings | None) -> None:
    store = app_settings()
    if settings is None or not settings.image:
        store.remove(settings_key(map_path))
    else:
        store.setValue(settings_key(map_path), settings.to_text())


class Underlay(QObject):
    """The picture and its grid in the view's current board scene.

    `map_path` tells which map is shown (its settings are remembered under it); when the view
    gets a new scene (another scenario or map opened), the underlay follows it."""

    changed = Signal()

    def __init__(self, view: BoardView, map_path: Callable[[], Path | None]) -> None:
        super().__init__(view)
        self.view = view
        self.map_path = map_path
        self.settings = UnderlaySettings()
        self.pixmap = QPixmap()
        self._scene: BoardScene | None = None
        self._shown_for: Path | None = None
        self.picture: QGraphicsPixmapItem | None = None
        self.grid: QGraphicsPathItem | None = None

    # --- choosing ---------------------------------------------------------------------------
    def load_image(self, path: Path) -> bool:
        """Put a picture under the map, fitted to it; False when it cannot be read."""
        pixmap = QPixmap(str(path))
        if pixmap.isNull():
            return False
        self.sync()  # first take up the map shown now, so its stored settings do not come after
        self.pixmap = pixmap
        self.settings = replace(self.settings, image=str(path), visible=True)
        self.fit()
        return True

    def fit(self) -> None:
        """Scale and place the picture so that it spans the map's width, top edges together."""
        board = self.view.board()
        if board is None or self.pixmap.isNull():
            return
        rect = board.geometry.map_rect
        scale = rect.width() / self.pixmap.width()
        centre = _top_left_centre(board)
        self.update_settings(
            hex_across=_scene_across(board) / scale,
            origin_x=(centre.x() - rect.left()) / scale,
            origin_y=(centre.y() - rect.top()) / scale,
        )

    def update_settings(self, **changes: object) -> None:
        self.settings = replace(self.settings, **changes)  # type: ignore[arg-type]
        self.sync()
        path = self.map_path()
        if path is not None:
            store_settings(path, self.settings)
        self.changed.emit()

    def remove(self) -> None:
        path = self.map_path()
        if path is not None:
            store_settings(path, None)
        self.settings = UnderlaySettings()
        self.pixmap = QPixmap()
        self.sync()
        self.changed.emit()

    # --- showing ----------------------------------------------------------------------------
    def sync(self) -> None:
        """Follow the view's scene and the map shown; place the items as the settings say."""
        board = self.view.board()
        path = self.map_path()
        if path != self._shown_for:
            self._shown_for = path
            self._restore(path)
        if board is not self._scene:
            self._detach()
            if board is not None:
                self._attach(board)
        self._place()

    def _restore(self, path: Path | None) -> None:
        stored = stored_settings(path) if path is not None else None
        self.settings = stored or UnderlaySettings()
        self.pixmap = QPixmap(self.settings.image) if self.settings.image else QPixmap()

    def _attach(self, board: BoardScene) -> None:
        self._scene = board
        self.picture = QGraphicsPixmapItem()
        self.picture.setZValue(PICTURE_Z)
        self.picture.setTransformationMode(Qt.TransformationMode.SmoothTransformation)
        self.picture.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.grid = QGraphicsPathItem(_grid_path(board))
        pen = QPen(GRID_COLOUR, 1.0)
        pen.setCosmetic(True)
        self.grid.setPen(pen)
        self.grid.setZValue(GRID_Z)
        self.grid.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        board.addItem(self.picture)
        board.addItem(self.grid)
        board.destroyed.connect(self._scene_gone)

    def _detach(self) -> None:
        if self._scene is not None and self.picture is not None and self.grid is not None:
            self._scene.removeItem(self.picture)
            self._scene.removeItem(self.grid)
            self._scene.destroyed.disconnect(self._scene_gone)
        self._scene, self.picture, self.grid = None, None, None

    def _scene_gone(self) -> None:
        # the items went with the scene; the view shows its successor already (unless the
        # window itself is going)
        self._scene, self.picture, self.grid = None, None, None
        if isValid(self.view):
            self.sync()

    def _place(self) -> None:
        board, picture, grid = self._scene, self.picture, self.grid
        if board is None or picture is None or grid is None:
            return
        shown = self.settings.visible and not self.pixmap.isNull()
        picture.setVisible(shown)
        grid.setVisible(shown)
        if not shown:
            return
        settings = self.settings
        scale = _scene_across(board) / settings.hex_across
        centre = _top_left_centre(board)
        picture.setPixmap(self.pixmap)
        picture.setScale(scale)
        picture.setPos(centre.x() - settings.origin_x * scale,
                       centre.y() - settings.origin_y * scale)  # fmt: skip
        picture.setOpacity(settings.opacity)

    @property
    def shown(self) -> bool:
        return self.picture is not None and self.picture.isVisible()


def _top_left_centre(board: BoardScene) -> QPointF:
    numbering = board.geometry.numbering
    return board.geometry.centre(numbering.offset_to_hex(0, 0))


def _scene_across(board: BoardScene) -> float:
    """Scene units between neighbouring hex centres."""
    return math.sqrt(3.0) * board.geometry.size


def _grid_path(board: BoardScene) -> QPainterPath:
    path = QPainterPath()
    for h in board.geometry.hexes:
        path.addPolygon(board.geometry.polygon(h))
        path.closeSubpath()
    return path


class UnderlayPanel(QWidget):
    """The controls: picture, opacity, scale, offset, show, fit, remove."""

    def __init__(self, underlay: Underlay, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.underlay = underlay
        self._filling = False
        self.file_label = QLabel("No picture")
        self.file_label.setWordWrap(True)
        self.choose = QPushButton("Picture…")
        self.choose.clicked.connect(self.choose_image)
        self.opacity = QSlider(Qt.Orientation.Horizontal)
        self.opacity.setRange(0, 100)
        self.opacity.setToolTip("The picture over the painted terrain: 100% shows the picture "
                                "alone under the grid")  # fmt: skip
        self.opacity_text = QLabel()
        self.hex_across = _spin(0.01, 100_000.0, "px")
        self.hex_across.setToolTip("Picture pixels between the centres of two neighbouring hexes")
        self.origin_x = _spin(-1_000_000.0, 1_000_000.0, "px")
        self.origin_y = _spin(-1_000_000.0, 1_000_000.0, "px")
        for box in (self.origin_x, self.origin_y):
            box.setToolTip("The picture pixel that lies at the centre of the top-left hex")
        self.show_box = QCheckBox("Show")
        self.fit_button = QPushButton("Fit to map")
        self.remove_button = QPushButton("Remove")
        self._lay_out()
        self.opacity.valueChanged.connect(self._opacity_changed)
        self.hex_across.valueChanged.connect(lambda v: self._set(hex_across=v))
        self.origin_x.valueChanged.connect(lambda v: self._set(origin_x=v))
        self.origin_y.valueChanged.connect(lambda v: self._set(origin_y=v))
        self.show_box.toggled.connect(lambda on: self._set(visible=on))
        self.fit_button.clicked.connect(underlay.fit)
        self.remove_button.clicked.connect(underlay.remove)
        underlay.changed.connect(self.show_settings)
        self.show_settings()

    def _lay_out(self) -> None:
        top = QHBoxLayout()
        top.addWidget(self.choose)
        top.addWidget(self.show_box)
        opacity = QHBoxLayout()
        opacity.addWidget(self.opacity)
        opacity.addWidget(self.opacity_text)
        form = QFormLayout()
        form.addRow("Opacity", opacity)
        form.addRow("Hex to hex", self.hex_across)
        form.addRow("Top-left hex x", self.origin_x)
        form.addRow("Top-left hex y", self.origin_y)
        buttons = QHBoxLayout()
        buttons.addWidget(self.fit_button)
        buttons.addWidget(self.remove_button)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.file_label)
        layout.addLayout(form)
        layout.addLayout(buttons)
        layout.addStretch(1)

    def choose_image(self) -> None:
        start = str(Path(self.underlay.settings.image).parent) if self.underlay.settings.image \
            else str(self.underlay.map_path() or Path.cwd())
        name, _ = QFileDialog.getOpenFileName(self, "Background picture", start, IMAGE_FILTER)
        if name and not self.underlay.load_image(Path(name)):
            self.file_label.setText(f"Cannot read {name} as a picture")

    def show_settings(self) -> None:
        settings = self.underlay.settings
        self._filling = True
        self.opacity.setValue(round(settings.opacity * 100))
        self.opacity_text.setText(f"{round(settings.opacity * 100)}%")
        self.hex_across.setValue(settings.hex_across)
        self.origin_x.setValue(settings.origin_x)
        self.origin_y.setValue(settings.origin_y)
        self.show_box.setChecked(settings.visible)
        self._filling = False
        has = not self.underlay.pixmap.isNull()
        for widget in (self.opacity, self.hex_across, self.origin_x, self.origin_y,
                       self.show_box, self.fit_button, self.remove_button):
            widget.setEnabled(has)
        if has:
            size = self.underlay.pixmap.size()
            self.file_label.setText(
                f"{Path(settings.image).name} ({size.width()} × {size.height()} px)")
        elif not settings.image:
            self.file_label.setText("No picture")
        else:
            self.file_label.setText(f"Cannot read {settings.image}")

    def _opacity_changed(self, value: int) -> None:
        self.opacity_text.setText(f"{value}%")
        self._set(opacity=value / 100)

    def _set(self, **changes: object) -> None:
        if not self._filling:
            self.underlay.update_settings(**changes)


def _spin(low: float, high: float, suffix: str) -> QDoubleSpinBox:
    box = QDoubleSpinBox()
    box.setDecimals(2)
    box.setRange(low, high)
    box.setSuffix(f" {suffix}")
    box.setKeyboardTracking(False)
    return box
