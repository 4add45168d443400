"""Zones of control (6.2, 6.24) and who stands where, computed once per look.

Every ground combat unit with a strength (garrisons included) controls its hex and the six
around it, except across a major river or a ridge, or onto water. Leaders, HQs, trains, depots,
entrained units and troops aboard ship control nothing (6.58)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from gameapp.core.hexgrid import Hex
from gameapp.core.rulesets.strategic.pieces import Depot, Division, Fort, Piece, Ship, Train
from gameapp.core.rulesets.strategic.state import StrategicState
from gameapp.core.rulesets.strategic.terrain import TerrainCosts
from gameapp.core.units import Side

ZOC = "004 6.24"


def exerts_zoc(piece: Piece) -> bool:
    return (isinstance(piece, Division) and piece.sp > 0 and not piece.entrained
            and piece.aboard is None)


@dataclass(frozen=True)
class Board:
    """One look at the pieces: who occupies each hex and each side's zones of control."""

    occupied: dict[Side, frozenset[Hex]]  # hexes holding the side's pieces on land
    combat: dict[Side, frozenset[Hex]]  # hexes holding the side's ground combat units
    zoc: dict[Side, frozenset[Hex]]  # hexes the side's units control

    @classmethod
    def of(cls, state: StrategicState, terrain: TerrainCosts) -> Board:
        occupied: dict[Side, set[Hex]] = defaultdict(set)
        combat: dict[Side, set[Hex]] = defaultdict(set)
        zoc: dict[Side, set[Hex]] = defaultdict(set)
        for piece in state.pieces.values():
            # an empty fort stops no one (13.15); nor do supply points alone, which pass to
            # whoever walks in (12.0); ships and their passengers hold no land
            if (not isinstance(piece, Fort | Ship | Depot | Train)
                    and getattr(piece, "aboard", None) is None):
                occupied[piece.side].add(piece.hex)
            if exerts_zoc(piece):
                combat[piece.side].add(piece.hex)
        for side, hexes in combat.items():
            for h in hexes:
                zoc[side].update(terrain.zoc_reach(h))
        return cls({s: frozenset(occupied[s]) for s in Side},
                   {s: frozenset(combat[s]) for s in Side}, {s: frozenset(zoc[s]) for s in Side})

    def enemy_zoc(self, side: Side, h: Hex) -> bool:
        return h in self.zoc[side.other]

    def enemy_in(self, side: Side, h: Hex) -> bool:
        return h in self.occupied[side.other]
