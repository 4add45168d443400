"""MapPainter: draws any rectangle of a prepared map (MapModel) with a QPainter, in scene units.

Layers, bottom to top: paper, hex fills, terrain pattern stamps, contours, grid, sunken-road
banks, hexside features, roads, fords and bridges, hex features, hex ids. Detail drops with the
on-screen hex size, so a far-out view draws little.
"""

from __future__ import annotations

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QFont, QPainter, QPen, QStaticText, QTransform

from gameapp.core.mapdata import HexMap
from gameapp.core.terrain import HexsideFeature
from gameapp.ui.board import palette as pal
from gameapp.ui.board.feature_art import FeatureArt
from gameapp.ui.board.geometry import BoardGeometry
from gameapp.ui.board.hexside_art import HexsideArt
from gameapp.ui.board.map_model import MapModel, near
from gameapp.ui.board.pattern_stamps import PatternStamps
from gameapp.ui.board.road_art import RoadArt
from gameapp.ui.board.terrain_art import TerrainArt

# On-screen hex sizes (device pixels, centre to corner) at which each layer of detail appears.
PATTERN_MIN = 5.0
FINE_MIN = 26.0
GRID_MIN = 4.0
ID_MIN = 30.0
CROSSINGS = int(HexsideFeature.FORD | HexsideFeature.BRIDGE)


class MapPainter:
    def __init__(self, hex_map: HexMap, geometry: BoardGeometry) -> None:
        self.geo = geometry
        self.model = MapModel(hex_map, geometry)
        size = geometry.size
        self.patterns = PatternStamps(TerrainArt(geometry.orientation, size))
        self.hexside_art = HexsideArt(size)
        self.road_art = RoadArt(size)
        self.feature_art = FeatureArt(size)
        # Hairlines (cosmetic, one device pixel) take Qt's fast line path at every zoom.
        self.grid_pen = QPen(pal.GRID, 1.0)
        self.grid_pen.setCosmetic(True)
        self.contour_pen = QPen(pal.CONTOUR, 0.035 * size)
        self.id_font = QFont("DejaVu Sans")
        self.id_font.setPixelSize(max(1, round(0.21 * size)))
        self._ids: dict[int, QStaticText] = {}  # by hex index

    def paint(self, p: QPainter, rect: QRectF, scale: float) -> None:
        """Draw the part of the map inside `rect` (scene units); `scale` is device px per unit."""
        model = self.model
        on_screen = self.geo.size * scale
        idx = self.geo.indices_in(rect, pad=1.0)
        pad = self.geo.size * 1.2
        p.fillRect(rect.intersected(self.geo.map_rect), pal.PAPER)
        # Fills without antialiasing tile the plane exactly: no seams between hexes.
        p.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        p.setPen(Qt.PenStyle.NoPen)
        for i in idx:
            p.setBrush(model.fills[i])
            p.drawPolygon(model.polygon(i))
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        if on_screen >= PATTERN_MIN and idx:
            self.patterns.paint(
                p,
                [self.geo.centres[i] for i in idx],
                [model.terrain[i] for i in idx],
                [model.variants[i] for i in idx],
                on_screen >= FINE_MIN,
            )
        p.setBrush(Qt.BrushStyle.NoBrush)
        self._lines(
            p,
            [model.contours[k] for k in near(model.contour_mid, rect, pad)],
            self.contour_pen,
        )
        if on_screen >= GRID_MIN:
            self._lines(p, [line for i in idx for line in model.grid_lines(i)], self.grid_pen)
        self._paint_features(p, rect, idx, pad, on_screen >= FINE_MIN)
        if on_screen >= ID_MIN:
            self._paint_ids(p, idx)

    def _paint_features(
        self, p: QPainter, rect: QRectF, idx: list[int], pad: float, fine: bool
    ) -> None:
        model, centres = self.model, self.geo.centres
        featured = [i for i in idx if model.features[i]]
        for i in featured:
            self.feature_art.paint_under_roads(
                p, model.features[i], centres[i], model.sunken_arms.get(i, [])
            )
        sides = [model.hexsides[k] for k in near(model.hexside_mid, rect, pad)]
        for seg, flags in sides:
            self.hexside_art.paint(p, flags, seg, fine)
        roads = [model.roads[k] for k in near(model.road_mid, rect, pad)]
        if roads:
            self.road_art.paint(p, roads)
        for seg, flags in sides:
            if flags & CROSSINGS:
                self.hexside_art.paint_crossing(p, flags, seg)
        for i in featured:
            self.feature_art.paint_over_roads(
                p, model.features[i], centres[i], model.rail_arms.get(i, [])
            )

    @staticmethod
    def _lines(p: QPainter, lines: list[QLineF], pen: QPen) -> None:
        if lines:
            p.setPen(pen)
            p.drawLines(lines)

    def _paint_ids(self, p: QPainter, idx: list[int]) -> None:
        """Each hex's printed id at the top of the hex (static texts: laid out once each, when
        first drawn)."""
        p.setFont(self.id_font)
        p.setPen(pal.HEX_ID)
        centres = self.geo.centres
        top = self.geo.half_extent[1] - self.geo.size * 0.06
        for i in idx:
            text = self._id_text(i)
            width = text.size().width()
            x, y = centres[i]
            p.drawStaticText(QPointF(x - width / 2, y - top), text)

    def _id_text(self, i: int) -> QStaticText:
        text = self._ids.get(i)
        if text is None:
            text = QStaticText(self.model.hex_ids[i])
            text.setTextFormat(Qt.TextFormat.PlainText)
            text.prepare(QTransform(), self.id_font)
            self._ids[i] = text
        return text
