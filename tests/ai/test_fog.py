"""Fog of war for the computer (gameapp/ai/fog.py): with `fog` on, the AI scores only what its
side can see (core sight/visibility.py, rule R&C hidden units); what is legal still comes from
the game.

The position: a flat-top blank map; a Union line in 0610 facing north; a victory hex (1 VP) in
0607, two hexes up the column; woods in 0708, 0709, 0808, 0809 and 0908. Four Confederate lines
of 8 SP in 0805, 0806, 0905 and 0906, facing south-west, have 0607 in their fields of fire
(their lines to it are clear) but the woods stand on every line from 0610 to them: the Union
cannot see them. Knowing they are there, taking 0607 means standing under 32 SP of fire; not
knowing, it is a free victory hex."""

from __future__ import annotations

import pytest

from gameapp.ai.fog import SideView, side_view
from gameapp.ai.influence import Influence
from gameapp.ai.player import AIPlayer
from gameapp.core.actions import Move
from gameapp.core.breakdown import IllegalActionError
from gameapp.core.engine import Game
from gameapp.core.rulesets.tactical import tactical
from gameapp.core.scenario import VictoryHex
from gameapp.core.terrain import Terrain
from gameapp.core.units import Side
from tests.core.positions import SW, N, blank_map, game_on, infantry, place

WOODS = ("0708", "0709", "0808", "0809", "0908")
HIDDEN = ("0805", "0806", "0905", "0906")
OBJECTIVE = "0607"


def hidden_battle_line() -> Game:
    m = blank_map(14, 14)
    for h in WOODS:
        m.set_terrain(m.parse(h), Terrain.WOODS)
    units = [place(infantry("u"), m, "0610", N)]
    units += [place(infantry(f"c{h}", Side.CONFEDERATE, strength=8, brigade="Gray"), m, h, SW)
              for h in HIDDEN]
    return game_on(m, units, victory_hexes=(VictoryHex(m.parse(OBJECTIVE), "knoll", 1),))


def destination(player: AIPlayer, game: Game) -> str | None:
    action = player.decide(game).action
    return game.map.hex_id(action.path[-1]) if isinstance(action, Move) else None


def test_the_hidden_lines_cover_the_objective_and_the_union_cannot_see_them() -> None:
    game = hidden_battle_line()
    objective = game.map.parse(OBJECTIVE)
    for h in HIDDEN:
        assert objective in tactical(game).fire.field(f"c{h}"), h
    view = side_view(game, Side.UNION)
    assert view.hidden == {f"c{h}" for h in HIDDEN}
    assert set(view.state.units) == {"u"}
    assert set(game.state.units) == {"u", *(f"c{h}" for h in HIDDEN)}  # the game is untouched


def test_an_unseen_enemy_changes_nothing_the_ai_scores() -> None:
    game = hidden_battle_line()
    unit, objective = game.state.units["u"], game.map.parse(OBJECTIVE)
    seeing = Influence.build(game, Side.UNION)
    fogged = Influence.build(side_view(game, Side.UNION), Side.UNION)
    assert seeing.threat(unit, objective, N) > 0
    assert fogged.threat(unit, objective, N) == 0


def test_the_ai_takes_the_objective_only_when_it_cannot_see_the_lines_covering_it() -> None:
    # seeing everything, it keeps out of 32 SP of fire; under fog it walks into it
    assert destination(AIPlayer(Side.UNION, 1), hidden_battle_line()) != OBJECTIVE
    assert destination(AIPlayer(Side.UNION, 1, fog=True), hidden_battle_line()) == OBJECTIVE


def test_legality_is_the_games_and_a_view_never_plays() -> None:
    game = hidden_battle_line()
    view = side_view(game, Side.UNION)
    # 0806 holds a hidden enemy: the view's state has nobody there, the game refuses the move
    into_hidden = Move("u", tuple(game.map.parse(h) for h in ("0709", "0708", "0807", "0806")))
    assert not view.state.units_at(game.map.parse("0806"))
    assert into_hidden not in view.legal_actions()
    with pytest.raises(IllegalActionError):
        view.check(into_hidden)
    with pytest.raises(IllegalActionError, match="cannot be played"):
        view.apply(Move("u", (game.map.parse("0609"),)))


def test_the_view_follows_the_game() -> None:
    """The AI keeps its view for the phase: a move that brings a hidden line into sight shows
    it at the next look, and the same view object is brought up to date."""
    game = hidden_battle_line()
    view = side_view(game, Side.UNION)
    # from 0608 the line from the Union line to 0805 passes clear of the woods
    game.apply(Move("u", (game.map.parse("0609"), game.map.parse("0608"))))
    again = side_view(game, Side.UNION, view)
    assert again is view and isinstance(again, SideView)
    assert view.hidden == {"c0806", "c0905", "c0906"}
    assert set(view.state.units) == {"u", "c0805"}
    assert view.state.units["u"] == game.state.units["u"]
    # another side, or another game, gets a view of its own
    assert side_view(game, Side.CONFEDERATE, view) is not view
    assert side_view(hidden_battle_line(), Side.UNION, view) is not view


@pytest.mark.parametrize("seed", range(3))
def test_under_fog_every_action_is_still_legal(seed: int) -> None:
    game = Game.from_scenario(hidden_battle_line().scenario, seed=seed)
    players = {side: AIPlayer(side, seed, fog=True) for side in Side}
    for _ in range(200):
        side = game.acting_side
        if game.is_over or side is None or game.state.turn > 2:
            break
        action = players[side].choose(game)
        assert action in game.legal_actions(), action
        game.apply(action)
    assert game.state.turn > 2
