"""The legal-move highlight: where the selected unit can go, and the MPs it would have left there.

Two items, each drawing everything it shows in one paint call:
- `fills` (a `HexOverlayItem`), under the counters: a translucent, non-antialiased fill per
  reachable hex (red where the unit must stop in an enemy front), one solid outline around the
  whole reachable area and an inset red ring around each stop hex. Outlines are cosmetic pens
  without antialiasing, which the measured drawing costs (DESIGN.md) allow on hundreds of hexes.
- `labels` (a `ChipItem`), over the counters: a chip per hex with the MPs left, blitted from
  `LabelStamps` at whole device pixels, red octagons for stop hexes. Chips are left out when the
  zoom makes them too small to read; the fills still show.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QGraphicsScene

from gameapp.core.hexgrid import Hex
from gameapp.ui.board.chip_item import LABEL_Z, MIN_LABEL_PX, ChipItem
from gameapp.ui.board.geometry import BoardGeometry
from gameapp.ui.board.label_stamps import ChipStyle, LabelStamps
from gameapp.ui.board.overlay import HexOverlayItem

__all__ = ["LABEL_Z", "MIN_LABEL_PX", "MoveOverlay"]

FILL_Z = 50.0  # over the terrain, under the counters (100)

REACH_FILL = QColor(30, 100, 255, 100)
STOP_FILL = QColor(225, 40, 30, 95)
REACH_EDGE = QColor("#0d2f8a")
STOP_EDGE = QColor("#c62828")
OCCUPIED_DROP = 0.58  # chips in hexes holding counters sit this far below the centre (hex sizes)


def chip_anchor(geo: BoardGeometry, h: Hex, occupied: Collection[Hex]) -> QPointF:
    """Where a hex's chip sits: its centre, or below the counters when it holds some."""
    drop = QPointF(0.0, geo.size * OCCUPIED_DROP) if h in occupied else QPointF()
    return geo.centre(h) + drop


class MoveOverlay:
    """The two items of the move highlight, filled and cleared together."""

    def __init__(self, geometry: BoardGeometry, stamps: LabelStamps) -> None:
        self._geo = geometry
        self.fills = HexOverlayItem(geometry, FILL_Z)
        self.labels = ChipItem(geometry, stamps)
        self._remaining: dict[Hex, int] = {}
        self._stops: frozenset[Hex] = frozenset()
        self.origin: Hex | None = None
        self.chips: dict[Hex, tuple[str, ChipStyle]] = {}  # what each hex's label says

    def add_to(self, scene: QGraphicsScene) -> None:
        scene.addItem(self.fills)
        scene.addItem(self.labels)

    # --- reading ----------------------------------------------------------------------------
    @property
    def remaining(self) -> dict[Hex, int]:
        """Every highlighted hex and the MPs its label shows."""
        return dict(self._remaining)

    @property
    def stops(self) -> frozenset[Hex]:
        return self._stops

    def __contains__(self, h: object) -> bool:
        return h in self._remaining

    # --- showing ----------------------------------------------------------------------------
    def show(
        self,
        origin: Hex,
        remaining: Mapping[Hex, int],
        stops: Collection[Hex] = (),
        occupied: Collection[Hex] = (),
    ) -> None:
        """Highlight the hexes a unit in `origin` can reach, labelled with the MPs left; `stops`
        are drawn as must-stop hexes; labels in `occupied` hexes drop below the counters."""
        geo = self._geo
        hexes = {h: mp for h, mp in remaining.items() if geo.numbering.contains(h)}
        stop_set = frozenset(h for h in stops if h in hexes)
        fills = self.fills
        fills.clear()
        fills.show_hexes((h for h in hexes if h not in stop_set), REACH_FILL)
        fills.show_hexes(stop_set, STOP_FILL)
        fills.outline(set(hexes) | {origin}, REACH_EDGE)
        fills.rings(stop_set, STOP_EDGE)
        self.chips = {
            h: (str(mp), ChipStyle.STOP if h in stop_set else ChipStyle.REACH)
            for h, mp in hexes.items()
        }
        labels = [(chip_anchor(geo, h, occupied), text, style)
                  for h, (text, style) in self.chips.items()]
        self.labels.set_labels(labels, fills.boundingRect() if hexes else QRectF())
        self._remaining, self._stops, self.origin = hexes, stop_set, origin

    def clear(self) -> None:
        if self.origin is None:
            return
        self.fills.clear()
        self.labels.set_labels([], QRectF())
        self.chips = {}
        self._remaining, self._stops, self.origin = {}, frozenset(), None
