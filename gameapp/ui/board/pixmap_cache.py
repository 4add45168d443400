"""An LRU cache of pixmaps with a byte budget (terrain tiles, counter stamps)."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable

from PySide6.QtGui import QPixmap


class PixmapCache:
    """Pixmaps by key, least recently used dropped first once over `budget` bytes."""

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.used = 0
        self._items: OrderedDict[Hashable, QPixmap] = OrderedDict()

    def __len__(self) -> int:
        return len(self._items)

    def get(self, key: Hashable) -> QPixmap | None:
        tile = self._items.get(key)
        if tile is not None:
            self._items.move_to_end(key)
        return tile

    def peek(self, key: Hashable) -> QPixmap | None:
        """The pixmap under `key`, if cached, without making it recently used (a stand-in)."""
        return self._items.get(key)

    def put(self, key: Hashable, tile: QPixmap) -> None:
        old = self._items.pop(key, None)
        if old is not None:
            self.used -= _bytes(old)
        self._items[key] = tile
        self.used += _bytes(tile)
        while self.used > self.budget and len(self._items) > 1:
            _, old = self._items.popitem(last=False)
            self.used -= _bytes(old)

    def clear(self) -> None:
        self._items.clear()
        self.used = 0


def _bytes(tile: QPixmap) -> int:
    return tile.width() * tile.height() * 4
