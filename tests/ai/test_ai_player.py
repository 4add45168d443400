"""The computer player (gameapp/ai/player.py): legal actions only, the same game for the same
seed, and the right choice on small hand-made positions."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from gameapp.ai.hints import Hold, SideHints, load_hints
from gameapp.ai.influence import Influence
from gameapp.ai.player import AIPlayer
from gameapp.ai.random_player import NotMyTurnError
from gameapp.ai.settings import Difficulty, Posture
from gameapp.core.actions import EndPhase, Fire, Move, Pass
from gameapp.core.engine import Game
from gameapp.core.hexgrid import Hex
from gameapp.core.rules.fire.enfilade import Enfilade, enfilade
from gameapp.core.rules.fire.tables import fire_tables
from gameapp.core.rules.rally import rally_level
from gameapp.core.rulesets.tactical import tactical
from gameapp.core.scenario import VictoryHex
from gameapp.core.units import Side, Status
from gameapp.core.yamlsource import DataError
from gameapp.headless import log_lines, play
from tests.ai.hashseed import outputs_under_hash_seeds
from tests.core.positions import SE, SW, N, S, blank_map, game_on, infantry, leader, place


def skirmish(seed: int) -> Game:
    """Three units a side on a blank map, a victory hex between them: a quick whole game."""
    m = blank_map()
    units = [
        place(infantry("u1"), m, "0609", N), place(infantry("u2"), m, "0709", N),
        place(leader("uL"), m, "0609"), place(infantry("u3", strength=3), m, "0510", N),
        place(infantry("c1", Side.CONFEDERATE, brigade="Gray"), m, "0603", S),
        place(infantry("c2", Side.CONFEDERATE, brigade="Gray"), m, "0703", S),
        place(infantry("c3", Side.CONFEDERATE, strength=3, brigade="Gray"), m, "0502", S),
        place(leader("cL", Side.CONFEDERATE, brigade="Gray"), m, "0603"),
    ]
    game = game_on(m, units, victory_hexes=(VictoryHex(m.parse("0606"), "crossroads", 3),))
    return Game.from_scenario(game.scenario, seed=seed)


LEVELS = list(Difficulty)


@pytest.mark.parametrize("seed", range(30))
def test_every_action_the_ai_takes_is_legal(seed: int) -> None:
    game = skirmish(seed)
    players = {side: AIPlayer(side, seed, LEVELS[(seed + i) % 3])
               for i, side in enumerate(Side)}
    for _ in range(250):
        side = game.acting_side
        if game.is_over or side is None or game.state.turn > 2:
            break
        action = players[side].choose(game)
        assert action in game.legal_actions(), action
        game.apply(action)
    assert game.state.turn > 2  # two whole turns were played, none of them stuck


def _game_text(seed: int, level: Difficulty) -> list[str]:
    players = {side: AIPlayer(side, seed, level) for side in Side}
    outcome = play(skirmish(seed), seed, turns=2, players=players)  # type: ignore[arg-type]
    return list(log_lines(outcome.game, outcome.reasons))


def test_the_same_seed_plays_the_same_game() -> None:
    first = _game_text(7, Difficulty.EASY)
    assert first == _game_text(7, Difficulty.EASY)
    assert any("#" in line for line in first)  # each AI choice is explained


def test_easy_noise_comes_from_the_ai_seed_so_seeds_differ() -> None:
    assert len({tuple(_game_text(seed, Difficulty.EASY)) for seed in (1, 2, 3)}) > 1


def test_it_refuses_to_act_for_the_other_side() -> None:
    game = skirmish(1)
    with pytest.raises(NotMyTurnError):
        AIPlayer(Side.CONFEDERATE).choose(game)


def test_it_takes_the_obvious_shot() -> None:
    """A Union line fires into the rear of a Confederate line next to it, which cannot fire
    back (it faces away)."""
    m = blank_map()
    game = game_on(m, [place(infantry("u"), m, "0606", N),
                       place(infantry("c", Side.CONFEDERATE, brigade="Gray"), m, "0605", N)])
    game.apply(EndPhase())
    game.apply(Pass())  # the Confederates, first to fire (1.23), have no target
    choice = AIPlayer(Side.UNION, 1).decide(game)
    assert choice.action == Fire(("u",), m.parse("0605"))
    # the chance of a hit is the fire dialog's own: the FCRT rows with casualty steps
    plan = tactical(game).fire.plan(Fire(("u",), m.parse("0605")), Side.UNION)
    steps = {row.result: row.steps for row in fire_tables().rows}
    hit = sum(p for name, p in plan.odds.items() if steps.get(name, 0) > 0)
    assert f"{float(hit):.0%} chance of a hit" in choice.why
    assert hit > 0


def test_it_refuses_a_hopeless_charge() -> None:
    """1 SP against 8 SPs in line, front on: the charge is legal, and the AI does not make
    it (the charge's exact chances give the attacker's rout as certain or nearly)."""
    m = blank_map()
    game = game_on(m, [place(infantry("u", strength=1), m, "0606", N),
                       place(infantry("c", Side.CONFEDERATE, strength=8, brigade="Gray"), m,
                             "0605", S)])
    enemy = m.parse("0605")
    assert Move("u", (enemy,)) in game.legal_actions()
    player = AIPlayer(Side.UNION, 1)
    for _ in range(10):  # the whole movement phase
        choice = player.decide(game)
        assert not (isinstance(choice.action, Move) and choice.action.path[-1] == enemy), \
            choice.why
        game.apply(choice.action)
        if isinstance(choice.action, EndPhase):
            break
    assert enemy not in game.state.charges


def test_a_leader_goes_to_rally_a_routed_unit() -> None:
    """Rallying is automatic in the engine (the rally phase rolls for every routed unit,
    gameapp/core/rules/rally.py), so the AI's part is the nearest equivalent: before the
    rally phase it sends the brigade's leader to stand with the routed unit, whose rally level
    then includes the officer's morale bonus."""
    m = blank_map()
    routed = replace(place(infantry("u"), m, "0606", N), status=frozenset({Status.ROUTED}))
    game = game_on(m, [routed, place(leader("L"), m, "0609"),
                       place(infantry("c", Side.CONFEDERATE, brigade="Gray"), m, "0101", S)])
    before = rally_level(game.state, game.state.units["u"], game.map)
    choice = AIPlayer(Side.UNION, 1).decide(game)
    assert isinstance(choice.action, Move) and choice.action.unit_id == "L"
    assert choice.action.path[-1] == m.parse("0606")
    assert "to rally u" in choice.why
    game.apply(choice.action)
    after = rally_level(game.state, game.state.units["u"], game.map)
    # the leader's +1 (positions.leader: leader_morale_bonus=1) now counts
    bonus = [t.value for t in after.terms if t.label == "officer's morale bonus"]
    assert bonus == [1]
    assert "officer's morale bonus" not in [t.label for t in before.terms]
    assert after.total == before.total + 1


