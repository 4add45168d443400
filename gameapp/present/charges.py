"""The charges a selected unit could declare now, read from the engine's public API: for each
enemy-held hex it could charge, the one move the window makes when the player clicks that hex.
Pure Python: the charge presenter and the tests share it.

A charge move walks to a hex next to the enemy and names the enemy hex last (1.22, 3.4). Of
the legal ones into a hex the window takes the one that stops with the most MPs left (the
nearest stop, so an immediate charge under the 3.411.a limits stays immediate), then the
fewest hexes, then the first by the printed ids of its stop.
"""

from __future__ import annotations

from gameapp.core.actions import Move
from gameapp.core.engine import Game
from gameapp.core.hexgrid import Hex
from gameapp.core.phases import Phase
from gameapp.core.rules.movement.charges import charge_moves
from gameapp.core.rulesets.tactical import tactical


def charge_targets(game: Game, unit_id: str | None) -> dict[Hex, Move]:
    """Each enemy-held hex `unit_id` may charge now, with the move that declares the charge."""
    unit = game.state.units.get(unit_id) if unit_id is not None else None
    if (unit is None or game.phase is not Phase.MOVEMENT or game.pending_decision is not None
            or game.current_side is not unit.side):
        return {}
    # the charge bonus (MPA final) lets a charge start from farther than a plain move reaches
    reach = tactical(game).movement.reachable(unit.id, charge=True)
    here = tactical(game).movement.remaining(unit, charge=True)
    best: dict[Hex, tuple[tuple[int, int, str], Move]] = {}
    for move in charge_moves(tactical(game).movement, unit, reach):
        target, stops = move.path[-1], move.path[:-1]
        stop = stops[-1] if stops else unit.hex
        left = reach[stop].remaining if stops else here
        rank = (-left, len(stops), game.map.hex_id(stop))
        if target not in best or rank < best[target][0]:
            best[target] = (rank, move)
    return {h: move for h, (_, move) in best.items()}
