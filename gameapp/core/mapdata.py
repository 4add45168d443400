"""HexMap: a compiled map as plain numpy arrays that the rules read fast.

Arrays are indexed [row, col] in screen offset coordinates (see `numbering.py`). Hexside arrays
have a third axis of six directions, and every hexside is stored from both of its hexes, so a
rule reads one cell whichever side it stands on. Write hexsides only through `set_hexside` and
`add_road`.

A map read from the map cache (mapcache.py) keeps its arrays packed, as bytes, until they are
first read (`HexMap.packed`): the board reads their values as plain numbers (`flat_values`), so
`gameapp play` draws its first frame without importing numpy (issue 28: start-up).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from gameapp.core.hexgrid import Hex, Hexside
from gameapp.core.numbering import NumberedGrid, Numbering
from gameapp.core.terrain import HexFeature, HexsideFeature, RoadGrade, Slope, Terrain

if TYPE_CHECKING:  # numpy when the arrays are first made: not for a packed map's first frame
    import numpy as np

ARRAY_NAMES = ("terrain", "elevation", "features", "hexsides", "roads")
_UNPACKING = threading.Lock()  # a packed map's arrays are made once
# the array types, and their codes for memoryview.cast (native byte order, as numpy's)
_FORMATS: dict[str, Literal["B", "h", "H"]] = {"uint8": "B", "int16": "h", "uint16": "H"}


@dataclass(frozen=True)
class PackedArray:
    """One of a map's arrays as bytes (C order, native byte order), as the map cache keeps it:
    its values read as plain numbers without numpy, or made a numpy array when a rule needs it."""

    type_name: str  # "uint8", "int16" or "uint16"
    shape: tuple[int, ...]
    data: bytes

    def values(self) -> list[int]:
        """Every value, flat in C order."""
        values: list[int] = memoryview(self.data).cast(_FORMATS[self.type_name]).tolist()
        return values

    def array(self) -> np.ndarray:
        import numpy as np

        return np.frombuffer(self.data, dtype=self.type_name).reshape(self.shape).copy()


@dataclass
class SlopeThresholds:
    """Elevation differences (feet) across a hexside that make a gentle or a steep slope."""

    gentle: int = 10
    steep: int = 40


@dataclass
class HexMap(NumberedGrid):
    name: str
    numbering: Numbering
    terrain: np.ndarray  # uint8 [h, w], Terrain codes
    elevation: np.ndarray  # int16 [h, w], feet above the map's datum
    features: np.ndarray  # uint8 [h, w], HexFeature flags
    hexsides: np.ndarray  # uint16 [h, w, 6], HexsideFeature flags
    roads: np.ndarray  # uint8 [h, w, 6], RoadGrade of the link to each neighbour
    slope_thresholds: SlopeThresholds = field(default_factory=SlopeThresholds)
    # The map edges each side retreats toward, as printed-id patterns such as "xx00".
    friendly_edges: dict[str, list[str]] = field(default_factory=dict)
    source: str = ""
    # counts the edits made through the writing methods below, so that what is derived from
    # the arrays (the movement step keys) can tell it is out of date
    edits: int = field(default=0, compare=False, repr=False)

    @classmethod
    def blank(cls, name: str, numbering: Numbering, terrain: Terrain = Terrain.CLEAR) -> HexMap:
        import numpy as np

        shape = (numbering.height, numbering.width)
        return cls(
            name=name,
            numbering=numbering,
            terrain=np.full(shape, int(terrain), dtype=np.uint8),
            elevation=np.zeros(shape, dtype=np.int16),
            features=np.zeros(shape, dtype=np.uint8),
            hexsides=np.zeros((*shape, 6), dtype=np.uint16),
            roads=np.zeros((*shape, 6), dtype=np.uint8),
        )

    @classmethod
    def packed(cls, name: str, numbering: Numbering, arrays: dict[str, PackedArray],
               slope_thresholds: SlopeThresholds, friendly_edges: dict[str, list[str]],
               source: str) -> HexMap:
        """A map whose numpy arrays are made from `arrays` (one per ARRAY_NAMES) when one of
        them is first read: the same map as one built with the arrays."""
        hexmap = cls.__new__(cls)
        hexmap.__dict__.update(name=name, numbering=numbering, slope_thresholds=slope_thresholds,
                               friendly_edges=friendly_edges, source=source, edits=0,
                               _packed=dict(arrays))
        return hexmap

    if not TYPE_CHECKING:  # hidden from mypy, which would otherwise take any name as an array

        def __getattr__(self, name: str) -> Any:
            """A packed map's arrays, all made at the first read of one (called only for a
            name the map does not hold yet; under a lock: a worker thread may read too)."""
            if name not in ARRAY_NAMES:
                raise AttributeError(name)
            with _UNPACKING:
                packed = self.__dict__.pop("_packed", None)
                if packed is not None:  # (an array set meanwhile is kept)
                    for key, array in packed.items():
                        self.__dict__.setdefault(key, array.array())
            try:
                return self.__dict__[name]
            except KeyError:
                raise AttributeError(name) from None

    def flat_values(self, name: str) -> list[int]:
        """The values of the array `name` (one of ARRAY_NAMES) as plain numbers, flat in C
        order ([row, col] or [row, col, direction]); a packed map's without making its arrays."""
        packed: dict[str, PackedArray] | None = self.__dict__.get("_packed")
        if packed is not None and name not in self.__dict__:
            return packed[name].values()
        values: list[int] = getattr(self, name).ravel().tolist()
        return values

    # --- reading ----------------------------------------------------------------------------
    def terrain_at(self, h: Hex) -> Terrain:
        return Terrain(int(self.terrain[self.index(h)]))

    def elevation_at(self, h: Hex) -> int:
        return int(self.elevation[self.index(h)])

    def features_at(self, h: Hex) -> HexFeature:
        return HexFeature(int(self.features[self.index(h)]))

    def hexside_at(self, h: Hex, direction: int) -> HexsideFeature:
        row, col = self.index(h)
        return HexsideFeature(int(self.hexsides[row, col, direction % 6]))

    def road_at(self, h: Hex, direction: int) -> RoadGrade:
        row, col = self.index(h)
        return RoadGrade(int(self.roads[row, col, direction % 6]))

    def slope_at(self, h: Hex, direction: int) -> Slope:
        """The slope a unit meets leaving `h` toward `direction` (level when off the map)."""
        other = h.neighbor(direction)
        if not self.contains(other):
            return Slope.LEVEL
        rise = self.elevation_at(other) - self.elevation_at(h)
        size = abs(rise)
        if size >= self.slope_thresholds.steep:
            grade = 2
        elif size >= self.slope_thresholds.gentle:
            grade = 1
        else:
            return Slope.LEVEL
        return Slope(grade if rise > 0 else -grade)

    def hexside_features(self) -> dict[Hexside, HexsideFeature]:
        """Every marked hexside once, keyed canonically."""
        return {side: HexsideFeature(value) for side, value in self._marked_sides("hexsides")}

    def road_links(self) -> dict[Hexside, RoadGrade]:
        """Every road link once, keyed canonically."""
        return {side: RoadGrade(value) for side, value in self._marked_sides("roads")}

    def _marked_sides(self, name: str) -> list[tuple[Hexside, int]]:
        """Each nonzero cell of a hexside array, in array order, with its canonical hexside (a
        side is met from both its hexes: the later cell's value stands, as in a dict)."""
        width, to_hex = self.width, self.numbering.offset_to_hex
        marked = []
        for k, value in enumerate(self.flat_values(name)):
            if value:
                cell, direction = divmod(k, 6)
                row, col = divmod(cell, width)
                marked.append((Hexside.of(to_hex(col, row), direction), value))
        return marked

    # --- writing ----------------------------------------------------------------------------
    def set_terrain(self, h: Hex, terrain: Terrain) -> None:
        self.terrain[self.index(h)] = int(terrain)
        self.edits += 1

    def set_elevation(self, h: Hex, feet: int) -> None:
        self.elevation[self.index(h)] = feet
        self.edits += 1

    def add_features(self, h: Hex, features: HexFeature) -> None:
        self.features[self.index(h)] |= int(features)
        self.edits += 1

    def set_hexside(self, h: Hex, direction: int, features: HexsideFeature) -> None:
        """Set a hexside's features on both hexes that share it (off-map halves are skipped)."""
        self._write_both(self.hexsides, h, direction, int(features))

    def add_hexside(self, h: Hex, direction: int, features: HexsideFeature) -> None:
        self.set_hexside(h, direction, self.hexside_at_any(h, direction) | features)

    def hexside_at_any(self, h: Hex, direction: int) -> HexsideFeature:
        """Like hexside_at, but reads from the neighbour when `h` itself is off the map."""
        if self.contains(h):
            return self.hexside_at(h, direction)
        return self.hexside_at(h.neighbor(direction), direction + 3)

    def add_road(self, a: Hex, b: Hex, grade: RoadGrade) -> None:
        """Link two neighbouring hexes by road; a better grade already there is kept."""
        direction = a.direction_to(b)
        if direction is None:
            raise ValueError(f"road link between non-neighbours {a} and {b}")
        current = self.road_at(a, direction) if self.contains(a) else self.road_at(b, direction + 3)
        self._write_both(self.roads, a, direction, max(int(current), int(grade)))

    def _write_both(self, array: np.ndarray, h: Hex, direction: int, value: int) -> None:
        direction %= 6
        self.edits += 1
        other = h.neighbor(direction)
        if self.contains(h):
            row, col = self.index(h)
            array[row, col, direction] = value
        if self.contains(other):
            row, col = self.index(other)
            array[row, col, (direction + 3) % 6] = value
