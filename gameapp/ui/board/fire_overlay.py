"""The fire highlights: a unit's field of fire shaded by range band, and the marks of the fire
phase (the firers chosen, the targets they can combine on with the chance of an effect, the hexes
an enemy could fire at the selected unit from).

Three items, each drawing everything it shows in one paint call (DESIGN.md's drawing costs):
- `field`, under the move fills and the counters: one non-antialiased translucent fill per hex,
  a layer per band (four shades by range factor, canister in a hue of its own), and one cosmetic
  outline round the whole field;
- `marks`, over the counters (the selected stack included): inset rings with cosmetic pens, gold
  round the firers, red round the targets (grey and dashed where the attack would be refused),
  teal and further in round the exposure hexes;
- `chips`, over the rings: the chance that a shot at each target has any effect.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QGraphicsScene

from gameapp.core.hexgrid import Hex
from gameapp.present.fire_bands import FireBand
from gameapp.ui.board.chip_item import ChipItem
from gameapp.ui.board.geometry import BoardGeometry
from gameapp.ui.board.label_stamps import ChipStyle, LabelStamps
from gameapp.ui.board.move_overlay import chip_anchor
from gameapp.ui.board.overlay import HexOverlayItem

FIELD_Z = 45.0  # over the terrain, under the move fills (50) and the counters (100)
MARKS_Z = 155.0  # over the counters, even the selected stack (150)
CHIPS_Z = 156.0

# Crimson to lilac by range factor, canister in indigo: hues the map's ground (greens, tans and
# browns) and the move highlight (blue) do not use.
BAND_FILLS: dict[FireBand, QColor] = {
    FireBand.CANISTER: QColor(75, 0, 130, 140),
    FireBand.FULL: QColor(190, 0, 30, 135),
    FireBand.STRONG: QColor(230, 50, 90, 115),
    FireBand.WEAK: QColor(240, 110, 170, 105),
    FireBand.FAINT: QColor(200, 160, 235, 105),
}
FIELD_EDGE = QColor("#5a0016")
FIRER_RING = QColor("#ffab00")
TARGET_RING = QColor("#d50000")
REFUSED_RING = QColor("#37474f")
EXPOSED_RING = QColor("#00838f")
EXPOSED_INSET = 0.70  # inside a target's ring when a hex is both


class FireOverlay:
    def __init__(self, geometry: BoardGeometry, stamps: LabelStamps) -> None:
        self._geo = geometry
        self.field = HexOverlayItem(geometry, FIELD_Z)
        self.marks = HexOverlayItem(geometry, MARKS_Z)
        self.chips = ChipItem(geometry, stamps, CHIPS_Z)
        self._bands: dict[Hex, FireBand] = {}
        self._targets: dict[Hex, str] = {}
        self._firers: frozenset[Hex] = frozenset()
        self._exposed: frozenset[Hex] = frozenset()

    def add_to(self, scene: QGraphicsScene) -> None:
        for item in (self.field, self.marks, self.chips):
            scene.addItem(item)

    # --- reading ----------------------------------------------------------------------------
    @property
    def bands(self) -> dict[Hex, FireBand]:
        """The field of fire shown: every hex and its band."""
        return dict(self._bands)

    @property
    def targets(self) -> dict[Hex, str]:
        """The targets marked, with their chip ("" where the attack would be refused)."""
        return dict(self._targets)

    @property
    def firers(self) -> frozenset[Hex]:
        return self._firers

    @property
    def exposed(self) -> frozenset[Hex]:
        return self._exposed

    def __contains__(self, h: object) -> bool:
        """Whether `h` is a marked target (a click there asks to fire at it)."""
        return h in self._targets

    # --- the field of fire ------------------------------------------------------------------
    def show_field(self, bands: Mapping[Hex, FireBand]) -> None:
        self.field.clear()
        hexes = {h: b for h, b in bands.items() if self._geo.numbering.contains(h)}
        for band in FireBand:
            self.field.show_hexes((h for h, b in hexes.items() if b is band), BAND_FILLS[band])
        self.field.outline(set(hexes), FIELD_EDGE, 2)
        self._bands = hexes

    def clear_field(self) -> None:
        self.field.clear()
        self._bands = {}

    # --- the marks --------------------------------------------------------------------------
    def show_marks(
        self,
        targets: Mapping[Hex, str] | None = None,
        firers: Collection[Hex] = (),
        exposed: Collection[Hex] = (),
    ) -> None:
        """Rings round the firers, the targets (a chip with its text on each; "" for a refused
        attack: a dashed grey ring, no chip) and the exposure hexes."""
        marks = self.marks
        marks.clear()
        self._targets = dict(targets or {})
        self._firers, self._exposed = frozenset(firers), frozenset(exposed)
        marks.rings(self._firers, FIRER_RING, 3)
        marks.rings((h for h, text in self._targets.items() if text), TARGET_RING, 3)
        marks.rings((h for h, text in self._targets.items() if not text), REFUSED_RING, 2,
                    style=Qt.PenStyle.DashLine)
        marks.rings(self._exposed, EXPOSED_RING, 3, inset=EXPOSED_INSET)
        chips = [(chip_anchor(self._geo, h, (h,)), text, ChipStyle.FIRE)
                 for h, text in self._targets.items() if text]
        pad = self._geo.size
        bounds = marks.boundingRect().adjusted(-pad, -pad, pad, pad) if chips else QRectF()
        self.chips.set_labels(chips, bounds)

    def clear_marks(self) -> None:
        self.show_marks()
