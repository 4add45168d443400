"""8.53 in play: mounted cavalry that win a charge on skirmishers take 1 SP of the routing
skirmishers for every 6 SPs of cavalry, on top of 8.52's 1 per 8."""

from __future__ import annotations

from gameapp.core.actions import Move, RetreatBeforeCombat
from gameapp.core.events import CasualtiesTaken, ChargeResolved
from gameapp.core.units import Formation, Side
from tests.core.positions import N, S, blank_map, cavalry, game_on, infantry, place
from tests.core.rout_picks import first_rout_paths


def test_cavalry_pursuing_skirmishers_inflict_8_53_casualties() -> None:
    # 9 SPs of mounted cavalry in 0605 charge 5 SPs of skirmishers in 0604: every defender in
    # skirmish order, so 3.412 automatic victory, no dice.
    # 8.52: 9 SPs of personnel in the charging hex / 8 = 1.125 -> 1 SP.
    # 8.53: 9 SPs of cavalry following one hex / 6 = 1.5 -> 1 SP (exactly 1/2 goes down).
    # The skirmishers lose 1 + 1 = 2 of their 5 SPs and rout; the cavalry advance into 0604.
    m = blank_map()
    game = game_on(m, [place(cavalry("US-C", strength=9), m, "0605", N),
                       place(infantry("CS-1", Side.CONFEDERATE), m, "0604", S,
                             Formation.SKIRMISH)])
    game.apply(Move("US-C", (m.parse("0604"),)))
    events = game.apply(RetreatBeforeCombat(m.parse("0604"), False))
    events += first_rout_paths(game)
    resolved = next(e for e in events if isinstance(e, ChargeResolved))
    assert "8.53 CS-1 loses 1 SP: 9 SPs of cavalry following one hex / 6 = 1½ → 1" \
        in resolved.lines
    taken = [(e.unit_id, e.steps, e.rule) for e in events if isinstance(e, CasualtiesTaken)]
    assert taken == [("CS-1", 1, "8.52"), ("CS-1", 1, "8.53")]
    assert game.state.units["CS-1"].losses == 2
    assert m.hex_id(game.state.units["US-C"].hex) == "0604"


def test_infantry_victors_inflict_no_8_53_casualties() -> None:
    # The same charge by 9 SPs of infantry: only 8.52's 1 SP.
    m = blank_map()
    game = game_on(m, [place(infantry("US-1", strength=9), m, "0605", N),
                       place(infantry("CS-1", Side.CONFEDERATE), m, "0604", S,
                             Formation.SKIRMISH)])
    game.apply(Move("US-1", (m.parse("0604"),)))
    events = game.apply(RetreatBeforeCombat(m.parse("0604"), False))
    events += first_rout_paths(game)
    assert [e.rule for e in events if isinstance(e, CasualtiesTaken)] == ["8.52"]
