"""The board: a QGraphicsScene of the map and its counters, and the view that shows it.

Layers, bottom to top (see DESIGN.md "Drawing costs" for why):
- terrain_layer: ONE item for the whole static map. It blits device-aligned tiles from an LRU
  cache, rendered per zoom/rotation by map_painter (which draws a MapModel with the *_art
  modules; terrain patterns are themselves blitted from pattern_stamps). New tiles are rendered
  within a time budget in the window, with a low-resolution overview filling the gaps.
- overlay: ONE item per highlight set, non-antialiased fills drawn in a single paint call.
- counter_item: one item per counter, a view of a Unit by id; its picture is a cached stamp
  (counter_stamps) drawn by counter_art at one of three levels of detail.

bench/bench_board.py measures all of it; run it after any change to drawing.
"""

from gameapp.ui.board.scene import BoardScene
from gameapp.ui.board.view import BoardView

__all__ = ["BoardScene", "BoardView"]
