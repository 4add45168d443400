"""One graphics item per counter. It stores only a unit id and re-reads the Unit from its source
(the board scene) whenever it paints, so it is always a view of the current state. The picture
comes from the shared counter stamps (see counter_stamps.py)."""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QPointF
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QGraphicsRectItem, QStyleOptionGraphicsItem, QWidget

from gameapp.core.hexgrid import Hex
from gameapp.core.units import Unit
from gameapp.present.markers import Marker
from gameapp.ui.board.counter_stamps import CounterStamps, Look

COUNTER_Z = 100.0


class UnitSource(Protocol):
    def unit(self, unit_id: str) -> Unit | None: ...

    def markers(self, unit_id: str) -> frozenset[Marker]: ...

    @property
    def selected_hex(self) -> Hex | None: ...

    def upright_facing(self, unit: Unit) -> float | None: ...


class CounterItem(QGraphicsRectItem):
    """A rect item only so that Qt answers boundingRect() and shape() in C++: with hundreds of
    counters on screen, every Python override called per item per frame shows in the frame time."""

    def __init__(self, unit_id: str, source: UnitSource, stamps: CounterStamps,
                 upright: bool = False) -> None:
        super().__init__(stamps.art.bounds(upright))
        self.unit_id = unit_id
        self._source = source
        self._stamps = stamps
        self._look: Look | None = None

    @property
    def unit(self) -> Unit | None:
        return self._source.unit(self.unit_id)

    @property
    def markers(self) -> frozenset[Marker]:
        """The derived markers (engaged, checks ignored) this counter shows."""
        return self._source.markers(self.unit_id)

    def place(self, pos: QPointF, rotation: float, z: float) -> None:
        """Move the item; each Qt call is made only when the value changes."""
        if self.pos() != pos:
            self.setPos(pos)
        if self.rotation() != rotation:
            self.setRotation(rotation)
        if self.zValue() != z:
            self.setZValue(z)

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionGraphicsItem,
        widget: QWidget | None = None,
    ) -> None:
        unit = self._source.unit(self.unit_id)
        if unit is None:
            return
        selected = unit.hex == self._source.selected_hex
        markers = self._source.markers(self.unit_id)
        facing = self._source.upright_facing(unit)
        look = self._look
        if (
            look is None
            or look.unit is not unit
            or look.selected != selected
            or look.markers != markers
            or look.facing != facing
        ):
            look = self._look = Look(unit, selected, markers=markers, facing=facing)
        self._stamps.draw(painter, look)