def test_it_does_not_walk_into_an_enfilade_when_it_need_not() -> None:
    """Two Confederate lines cover the crossroads (0606): one 3 hexes north, facing south, one
    exactly east (0806), facing south-west. A Union line standing there facing north would have
    the eastern line firing along its length (full enfilade, 6.44); the AI takes the
    crossroads facing so that neither enemy enfilades it."""
    m = blank_map(14, 14)
    crossroads = m.parse("0606")
    game = game_on(m, [place(infantry("u"), m, "0610", N),
                       place(infantry("e1", Side.CONFEDERATE, brigade="Gray"), m, "0603", S),
                       place(infantry("e2", Side.CONFEDERATE, brigade="Gray"), m, "0806", SW)],
                   victory_hexes=(VictoryHex(crossroads, "crossroads", 3, Side.CONFEDERATE),))
    unit = game.state.units["u"]
    eastern = game.state.units["e2"].hex
    # the facing it need not take: north, with the eastern line square to its flank
    assert enfilade(eastern, replace(unit, hex=crossroads, facing=N)) is Enfilade.FULL
    influence = Influence.build(game, Side.UNION)
    assert influence.threat(unit, crossroads, N) > influence.threat(unit, crossroads, SE)
    choice = AIPlayer(Side.UNION, 1).decide(game)
    assert isinstance(choice.action, Move) and choice.action.path[-1] == crossroads
    facing = choice.action.facing if choice.action.facing is not None else unit.facing
    placed = replace(unit, hex=crossroads, facing=facing)
    for enemy in ("e1", "e2"):
        firer = game.state.units[enemy]
        if crossroads in tactical(game).fire.field(enemy):
            assert enfilade(firer.hex, placed) is Enfilade.FRONT_OR_REAR, enemy


