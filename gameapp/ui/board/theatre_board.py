"""TheatreBoardScene: a theatre map as a playing board: the BoardScene's layers (highlights,
move fills, selection) over the theatre map's painting, for the rulesets played on theatre
maps (the strategic game). Its pieces are not tactical Units: the ruleset's UI adds its own
counter items."""

from __future__ import annotations

from gameapp.core.hexgrid import Hex
from gameapp.core.mapdata import HexMap
from gameapp.core.theatre.theatremap import TheatreMap
from gameapp.ui.board.geometry import HEX_SIZE
from gameapp.ui.board.scene import BoardScene
from gameapp.ui.board.theatre_describe import describe_theatre_hex
from gameapp.ui.board.theatre_painter import TheatrePainter


class TheatreBoardScene(BoardScene):
    def __init__(self, theatre: TheatreMap, year: int | None = None, borders: str = "1861",
                 progressive: bool = False) -> None:
        self.theatre_map, self.year = theatre, year
        super().__init__(
            HexMap.blank(theatre.name, theatre.numbering), (), HEX_SIZE, progressive,
            painter=lambda geometry: TheatrePainter(theatre, geometry, year, borders))

    def describe(self, h: Hex) -> str:
        return describe_theatre_hex(self.theatre_map, h, self.year)
