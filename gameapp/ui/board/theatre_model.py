"""TheatreModel: a theatre map prepared for drawing, in scene units, computed once.

Hex shapes and fills, the hexside segments of rivers and ridges, rail and road links from hex
centre to hex centre, state lines, and the place symbols with their name labels. Labels are laid
out once, in scene units, so they scale with the map: biggest places first, each name tried to
the right, left, above and below its symbol and dropped when all four would overlap a name or a
symbol already placed. What collides at the default zoom therefore collides at none.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QLineF, QPointF, QRectF
from PySide6.QtGui import QFont, QFontMetricsF, QPolygonF

from gameapp.core.hexgrid import Hexside
from gameapp.core.theatre.chart import PlaceSize, TheatreHexside, TheatreTerrain
from gameapp.core.theatre.theatremap import Place, TheatreMap
from gameapp.ui.board import theatre_palette as pal
from gameapp.ui.board.geometry import BoardGeometry

# Symbol radius and label pixel size, as fractions of the hex size, by place size.
SYMBOL = {PlaceSize.MAJOR_CITY: 0.30, PlaceSize.CITY: 0.22, PlaceSize.TOWN: 0.12}
LABEL = {PlaceSize.MAJOR_CITY: 0.50, PlaceSize.CITY: 0.40, PlaceSize.TOWN: 0.32}


@dataclass(frozen=True)
class Label:
    place: Place
    centre: QPointF  # the symbol's centre
    radius: float
    text_at: QPointF | None  # the text's baseline start; None when no room was found
    font: QFont
    bounds: QRectF  # the symbol and its name together, for deciding which tiles draw it


class TheatreModel:
    def __init__(self, theatre: TheatreMap, geometry: BoardGeometry, year: int | None = None,
                 borders: str = "1861") -> None:
        self.map = theatre
        self.geo = geometry
        self.year = year
        size = geometry.size
        origin = geometry.centre(theatre.numbering.offset_to_hex(0, 0))
        self._origin, self._scale = (origin.x(), origin.y()), size
        index = [theatre.index(h) for h in geometry.hexes]
        self.terrain = [TheatreTerrain(int(theatre.terrain[r, c])) for r, c in index]
        self.fills = [pal.TERRAIN_FILL[t] for t in self.terrain]
        self.polygons = [geometry.hex_shape.translated(float(x), float(y))
                         for x, y in geometry.centres]
        self.hex_ids = [theatre.hex_id(h) for h in geometry.hexes]
        self._build_sides()
        self._build_links()
        self.borders = [
            QPolygonF([self.scene_point(x, y) for x, y in b.points])
            for b in theatre.border_lines(borders)
        ]
        self.labels = self._layout_labels()

    def scene_point(self, x: float, y: float) -> QPointF:
        """A point in map hex units as a scene point."""
        return QPointF(self._origin[0] + x * self._scale, self._origin[1] + y * self._scale)

    # --- hexsides and links -----------------------------------------------------------------
    def _build_sides(self) -> None:
        layout = self.geo.layout
        self.rivers: list[tuple[QLineF, TheatreHexside]] = []
        self.ridges: list[tuple[QLineF, bool]] = []  # segment, is a gap
        seen: set[Hexside] = set()
        for h in self.geo.hexes:
            for d in range(6):
                flags = self.map.hexside_at(h, d)
                side = Hexside.of(h, d)
                if not flags or side in seen:
                    continue
                seen.add(side)
                (ax, ay), (bx, by) = layout.hexside_endpoints(side)
                line = QLineF(ax, ay, bx, by)
                if flags & (TheatreHexside.MAJOR_RIVER | TheatreHexside.MINOR_RIVER):
                    self.rivers.append((line, flags))
                if flags & TheatreHexside.RIDGE:
                    self.ridges.append((line, bool(flags & TheatreHexside.GAP)))

    def _build_links(self) -> None:
        centre = self.geo.centre
        self.rails: list[QLineF] = []
        for link in self.map.rail_links(self.year):
            a, b = link.side.hexes()
            line = QLineF(centre(a), centre(b))
            if line not in self.rails:
                self.rails.append(line)
        self.roads: list[QLineF] = []
        for h in self.geo.hexes:
            for d in range(3):
                if self.map.road_at(h, d) and self.map.contains(h.neighbor(d)):
                    self.roads.append(QLineF(centre(h), centre(h.neighbor(d))))

    # --- places -----------------------------------------------------------------------------
    def _layout_labels(self) -> list[Label]:
        size = self.geo.size
        order = sorted(self.map.places,
                       key=lambda p: (-int(p.size), -bin(int(p.roles)).count("1"), p.name, p.state))
        symbols = []
        for place in order:
            centre = self.scene_point(*place.where)
            radius = SYMBOL[place.size] * size
            symbols.append(QRectF(centre.x() - radius, centre.y() - radius, 2 * radius, 2 * radius))
        taken: list[QRectF] = []
        labels = []
        for place, box in zip(order, symbols, strict=True):
            font = QFont("DejaVu Serif")
            font.setPixelSize(max(1, round(LABEL[place.size] * size)))
            font.setBold(place.size is PlaceSize.MAJOR_CITY)
            font.setItalic(place.size is PlaceSize.TOWN)
            metrics = QFontMetricsF(font)
            width, ascent, descent = (metrics.horizontalAdvance(place.name), metrics.ascent(),
                                      metrics.descent())
            height = ascent + descent
            c, r = box.center(), box.width() / 2
            gap = 0.08 * size
            tries = [
                QRectF(c.x() + r + gap, c.y() - height / 2, width, height),
                QRectF(c.x() - r - gap - width, c.y() - height / 2, width, height),
                QRectF(c.x() - width / 2, c.y() - r - gap - height, width, height),
                QRectF(c.x() - width / 2, c.y() + r + gap, width, height),
            ]
            others = [s for s in symbols if s is not box]
            spot = next(
                (t for t in tries
                 if not any(t.intersects(o) for o in taken)
                 and not any(t.intersects(s) for s in others)
                 and self.geo.map_rect.contains(t)),
                None,
            )
            text_at = None
            bounds = QRectF(box)
            if spot is not None:
                taken.append(spot)
                text_at = QPointF(spot.left(), spot.top() + ascent)
                bounds = bounds.united(spot)
            pad = max(0.1 * size, 0.95 * r)  # the halo round the letters, a fort's star
            labels.append(Label(place, c, r, text_at, font, bounds.adjusted(-pad, -pad, pad, pad)))
        return labels
