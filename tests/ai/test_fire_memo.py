"""The fire memo (issue 30): it keeps targets and scores across moves, dropping only what a move
can change, and the computer player fires exactly as it would without it."""

from __future__ import annotations

from dataclasses import replace

from gameapp.ai.fire_choice import FireMemo, fire_candidates
from gameapp.ai.player import AIPlayer
from gameapp.ai.rca import Choice
from gameapp.core.engine import Game
from gameapp.core.phases import Phase
from gameapp.core.units import Side
from gameapp.headless import play
from tests.core.positions import N, S, blank_map, game_on, infantry, place


class CheckedPlayer(AIPlayer):
    """A computer player that, at every fire decision, lists its fire candidates with a memo
    kept all game and with a fresh one, and records both."""

    memo: FireMemo
    compared: list[tuple[int, int]]

    def decide(self, game: Game) -> Choice:
        if game.phase is Phase.FIRE and game.pending_decision is None:
            kept = fire_candidates(game, self.side, True, self.memo, True)
            fresh = fire_candidates(game, self.side, True, FireMemo(), True)
            assert kept == fresh, f"turn {game.state.turn}: the memo changed the candidates"
            self.compared.append((len(kept), len(self.memo.scores)))
        return super().decide(game)


def checked(side: Side, seed: int) -> CheckedPlayer:
    player = CheckedPlayer(side, seed)
    player.memo = FireMemo()
    player.compared = []
    return player


def test_the_memo_changes_no_fire_candidate_over_demo_games() -> None:
    """Two seeds of the demo, normal against normal, three turns: at every fire decision the
    candidates (targets, groups, values, costs) are the same with the memo kept across the moves
    and shots as with a fresh one; and the memo did keep entries (it is not cleared every time)."""
    for seed in (3, 5):
        players = {side: checked(side, seed) for side in Side}
        play("scenarios/demo.yaml", seed, turns=3, players=players)
        compared = [c for p in players.values() for c in p.compared]
        assert sum(1 for n, _ in compared if n) >= 5, f"seed {seed}: too few fire decisions"
        assert any(kept for _, kept in compared)


def test_a_move_far_away_keeps_the_plans_and_a_move_into_the_line_drops_them() -> None:
    """A Union line fires at a Confederate line two hexes north. A Confederate reserve moving
    ten hexes away leaves the plan in the memo; one stepping into the line of fire drops it."""
    m = blank_map(20, 20)
    game = game_on(m, [place(infantry("u", strength=8), m, "1008", N),
                       place(infantry("c", Side.CONFEDERATE, strength=6, brigade="Gray"), m,
                             "1006", S),
                       place(infantry("r", Side.CONFEDERATE, strength=4, brigade="Gray"), m,
                             "0118", S)])
    memo = FireMemo()
    fire_candidates(game, Side.UNION, True, memo)
    assert len(memo.scores) == 1
    r = game.state.units["r"]
    game.state.units["r"] = replace(r, hex=m.parse("0119"))
    fire_candidates(game, Side.UNION, True, memo)
    assert len(memo.scores) == 1 and len(memo.targets) == 1
    game.state.units["r"] = replace(r, hex=m.parse("1007"))
    memo.refresh(game)
    assert memo.scores == {} and memo.targets == {}
