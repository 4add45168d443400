"""1.21 / 9.0: an incapacitated leader leaves his command vacant, which costs its units the
largest command-control penalty of that level, until his side's next preparation phase fills
it with a successor (docs/rules.md, "Leaders")."""

from __future__ import annotations

from gameapp.core.actions import EndPhase, Move
from gameapp.core.dice import Dice
from gameapp.core.events import LeaderReplaced, OfficerIncapacitated
from gameapp.core.phases import Phase
from gameapp.core.rulesets.tactical import tactical
from gameapp.core.units import Side
from tests.core.positions import N, S, blank_map, game_on, infantry, leader, place
from tests.core.rout_picks import first_rout_paths
from tests.core.test_charge_play import stand


def test_a_fallen_brigadier_is_replaced_and_his_command_pays_until_then() -> None:
    # US-1 with its brigadier US-G in 0605 charges CS-1 in 0604; US-3 of the same brigade
    # stands in 0606, one clear hex (5 MPs) from US-G: no command-control penalty (> 8 MPs
    # starts it).
    m = blank_map()
    game = game_on(m, [place(infantry("US-1"), m, "0605", N), place(leader("US-G"), m, "0605"),
                       place(infantry("US-3"), m, "0606", N),
                       place(infantry("CS-1", Side.CONFEDERATE), m, "0604", S)])
    movement = tactical(game).movement
    assert [t.rule for t in movement.allowance(game.state.units["US-3"]).terms] == ["MPA basic"]
    # 8.41: the defender throws 11 and holds; 8.42: the attacker throws 66: US-1 routs and the
    # leader with it is incapacitated (7.33). The charge is immediate (5 MPs < 9, 3.411.a).
    game.dice = Dice.forcing([11, 66, *[11] * 20])
    events = game.apply(Move("US-1", (m.parse("0604"),)))
    events += stand(game, "0604") if game.pending_decision is not None else []
    events += first_rout_paths(game)
    assert OfficerIncapacitated("US-G", "7.33") in events
    assert "US-G" not in game.state.units and "US-G" in game.state.vacancies
    # the vacant brigade costs US-3 the brigade row's largest penalty: beyond 16 MPs, -8
    terms = [(t.label, t.value) for t in movement.allowance(game.state.units["US-3"]).terms]
    assert terms[1] == ("brigade leader US-G incapacitated, not yet replaced (1.21)", -8)
    assert movement.allowance(game.state.units["US-3"]).total == 24 - 8
    # to the Union's next preparation phase (turn 2): the successor joins US-3 in 0606, the
    # unit of the brigade nearest 0605 (US-1 routed away), with no morale bonus
    replaced: list = []
    while not (game.state.turn == 2 and game.phase is Phase.MOVEMENT):
        replaced += [e for e in game.apply(EndPhase()) if isinstance(e, LeaderReplaced)]
        replaced += [e for e in first_rout_paths(game) if isinstance(e, LeaderReplaced)]
    assert replaced == [LeaderReplaced("US-G", "US-G-successor", m.parse("0606"), "1.21")]
    successor = game.state.units["US-G-successor"]
    assert successor.defn.leader_morale_bonus == 0 and successor.defn.brigade == "1st"
    assert game.state.vacancies == {}
    assert [t.rule for t in tactical(game).movement.allowance(
        game.state.units["US-3"]).terms] == ["MPA basic"]
