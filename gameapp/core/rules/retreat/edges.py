"""How far a hex is from a side's own map edge, and the "home" measure retreats try to lower.

A map declares each side's edges as printed-id patterns (`HexMap.friendly_edges`):
- `xxNN`: every hex whose *position* (last two digits) is NN: one line of hexes across the map;
- `NNxx`: every hex of *hexrow* NN (first two digits): one hexrow;
- either may start with a map letter (`B29xx`); it then applies only to the map with that letter.

The distance from a hex to such a line is the number of hexes between them: |its number - NN|,
counted on the digits the pattern fixes. That is exact: one step changes a hexrow or a position
by at most one, and a straight run along the other axis changes it by one each step. A line
that lies off the map (`xx00` on a map whose positions start at 01) is replaced by the map's
outermost line on that side. With several patterns the nearest counts, and a hex is *on* the
edge when its distance is 0.

When a side has no edges on the map, the retreat measure is the negated distance to the nearest
unit that caused the retreat (else the nearest enemy combat unit, else the start): lowering it
moves the unit away from the enemy, and no hex counts as the edge (no Broken Box 1).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum

from gameapp.core.hexgrid import Hex, Orientation
from gameapp.core.mapdata import HexMap

EDGE_PATTERN = re.compile(r"^(?P<letter>[A-Z])?(?:xx(?P<pos>\d{2})|(?P<row>\d{2})xx)$")


class EdgeAxis(Enum):
    HEXROW = "hexrow"  # NNxx
    POSITION = "position"  # xxNN


@dataclass(frozen=True)
class EdgePattern:
    text: str
    axis: EdgeAxis
    number: int
    letter: str | None = None

    @classmethod
    def parse(cls, text: str) -> EdgePattern:
        match = EDGE_PATTERN.match(text.strip())
        if match is None:
            raise ValueError(f"'{text}' is not an edge pattern such as xx00 or 29xx")
        if match["pos"] is not None:
            return cls(text, EdgeAxis.POSITION, int(match["pos"]), match["letter"])
        return cls(text, EdgeAxis.HEXROW, int(match["row"]), match["letter"])


def hexrow_and_position(game_map: HexMap, h: Hex) -> tuple[int, int]:
    """The two numbers of a hex's printed id (which may pass 99 on a big map)."""
    numbering = game_map.numbering
    return numbering._hexrow_and_position(*numbering.hex_to_offset(h))


class EdgeDistance:
    """Distance in hexes from a hex to the nearest of a list of edge patterns on one map."""

    def __init__(self, game_map: HexMap, patterns: Sequence[str]) -> None:
        self.map = game_map
        numbering = game_map.numbering
        letter = numbering.letter
        parsed = [EdgePattern.parse(p) for p in patterns]
        self.patterns = tuple(p for p in parsed if p.letter is None or p.letter == letter)
        flat = numbering.orientation is Orientation.FLAT
        hexrows = numbering.width if flat else numbering.height
        positions = numbering.height if flat else numbering.width
        span = {
            EdgeAxis.HEXROW: (numbering.first_hexrow, numbering.first_hexrow + hexrows - 1),
            EdgeAxis.POSITION: (numbering.first_position, numbering.first_position + positions - 1),
        }
        self.lines: tuple[tuple[EdgeAxis, int], ...] = tuple(
            (p.axis, min(max(p.number, span[p.axis][0]), span[p.axis][1])) for p in self.patterns
        )
        self._cache: dict[Hex, int] = {}

    def __bool__(self) -> bool:
        return bool(self.lines)

    def label(self) -> str:
        return "/".join(p.text for p in self.patterns)

    def __call__(self, h: Hex) -> int:
        found = self._cache.get(h)
        if found is None:
            hexrow, position = hexrow_and_position(self.map, h)
            found = min(
                abs((hexrow if axis is EdgeAxis.HEXROW else position) - line)
                for axis, line in self.lines
            )
            self._cache[h] = found
        return found


class HomeMeasure:
    """What a retreat lowers with each hex: the distance to the own edge, or (with no edge on
    the map) the negated distance to the nearest enemy that matters (see the module docstring).
    `away_from` gives those enemies' hexes; it is asked once, and only when there is no edge."""

    def __init__(
        self, game_map: HexMap, side_key: str, away_from: Callable[[], Sequence[Hex]]
    ) -> None:
        self.edge = EdgeDistance(game_map, game_map.friendly_edges.get(side_key, []))
        self._away_from = away_from
        self._targets: tuple[Hex, ...] | None = None
        self._cache: dict[Hex, int] = {}

    @property
    def has_edge(self) -> bool:
        return bool(self.edge)

    def __call__(self, h: Hex) -> int:
        found = self._cache.get(h)
        if found is None:
            if self.edge:
                found = self.edge(h)
            else:
                if self._targets is None:
                    self._targets = tuple(self._away_from())
                found = -min(h.distance(a) for a in self._targets)
            self._cache[h] = found
        return found

    def on_edge(self, h: Hex) -> bool:
        return bool(self.edge) and self.edge(h) == 0

    def describe(self, before: int, after: int) -> str:
        if self.edge:
            closer = "closer to" if after < before else "no closer to"
            return f"{closer} own map edge {self.edge.label()} ({before} → {after} hexes)"
        closer = "further from" if after < before else "no further from"
        return f"{closer} the enemy ({-before} → {-after} hexes; no own edge on this map)"