def test_the_game_does_not_depend_on_hash_randomisation() -> None:
    """Sets iterate in an order PYTHONHASHSEED changes; the AI's choices must not."""
    script = (
        "from tests.ai.test_ai_player import _game_text\n"
        "from gameapp.ai.settings import Difficulty\n"
        "print('\\n'.join(_game_text(3, Difficulty.NORMAL)))\n"
    )
    runs = outputs_under_hash_seeds(script)
    assert runs[0] == runs[1] and runs[0].count("\n") >= 10


def test_hints_beside_the_scenario_fix_a_side_posture(tmp_path: Path) -> None:
    m = blank_map()
    game = game_on(m, [place(infantry("u"), m, "0606", N)])
    scenario = replace(game.scenario, path=tmp_path / "little.yaml")
    (tmp_path / "ai").mkdir()
    (tmp_path / "ai" / "little.yaml").write_text(
        "union:\n  posture: delay\n  attack: ['0605']\n  hold: [{hex: '0606', until: 4}]\n")
    hints = load_hints(scenario)
    assert hints[Side.UNION] == SideHints(Posture.DELAY, (m.parse("0605"),),
                                          (Hold(m.parse("0606"), 4),), given=True)
    assert not hints[Side.CONFEDERATE].given  # left out: its posture follows the score


def test_a_bad_hints_file_says_where(tmp_path: Path) -> None:
    m = blank_map()
    game = game_on(m, [place(infantry("u"), m, "0606", N)])
    scenario = replace(game.scenario, path=tmp_path / "little.yaml")
    (tmp_path / "ai").mkdir()
    bad = tmp_path / "ai" / "little.yaml"
    bad.write_text("union:\n  posture: charge\n")
    with pytest.raises(DataError) as caught:
        load_hints(scenario)
    assert str(caught.value) == f"{bad}:2: posture: expected attack, defend, delay or hold"


def test_a_second_leader_does_not_follow_the_first_to_the_same_rally() -> None:
    """Only the best officer in a hex counts in a morale check (7.2): once one leader stands
    with the routed unit, another as good gains nothing there and stays with its brigade."""
    m = blank_map()
    routed = replace(place(infantry("u"), m, "0606", N), status=frozenset({Status.ROUTED}))
    game = game_on(m, [routed, place(leader("L"), m, "0609"),
                       place(leader("M", brigade="2nd"), m, "0610"),
                       place(infantry("w", brigade="2nd"), m, "0611", N),
                       place(infantry("c", Side.CONFEDERATE, brigade="Gray"), m, "0101", S)])
    player = AIPlayer(Side.UNION, 1)
    moved: dict[str, Hex] = {}
    for _ in range(10):
        choice = player.decide(game)
        if isinstance(choice.action, EndPhase):
            break
        if isinstance(choice.action, Move):
            moved[choice.action.unit_id] = choice.action.path[-1]
        game.apply(choice.action)
    assert game.state.units["L"].hex == m.parse("0606")  # the first goes to rally u
    assert game.state.units["M"].hex != m.parse("0606"), moved
