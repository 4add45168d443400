"""A strategic scenario's board to a PNG, offscreen (`gameapp render` of a `ruleset: strategic`
file): its theatre map with the rail lines of its year and its pieces' stacks, as the window
draws them."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from PySide6.QtCore import QRectF

from gameapp.core.rulesets.strategic.pieces import Piece
from gameapp.core.rulesets.strategic.scenario import StrategicScenario
from gameapp.ui.board.theatre_board import TheatreBoardScene
from gameapp.ui.render import ensure_application, write_scene_png
from gameapp.ui.rulesets.strategic.counters import PiecesLayer
from gameapp.ui.rulesets.strategic.ui import theatre_board


def strategic_board(scenario: StrategicScenario,
                    pieces: Iterable[Piece] | None = None) -> TheatreBoardScene:
    """The board with `pieces` (the scenario's set-up by default) on it."""
    board = theatre_board(scenario)
    layer = PiecesLayer(board, board.geometry)
    layer.show(scenario.pieces if pieces is None else pieces)
    return board


def render_strategic_png(scenario: StrategicScenario, out: Path, width: int = 1600,
                         pieces: Iterable[Piece] | None = None,
                         area: QRectF | None = None) -> None:
    """Draw the board (or the scene rectangle `area` of it) with `pieces` (the scenario's set-up
    by default) into a `width` pixel PNG. Raises OSError if the file cannot be written."""
    ensure_application()
    board = strategic_board(scenario, pieces)
    write_scene_png(board, area or board.geometry.map_rect, out, width)
