"""A scenario's opening for the computer player (hints file, issue 30): the posture of the
first turns, played until its turn or until the enemy closes. Banks stood on his ridge until
about 5 pm; the Slaughter Mountain Union is given that plan in scenarios/ai/."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from gameapp.ai.hints import Opening, load_hints
from gameapp.ai.player import AIPlayer
from gameapp.ai.settings import Posture
from gameapp.core.actions import Move
from gameapp.core.engine import Game
from gameapp.core.units import Side
from gameapp.core.yamlsource import DataError
from tests.core.positions import N, S, blank_map, game_on, infantry, place

ROOT = Path(__file__).resolve().parents[2]


def _game(tmp_path: Path, hints: str, enemy_at: str = "0601") -> Game:
    """Union lines at 0609 and 0211 and a Confederate one at `enemy_at`, in a scenario with
    these hints beside it. The Union holds no victory hex and is level: by the score it
    attacks."""
    m = blank_map()
    game = game_on(m, [place(infantry("u"), m, "0609", N), place(infantry("v"), m, "0211", N),
                       place(infantry("c", Side.CONFEDERATE, brigade="Gray"), m, enemy_at, S)])
    game.scenario = replace(game.scenario, path=tmp_path / "little.yaml")
    (tmp_path / "ai").mkdir(exist_ok=True)
    (tmp_path / "ai" / "little.yaml").write_text(hints)
    return game


def _postures(game: Game) -> dict[str, Posture]:
    """The posture each Union line plays by this phase (`MoveContext.goals`)."""
    ctx = AIPlayer(Side.UNION, 1)._movement._context(game)
    return {uid: ctx.goals(game.state.units[uid]).posture for uid in ("u", "v")}


OPENING = ("union:\n  opening: {posture: hold, until: 3, unless_enemy_within: 3}\n"
           "  source: the record\n")


def test_the_opening_is_read_with_its_turn_and_distance(tmp_path: Path) -> None:
    game = _game(tmp_path, OPENING)
    hints = load_hints(game.scenario)
    assert hints[Side.UNION].opening == Opening(Posture.HOLD, 3, 3)
    assert not hints[Side.UNION].given  # after the opening, the posture follows the score
    assert hints[Side.CONFEDERATE].opening is None


def test_the_side_holds_until_its_turn_then_follows_the_score(tmp_path: Path) -> None:
    game = _game(tmp_path, OPENING)  # the enemy 8 hexes off
    player = AIPlayer(Side.UNION, 1)
    assert (player._hints_now(game).posture, player._hints_now(game).freed) \
        == (Posture.HOLD, Posture.ATTACK)
    assert _postures(game) == {"u": Posture.HOLD, "v": Posture.HOLD}
    game.state.turn = 3
    assert player._hints_now(game).posture is Posture.HOLD
    game.state.turn = 4  # past the opening: level on points, it attacks
    assert player._hints_now(game).posture is Posture.ATTACK
    assert player._hints_now(game).freed is None


def test_a_unit_the_enemy_closes_on_is_freed_the_others_hold(tmp_path: Path) -> None:
    """The enemy 3 hexes from the line at 0609 (a line's move): that line plays the posture
    of after the opening (attack) at once; the line at 0211, further off, still holds. At 4
    hexes both hold."""
    game = _game(tmp_path, OPENING, enemy_at="0606")
    enemy = game.state.units["c"].hex
    assert game.state.units["u"].hex.distance(enemy) == 3
    assert game.state.units["v"].hex.distance(enemy) > 3
    assert _postures(game) == {"u": Posture.ATTACK, "v": Posture.HOLD}
    assert _postures(_game(tmp_path, OPENING, enemy_at="0605")) == {"u": Posture.HOLD,
                                                                     "v": Posture.HOLD}


def test_a_posture_given_to_the_player_overrides_the_opening(tmp_path: Path) -> None:
    game = _game(tmp_path, OPENING)
    assert AIPlayer(Side.UNION, 1, posture=Posture.DEFEND)._hints_now(game).posture \
        is Posture.DEFEND


def test_holding_nothing_pulls_the_army_forward(tmp_path: Path) -> None:
    """Under `hold` no line walks toward the enemy 8 hexes off (it may shift along its
    ground); under the score's attack the first move closes on it."""
    game = _game(tmp_path, OPENING)
    enemy = game.state.units["c"].hex

    def closer(player: AIPlayer) -> int:
        action = player.decide(game).action
        if not isinstance(action, Move):
            return 0
        start = game.state.units[action.unit_id].hex
        return int(start.distance(enemy) - action.path[-1].distance(enemy))

    assert closer(AIPlayer(Side.UNION, 1)) <= 0
    assert closer(AIPlayer(Side.UNION, 1, posture=Posture.ATTACK)) > 0


@pytest.mark.parametrize(("text", "message"), [
    ("union:\n  opening: {posture: wait, until: 3}\n",
     "2: posture: expected attack, defend, delay or hold"),
    ("union:\n  opening: {posture: hold}\n",
     "2: expected {posture: P, until: TURN, unless_enemy_within: HEXES}"),
    ("union:\n  opening: {posture: hold, until: soon}\n",
     "2: until: expected a whole number, 0 or more"),
    ("union:\n  opening: {posture: hold, until: 3, when: dawn}\n",
     "2: unknown key 'when': expected posture, until or unless_enemy_within"),
])
def test_a_bad_opening_says_where(tmp_path: Path, text: str, message: str) -> None:
    game = _game(tmp_path, text)
    with pytest.raises(DataError) as caught:
        load_hints(game.scenario)
    assert str(caught.value) == f"{tmp_path / 'ai' / 'little.yaml'}:{message}"


def test_the_slaughter_mountain_union_holds_its_ridge_until_5_pm() -> None:
    """The shipped plan: hold through turn 6 (4:40 pm), attack from 5 pm (fact sheet)."""
    game = Game.from_scenario(ROOT / "scenarios" / "slaughter_mountain.yaml", seed=1)
    hints = load_hints(game.scenario)
    assert hints[Side.UNION].opening == Opening(Posture.HOLD, 6, 3)
    assert hints[Side.CONFEDERATE].opening is None
    assert AIPlayer(Side.UNION, 1)._hints_now(game).posture is Posture.HOLD


LEAD = ("union:\n  posture: attack\n  defend_when_ahead_by: 0\n"
        "  opening: {posture: hold, until: 3, unless_enemy_within: 3}\n")


def _confederate_loses(game: Game, sps: int) -> None:
    unit = game.state.units["c"]
    game.state.units["c"] = replace(unit, losses=unit.losses + sps)


def test_the_given_attack_holds_only_while_behind_or_level(tmp_path: Path) -> None:
    """`defend_when_ahead_by: 0`: after the opening the Union attacks while level (no points
    either side) and defends once one Confederate SP lost puts it a point ahead; in the opening
    the units the enemy frees play that posture too."""
    game = _game(tmp_path, LEAD)
    player = AIPlayer(Side.UNION, 1)
    assert load_hints(game.scenario)[Side.UNION].defend_lead == 0.0
    assert (player._hints_now(game).posture, player._hints_now(game).freed) \
        == (Posture.HOLD, Posture.ATTACK)
    game.state.turn = 4
    assert game.result().points[Side.UNION].total == game.result().points[
        Side.CONFEDERATE].total
    assert player._hints_now(game).posture is Posture.ATTACK
    _confederate_loses(game, 1)
    assert game.result().points[Side.UNION].total \
        - game.result().points[Side.CONFEDERATE].total == 1
    assert player._hints_now(game).posture is Posture.DEFEND
    game.state.turn = 3  # still the opening: the freed units defend the lead
    assert player._hints_now(game).freed is Posture.DEFEND


def test_a_lead_within_the_margin_keeps_the_attack(tmp_path: Path) -> None:
    """With a margin of 1 point, a 1-point lead keeps the attack; 2 points turn it to defend.
    A posture given to the player overrides the score."""
    game = _game(tmp_path, LEAD.replace("ahead_by: 0", "ahead_by: 1"))
    game.state.turn = 4
    _confederate_loses(game, 1)
    assert AIPlayer(Side.UNION, 1)._hints_now(game).posture is Posture.ATTACK
    _confederate_loses(game, 1)
    assert AIPlayer(Side.UNION, 1)._hints_now(game).posture is Posture.DEFEND
    assert AIPlayer(Side.UNION, 1, posture=Posture.ATTACK)._hints_now(game).posture \
        is Posture.ATTACK


@pytest.mark.parametrize("text", [
    "union:\n  posture: attack\n  defend_when_ahead_by: -1\n",
    "union:\n  posture: attack\n  defend_when_ahead_by: soon\n",
    "union:\n  defend_when_ahead_by: 0\n",  # no posture to hold it to
])
def test_a_bad_lead_margin_says_where(tmp_path: Path, text: str) -> None:
    game = _game(tmp_path, text)
    with pytest.raises(DataError) as caught:
        load_hints(game.scenario)
    line = 3 if "posture" in text else 2
    assert str(caught.value) == (
        f"{tmp_path / 'ai' / 'little.yaml'}:{line}: defend_when_ahead_by: expected a number of "
        "points, 0 or more, beside a posture")
