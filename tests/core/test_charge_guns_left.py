"""7.33 in play: a battery routed by a charge the attackers win leaves its guns, which the
victors take as they advance (docs/rules.md, "Routed gunners")."""

from __future__ import annotations

from gameapp.core.actions import Move, Prolong
from gameapp.core.dice import Dice
from gameapp.core.events import ChargeResolved, GunsCaptured, UnitEliminated
from gameapp.core.units import Formation, Side
from tests.core.positions import N, S, artillery, blank_map, game_on, infantry, place
from tests.core.rout_picks import first_rout_paths


def test_a_routed_battery_leaves_its_guns_to_the_victors() -> None:
    # US-1 (5 SPs) in 0605 charges a 4-gun battery, unlimbered, in 0604: 5 to 4 is 1-1 (NE).
    # The battery's ML 41 (fire at its 4 guns' 8 personnel SPs would subtract nothing); the
    # defender's 8.41 roll 62 > 41: it routs, the crew leave their guns (7.33). 8.52 first:
    # 5 SPs of personnel charging / 8 = 0.625 -> 1 SP of personnel lost: one gun's crew, its
    # gun silent but still there; the victors take all 4 guns ("Crews and guns").
    m = blank_map()
    game = game_on(m, [place(infantry("US-1"), m, "0605", N),
                       place(artillery("CS-A", Side.CONFEDERATE), m, "0604", S,
                             Formation.UNLIMBERED)])
    game.dice = Dice.forcing([62])
    events = game.apply(Move("US-1", (m.parse("0604"),)))
    events += game.apply(Prolong("CS-A", False))  # 3.57: it stays
    events += first_rout_paths(game)
    resolved = next(e for e in events if isinstance(e, ChargeResolved))
    assert "roll 62 > 41: rout and rout movement; the personnel leave their guns" \
        in resolved.lines
    assert GunsCaptured("CS-A", 4, Side.UNION, "7.33") in events
    assert UnitEliminated("CS-A", "7.33") in events
    assert "CS-A" not in game.state.units
    assert m.hex_id(game.state.units["US-1"].hex) == "0604"  # 8.54: the victors advance
