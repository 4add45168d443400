"""Sudden death (scenario key `sudden_death`, docs/file-formats.md): a condition met ends the
game at once with a decisive victory for its side; bad conditions are reported at file:line."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from gameapp.core.actions import EndPhase, Fire, Move, Pass
from gameapp.core.breakdown import IllegalActionError
from gameapp.core.dice import Dice
from gameapp.core.engine import Game
from gameapp.core.rules.victory import level_of
from gameapp.core.scenario import VictoryHex, load_scenario
from gameapp.core.suddendeath import SuddenDeath
from gameapp.core.units import Side
from gameapp.core.yamlsource import DataError
from tests.core.positions import N, S, blank_map, game_on, infantry, place

DATA = Path(__file__).resolve().parent.parent / "data"


def _with(game: Game, *conditions: SuddenDeath) -> Game:
    return Game.from_scenario(replace(game.scenario, sudden_death=conditions))


def test_holding_the_named_hexes_ends_the_game_at_once() -> None:
    m = blank_map()
    bridge = VictoryHex(m.parse("0605"), "the bridge", 2)
    farm = VictoryHex(m.parse("0108"), "the farm", 3, Side.UNION)
    base = game_on(m, [place(infantry("u"), m, "0606", N),
                       place(infantry("c", Side.CONFEDERATE), m, "0602", S)],
                   victory_hexes=(bridge, farm))
    carried = SuddenDeath("the bridge carried", Side.UNION, holds=(bridge.hex, farm.hex))
    game = _with(base, carried)
    assert not game.is_over  # the Union holds the farm, not yet the bridge
    game.apply(Move("u", (m.parse("0605"),)))  # u alone in the bridge hex: it changes hands
    assert game.is_over
    with pytest.raises(IllegalActionError, match="the game is over"):
        game.apply(EndPhase())
    assert list(game.legal_actions()) == []
    result = game.result()
    assert result.winner is Side.UNION and result.level == "decisive"
    assert result.sudden_death is carried
    assert [(t.label, t.rule) for t in result.level_terms] == [
        ("sudden death: Union holds 0605 and 0108", "R&C sudden death")]
    assert result.title == "Union decisive victory"
    # on points it would be Union 5 (2 + 3) against Confederate 0: the points still show
    assert result.points[Side.UNION].total == 5
    assert "sudden death: the bridge carried" in result.lines()


def test_enemy_losses_reaching_the_threshold_end_the_game() -> None:
    m = blank_map()
    base = game_on(m, [place(infantry("u"), m, "0606", N),
                       place(infantry("c", Side.CONFEDERATE, strength=8), m, "0603", S)])
    game = _with(base, SuddenDeath("c wrecked", Side.UNION, enemy_losses=1))
    game.apply(EndPhase())
    game.apply(Pass())  # the Confederates pass; the Union fires at c, three hexes away
    assert not game.is_over
    # 5 SPs x 1/8 at 3 hexes = 5/8 fire points: the ½ column; 66 with +2 for the target's
    # density reads A1 there: one SP lost, no morale check
    game.dice = Dice.forcing([66])
    game.apply(Fire(("u",), m.parse("0603")))
    assert game.state.units["c"].losses == 1
    assert game.is_over and game.result().winner is Side.UNION


def test_without_conditions_the_game_runs_to_its_last_turn() -> None:
    m = blank_map()
    game = game_on(m, [place(infantry("u"), m, "0606", N)])
    game.state.turn = game.scenario.clock.last_turn
    assert not game.is_over
    game.state.turn += 1
    assert game.is_over


@pytest.mark.parametrize(("winner", "loser", "level", "ratio"), [
    (7, 5, "marginal", 1.4),  # 7 / 5 = 1.4, under 1.5
    (6, 4, "substantive", 1.5),  # 6 / 4 = 1.5 exactly
    (5, 2, "decisive", 2.5),  # 5 / 2 = 2.5 exactly
    (2, 0, "substantive", 2.0),  # a loser's 0 counts as 1: 2 / 1 = 2
])
def test_levels_of_victory(winner: int, loser: int, level: str, ratio: float) -> None:
    found, terms = level_of(winner, loser)
    assert found == level
    assert terms.terms[0].value == ratio


def _scenario(tmp_path: Path, sudden: str) -> Path:
    text = f"""name: Sudden death
map: {_copy(DATA / 'maps' / 'small.yaml', tmp_path)}
counters: {_copy(DATA / 'counters' / 'small.yaml', tmp_path)}
ruleset: tactical
turns: {{first: 1, last: 6, start: "14:00", minutes: 20}}
first_side: union
setup:
  - {{unit: US-1, hex: "0203", facing: N, formation: line}}
  - {{unit: CS-1, hex: "0505", facing: S, formation: line}}
victory_hexes:
  - {{hex: "0404", name: Crossroads, points: 3, holder: confederate}}
  - {{hex: "0101", name: Hill, points: 1}}
sudden_death:
{sudden}"""
    path = tmp_path / "sudden.yaml"
    path.write_text(text)
    return path


def test_a_good_key_loads(tmp_path: Path) -> None:
    path = _scenario(tmp_path, """  - {name: Hill and crossroads, winner: union,
     holds: ["0404", "0101"]}
  - {winner: confederate, enemy_losses: 4}
""")
    scenario = load_scenario(path)
    m = scenario.map
    assert scenario.sudden_death == (
        SuddenDeath("Hill and crossroads", Side.UNION, holds=(m.parse("0404"), m.parse("0101"))),
        SuddenDeath("sudden death 2", Side.CONFEDERATE, enemy_losses=4),
    )


def test_bad_conditions_give_file_and_line(tmp_path: Path) -> None:
    # lines of the file: 14 is the first condition, each further one a line below
    path = _scenario(tmp_path, """  - {winner: union, holds: ["0404"], enemy_losses: 3}
  - {winner: union}
  - {winner: union, holds: ["0303"]}
  - {winner: confederate, holds: ["0404"]}
  - {winner: rebels, enemy_losses: 0}
""")
    with pytest.raises(DataError) as info:
        load_scenario(path)
    lines = [str(p).removeprefix(f"{path}:") for p in info.value.problems]
    assert lines == [
        "14: sudden_death[0]: give exactly one of 'holds' (victory hexes to hold) or "
        "'enemy_losses' (strength points)",
        "15: sudden_death[1]: give exactly one of 'holds' (victory hexes to hold) or "
        "'enemy_losses' (strength points)",
        "16: sudden_death[2].holds: 0303 is not one of the scenario's victory_hexes",
        "17: sudden_death[3].holds: confederate holds all of these at the start, so the game "
        "would be over before it began",
        "18: sudden_death[4].winner: 'rebels' is not one of 'union', 'confederate'",
        "18: sudden_death[4].enemy_losses: 0 is less than the minimum of 1",
    ]


def _copy(source: Path, folder: Path) -> str:
    """A copy of the test data file beside the scenario: a scenario may only name files in its
    own folder tree and the game's data folders (docs/reliability.md)."""
    name = f"{source.parent.name}-{source.name}"
    (folder / name).write_bytes(source.read_bytes())
    return name
