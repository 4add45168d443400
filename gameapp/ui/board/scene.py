"""BoardScene: the map and its counters as a QGraphicsScene.

Layers, bottom to top: the terrain layer (cached tiles), the field of fire, the highlight overlay
and the move fills, the counters, the hovered route, the move chips (MPs left), the fire marks
(firers, targets, exposure) and their chips, the line of sight being measured. The
scene holds the latest Units it was given (`update_units`) and the selected hex; counter items read
their unit from here, so the scene never edits a unit, it only shows what it was told.
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Callable, Iterable, Mapping

from PySide6.QtCore import QPointF, QRectF, QTimer
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QGraphicsScene

from gameapp.core.hexgrid import Hex
from gameapp.core.mapdata import HexMap
from gameapp.core.units import Unit
from gameapp.present.describe import describe_hex
from gameapp.present.markers import NO_MARKERS, Marker, marker_words
from gameapp.ui.board.counter_art import CounterArt
from gameapp.ui.board.counter_item import COUNTER_Z, CounterItem
from gameapp.ui.board.counter_stamps import CounterStamps
from gameapp.ui.board.fire_overlay import FireOverlay
from gameapp.ui.board.geometry import HEX_SIZE, BoardGeometry
from gameapp.ui.board.label_stamps import LabelStamps
from gameapp.ui.board.map_painter import MapPainter
from gameapp.ui.board.move_overlay import MoveOverlay
from gameapp.ui.board.overlay import HexOverlayItem
from gameapp.ui.board.route_item import RouteItem
from gameapp.ui.board.sight_item import SightItem
from gameapp.ui.board.terrain_layer import LayerPainter, TerrainLayerItem

COUNTER_SIDE = 1.15  # counter side in hex sizes
STACK_STEP = 0.13  # offset between stacked counters, in hex sizes
MARGIN = 0.6  # room around the map, in hex sizes
WHEEL_REST_S = 0.12  # a zoom that has not changed for this long is at rest: draw it sharp
BACKDROP = QColor("#5b5f52")


class BoardScene(QGraphicsScene):
    def __init__(
        self,
        hex_map: HexMap,
        units: Iterable[Unit] = (),
        hex_size: float = HEX_SIZE,
        progressive: bool = False,
        upright: bool = False,
        painter: Callable[[BoardGeometry], LayerPainter] | None = None,
    ) -> None:
        """`painter` makes what paints the map under the counters (the tactical map's
        MapPainter by default; a theatre board, theatre_board.py, paints its theatre map)."""
        super().__init__()
        self._upright = upright  # counters square to the screen, an arrow for the facing
        self._view_turn = 0.0  # the view's rotation: upright counters turn back by as much
        self.hex_map = hex_map
        self.geometry = BoardGeometry(hex_map.numbering, hex_size, margin=hex_size * MARGIN)
        self.map_painter = (painter or self._tactical_painter)(self.geometry)
        self.terrain = TerrainLayerItem(self.map_painter, progressive=progressive)
        self.addItem(self.terrain)
        self.overlay = HexOverlayItem(self.geometry)
        self.addItem(self.overlay)
        stamps = LabelStamps()
        self.moves = MoveOverlay(self.geometry, stamps)
        self.moves.add_to(self)
        self.fire = FireOverlay(self.geometry, stamps)
        self.fire.add_to(self)
        self.route = RouteItem(self.geometry)
        self.addItem(self.route)
        self.sight = SightItem(self.geometry)
        self.addItem(self.sight)
        self.counter_stamps = CounterStamps(CounterArt(hex_size * COUNTER_SIDE))
        self.counter_stamps.on_deferred = self._repaint_soon  # stamps still to draw: a frame
        self._repaint_pending = False
        self._units: dict[str, Unit] = {}
        self._markers: dict[str, frozenset[Marker]] = {}
        self._order: list[str] = []
        self._items: dict[str, CounterItem] = {}
        self._selected_hex: Hex | None = None
        self.setSceneRect(self.geometry.map_rect)
        self.setBackgroundBrush(BACKDROP)
        self.update_units(units)

    def begin_frame(self) -> None:
        """The view begins a frame: new counter stamps for a time budget in it, the rest in
        frames to come (a zoom step's stamps then never hold the window up)."""
        self.counter_stamps.begin_frame()

    def zoom_stepped(self, rest_s: float = WHEEL_REST_S) -> None:
        """The view's zoom just changed: until it rests for `rest_s`, draw the last zoom's
        pictures scaled and none anew (a wheel turned through many steps draws each once)."""
        self.terrain.hold(rest_s)
        self.counter_stamps.hold(rest_s)

    def end_frame(self) -> None:
        """The frame is drawn: other paints (a picture of the board) draw every stamp."""
        self.counter_stamps.end_frame()

    def _repaint_soon(self, after_s: float = 0.0) -> None:
        if self._repaint_pending:
            return
        self._repaint_pending = True
        QTimer.singleShot(math.ceil(after_s * 1000), self._repaint_now)

    def _repaint_now(self) -> None:
        self._repaint_pending = False
        with contextlib.suppress(RuntimeError):  # the scene may have gone with its window
            self.update()

    def _tactical_painter(self, geometry: BoardGeometry) -> LayerPainter:
        return MapPainter(self.hex_map, geometry)

    def describe(self, h: Hex) -> str:
        """The words for a hex under the mouse (the status bar's)."""
        return describe_hex(self.hex_map, h)

    # --- reading ----------------------------------------------------------------------------
    def unit(self, unit_id: str) -> Unit | None:
        return self._units.get(unit_id)

    def markers(self, unit_id: str) -> frozenset[Marker]:
        return self._markers.get(unit_id, NO_MARKERS)

    def units(self) -> list[Unit]:
        return [self._units[i] for i in self._order]

    def units_at(self, h: Hex) -> list[Unit]:
        """The stack in a hex, top counter first."""
        return [self._units[i] for i in self._order if self._units[i].hex == h]

    @property
    def upright(self) -> bool:
        return self._upright

    def set_upright(self, on: bool) -> None:
        """Counters square to the screen with a facing arrow (on), or turned to their facing."""
        if on == self._upright:
            return
        self._upright = on
        bounds = self.counter_stamps.art.bounds(on)
        for item in self._items.values():
            item.setRect(bounds)
        for h in {u.hex for u in self._units.values()}:
            self._restack(h)

    def set_view_turn(self, degrees: float) -> None:
        """The view shows the map turned by `degrees`: upright counters stay level on screen."""
        if degrees == self._view_turn:
            return
        self._view_turn = degrees
        if self._upright:
            for h in {u.hex for u in self._units.values()}:
                self._restack(h)

    def upright_facing(self, unit: Unit) -> float | None:
        """The angle an upright counter's facing arrow points, on screen (None: counters are
        turned to their facing)."""
        if not self._upright:
            return None
        return (self.geometry.facing_rotation(unit.facing) + self._view_turn) % 360.0

    @property
    def counter_side(self) -> float:
        """A counter's side in scene units."""
        return self.counter_stamps.art.side

    def units_centre(self) -> QPointF:
        """The middle of the box around the counters on the map (the map's centre without)."""
        if not self._units:
            return self.geometry.map_rect.center()
        box = QRectF()
        for unit in self._units.values():
            centre = self.geometry.centre(unit.hex)
            box = box.united(QRectF(centre, centre).adjusted(-1, -1, 1, 1))
        return box.center()

    def counter_item(self, unit_id: str) -> CounterItem | None:
        return self._items.get(unit_id)

    def hex_at(self, point: QPointF) -> Hex | None:
        return self.geometry.hex_at(point)

    def hex_rect(self, h: Hex) -> QRectF:
        return self.geometry.polygon(h).boundingRect()

    # --- selection --------------------------------------------------------------------------
    @property
    def selected_hex(self) -> Hex | None:
        return self._selected_hex

    def is_selected(self, unit_id: str) -> bool:
        unit = self._units.get(unit_id)
        return unit is not None and unit.hex == self._selected_hex

    def select_hex(self, h: Hex | None) -> list[Unit]:
        """Select the stack in a hex (None clears); returns its units, top first."""
        before = self._selected_hex
        self._selected_hex = h
        for hex_ in {before, h}:
            if hex_ is not None:
                self._restack(hex_)
        return self.units_at(h) if h is not None else []

    # --- units ------------------------------------------------------------------------------
    def update_units(self, units: Iterable[Unit]) -> None:
        """Show exactly these units: add, remove and move counter items to match."""
        new = {u.id: u for u in units}
        touched = {u.hex for u in self._units.values()} | {u.hex for u in new.values()}
        for gone in set(self._items) - set(new):
            self.removeItem(self._items.pop(gone))
        changed = {i for i, u in new.items() if self._units.get(i) != u}
        self._units = new
        self._order = list(new)
        for unit_id in new:
            if unit_id not in self._items:
                item = CounterItem(unit_id, self, self.counter_stamps, self._upright)
                item.setToolTip(self._marker_tip(unit_id))
                self._items[unit_id] = item
                self.addItem(item)
            elif unit_id in changed:
                self._items[unit_id].update()
        stacks: dict[Hex, list[str]] = {}
        for unit_id in self._order:
            stacks.setdefault(new[unit_id].hex, []).append(unit_id)
        for h in touched:
            self._place_stack(h, stacks.get(h, []))

    def set_markers(self, markers: Mapping[str, frozenset[Marker]]) -> None:
        """Show these derived markers (unit id -> markers; absent ids wear none)."""
        before, self._markers = self._markers, {i: m for i, m in markers.items() if m}
        for unit_id in set(before) | set(self._markers):
            item = self._items.get(unit_id)
            if item is not None and before.get(unit_id) != self._markers.get(unit_id):
                item.setToolTip(self._marker_tip(unit_id))
                item.update()

    def _marker_tip(self, unit_id: str) -> str:
        return marker_words(self.markers(unit_id)).capitalize()

    def _restack(self, h: Hex) -> None:
        ids = [i for i in self._order if self._units[i].hex == h]
        self._place_stack(h, ids)
        for unit_id in ids:
            self._items[unit_id].update()

    def _place_stack(self, h: Hex, ids: list[str]) -> None:
        """Offset a stack so each counter shows; the top counter lies down-right, in front."""
        centre = self.geometry.centre(h)
        step = self.geometry.size * STACK_STEP
        count = len(ids)
        lift = 50.0 if h == self._selected_hex else 0.0
        for k, unit_id in enumerate(ids):
            shift = ((count - 1) / 2 - k) * step
            unit = self._units[unit_id]
            turn = -self._view_turn % 360.0 if self._upright \
                else self.geometry.facing_rotation(unit.facing)
            self._items[unit_id].place(
                QPointF(centre.x() + shift, centre.y() + shift),
                turn,
                COUNTER_Z + lift + (count - k) * 0.01,
            )
