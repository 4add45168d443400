"""The graph a 15.4 retreat searches, and its two lexicographic searches (see `ss15_4.py`).

A hex's *kind* says whether the retreat may end there, ends there in Broken Box 1, or goes on
from it; its *successors* are the hexes the unit may step to. The forward search finds the best
key from the start to every hex (and every predecessor giving it); the backward search finds the
best key from every hex on to an end, which explains each step (`ss15_4_notes.py`).
"""

from __future__ import annotations

import heapq
from enum import Enum

from gameapp.core.hexgrid import Hex
from gameapp.core.rules.retreat.ground import RetreatGround

# A ranking (see ss15_4.py) packed in one int, 16 bits a place, the first place highest: adding
# and comparing ints is the searches' inner loop, and packed keys add and compare exactly as the
# tuples they stand for while no place passes 65535 (a path of that many hexes).
Key = int
PLACES = 5
PLACE_BITS = 16
_MASK = (1 << PLACE_BITS) - 1


def pack(*places: int) -> Key:
    key = 0
    for value in places:
        key = (key << PLACE_BITS) | value
    return key


def unpack(key: Key) -> tuple[int, ...]:
    return tuple((key >> (PLACE_BITS * (PLACES - 1 - i))) & _MASK for i in range(PLACES))


ZERO: Key = 0
BROKEN_TAG: Key = pack(0, 0, 0, 1, 0)
_CAUSER, _OTHER, _NO_CLOSER, _STEP = (pack(1, 0, 0, 0, 0), pack(0, 1, 0, 0, 0),
                                      pack(0, 0, 1, 0, 0), pack(0, 0, 0, 0, 1))


class Node(Enum):
    THROUGH = "through"  # the retreat goes on from here
    END = "end"  # the retreat may end here
    EDGE = "edge"  # own map edge reached short: Broken Box 1


class Search15_4:
    """The graph of one retreat under 15.4 and its two searches."""

    def __init__(self, ground: RetreatGround, distance: int) -> None:
        self.ground = ground
        self.start = ground.start
        self.distance = distance
        self.blocked: dict[str, None] = {}  # reasons met, in order (for Broken Box 3's text)
        self._kinds: dict[Hex, Node] = {}
        self._succ: dict[Hex, tuple[Hex, ...]] = {}
        self._keys: dict[tuple[Hex, Hex], Key] = {}

    def kind(self, h: Hex) -> Node:
        found = self._kinds.get(h)
        if found is None:
            far = h.distance(self.start) >= self.distance
            if far and self.ground.overstack(h) is None:
                found = Node.END
            elif self.ground.home.on_edge(h):
                found = Node.EDGE
            else:
                found = Node.THROUGH
            self._kinds[h] = found
        return found

    def expands(self, h: Hex) -> bool:
        return h == self.start or self.kind(h) is Node.THROUGH

    def successors(self, h: Hex) -> tuple[Hex, ...]:
        """Hexes the unit may step to from `h` (which must be the start or a THROUGH hex)."""
        found = self._succ.get(h)
        if found is not None:
            return found
        g = self.ground
        beyond = h != self.start and h.distance(self.start) >= self.distance
        result = []
        for direction in range(6):
            n = h.neighbor(direction)
            if n == self.start:
                continue
            block = g.step_block(h, direction, True)
            if block is None and g.enemy_occupied(n):
                block = "enemy-occupied hexes are never entered"
            if block is not None:
                if block != "off the map":
                    self.blocked[block] = None
                continue
            if beyond and n.distance(self.start) < self.distance:
                continue
            result.append(n)
        found = self._succ[h] = tuple(result)
        return found

    def step_key(self, h: Hex, n: Hex) -> Key:
        """What one step from `h` into `n` adds to the ranking."""
        found = self._keys.get((h, n))
        if found is None:
            causers, others = self.ground.adjacent_enemies(n)
            home = self.ground.home
            found = _STEP
            if causers:
                found += _CAUSER
            if others:
                found += _OTHER
            if home(n) >= home(h):
                found += _NO_CLOSER
            self._keys[(h, n)] = found
        return found

    def end_tag(self, h: Hex) -> Key:
        return BROKEN_TAG if self.kind(h) is Node.EDGE else ZERO

    # --- the searches -------------------------------------------------------------------------
    def forward(self) -> tuple[dict[Hex, Key], dict[Hex, list[Hex]]]:
        """Best key from the start to every hex reached, and the predecessors giving it."""
        best: dict[Hex, Key] = {self.start: ZERO}
        preds: dict[Hex, list[Hex]] = {self.start: []}
        heap: list[tuple[Key, Hex]] = [(ZERO, self.start)]
        while heap:
            key, h = heapq.heappop(heap)
            if key != best[h] or not self.expands(h):
                continue
            for n in self.successors(h):
                new = key + self.step_key(h, n)
                old = best.get(n)
                if old is None or new < old:
                    best[n] = new
                    preds[n] = [h]
                    heapq.heappush(heap, (new, n))
                elif new == old:
                    preds[n].append(h)
        return best, preds

    def backward(self, reached: dict[Hex, Key], ends: list[Hex]) -> dict[Hex, Key]:
        """Best key from every reached hex on to an end (the end's Broken Box tag included)."""
        back: dict[Hex, Key] = {t: self.end_tag(t) for t in ends}
        heap: list[tuple[Key, Hex]] = [(k, t) for t, k in back.items()]
        heapq.heapify(heap)
        while heap:
            key, n = heapq.heappop(heap)
            if key != back[n]:
                continue
            for p in n.neighbors():
                if p not in reached or not self.expands(p) or n not in self.successors(p):
                    continue
                new = self.step_key(p, n) + key
                old = back.get(p)
                if old is None or new < old:
                    back[p] = new
                    if p != self.start:
                        heapq.heappush(heap, (new, p))
        return back
