"""Exhaustion at the turn conclusion (1.3; the rule is ours, docs/rules.md "Exhaustion")."""

from gameapp.core.actions import EndPhase, Fire, Pass
from gameapp.core.dice import Dice
from gameapp.core.engine import Game
from gameapp.core.events import ExhaustionChanged
from gameapp.core.phases import Phase
from gameapp.core.units import Side
from tests.core.positions import N, S, blank_map, game_on, infantry, place


def to_next_turn(game: Game) -> list:
    events: list = []
    turn = game.state.turn
    while game.state.turn == turn:
        events += game.apply(Pass() if game.phase is Phase.FIRE else EndPhase())
    return events


def test_firing_and_casualties_tire_a_brigade_and_rest_restores_it() -> None:
    m = blank_map()
    game = game_on(m, [place(infantry("u", brigade="Iron"), m, "0606", N),
                       place(infantry("c", Side.CONFEDERATE, strength=10, brigade="Stonewall"),
                             m, "0604", S),
                       place(infantry("far", brigade="Reserve"), m, "0112", N)])
    game.state.exhaustion["union/Reserve"] = 2
    game.apply(EndPhase())
    game.apply(Pass())
    # 5/3 FP on the 1½ column, density +4 (10 SPs): 66 reads 76, C2 - two steps on c
    game.dice = Dice.forcing([66, 11])
    game.apply(Fire(("u",), m.parse("0604")))
    events = to_next_turn(game)
    changes = {e.brigade: (e.level, [(t.label, t.value) for t in e.terms])
               for e in events if isinstance(e, ExhaustionChanged)}
    assert changes == {
        "union/Iron": (1, [("fired", 1)]),
        "confederate/Stonewall": (3, [("took casualties", 1), ("lost 2 of 10 SPs this turn", 2)]),
        "union/Reserve": (1, [("rest", -1)]),
    }
    # the next turn starts from those levels; exhaustion 1 changes no allowance yet
    assert game.state.exhaustion["confederate/Stonewall"] == 3
