"""The legal actions the players list (`Game.legal_actions`, as the random player does at every
decision) are all legal: a unit that has declared a charge is offered no further move."""

from __future__ import annotations

from gameapp.core.actions import Move
from gameapp.core.rulesets.tactical import tactical
from gameapp.core.units import Side, Status
from tests.core.positions import N, S, blank_map, game_on, infantry, place


def test_a_unit_that_declared_a_charge_is_offered_no_more_moves() -> None:
    """u charges c from where it stands, spending nothing: its reach search would still find
    hexes it has the MPs for, and the engine refuses any move after the charge (3.4)."""
    m = blank_map()
    game = game_on(m, [place(infantry("u"), m, "0606", N),
                       place(infantry("c", Side.CONFEDERATE, brigade="Gray"), m, "0605", S)])
    charge = Move("u", (m.parse("0605"),))
    assert charge in game.legal_actions()
    game.apply(charge)
    assert Status.CHARGE in game.state.units["u"].status
    assert tactical(game).movement.reachable("u")  # the MPs are there: only the charge stops it
    listed = list(game.legal_actions())
    assert not [a for a in listed if isinstance(a, Move) and a.unit_id == "u" and a.path]
    for action in listed:  # everything listed passes the engine's own check
        game.check(action)
