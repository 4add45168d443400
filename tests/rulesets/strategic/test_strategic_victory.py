"""Victory in the Hazel scenario: places, losses, forts once (25.3), sudden death, the level."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from gameapp.core.rulesets.strategic.pieces import Fort
from gameapp.core.rulesets.strategic.scenario import load_strategic
from gameapp.core.rulesets.strategic.victory import VictoryPlace, VictoryTerms, result
from gameapp.core.units import Side
from gameapp.core.yamlsource import DataError
from tests.rulesets.strategic.battles import empty_board
from tests.rulesets.strategic.positions import HAZEL, SMALL_MAP, add, state_of

U, C = Side.UNION, Side.CONFEDERATE


def test_places_and_losses_score_and_the_ratio_gives_the_level() -> None:
    game = empty_board()
    state = state_of(game)
    # Hazelton (a town with the victory role) is Confederate at the start: 1 point to them
    first = result(game.scenario, state)
    assert [(t.label, t.value) for t in first.points[C]] == [("Hazelton, VA (town)", 1)]
    assert first.winner is C and first.level == "marginal"  # 1 : 0, a 0 counting as 1: 1.0
    # the Union takes Hazelton and the Confederates have lost 7 SP: 1 + 3 = 4 to 0
    state.control[game.map.parse("0702")] = U
    state.lost[C] = 7
    scored = result(game.scenario, state)
    assert [(t.label, t.value) for t in scored.points[U]] == [
        ("Hazelton, VA (town)", 1), ("Confederate SP lost: 7, 1 point per 2", 3)]
    assert scored.winner is U and scored.level == "decisive" and scored.title == \
        "Union decisive victory"


def test_forts_taken_count_once_25_3() -> None:
    game = empty_board()
    where = game.map.parse("0804")
    forts = [Fort(f"f{i}", C, where, 5) for i in range(3)]
    game.scenario = replace(game.scenario, pieces=(*game.scenario.pieces, *forts))
    for fort in forts:
        add(game, replace(fort, side=U))  # the Union has taken all three
    terms = [(t.label, t.value, t.rule) for t in result(game.scenario, state_of(game)).points[U]]
    assert ("enemy forts taken (f0, f1, f2): one point, once", 1, "004 25.3") in terms


def test_losing_a_capital_ends_the_game_at_once() -> None:
    game = empty_board()
    game.scenario = replace(game.scenario, options={
        "sudden_death": {"union": "Westport, MD", "confederate": "Hazelton, VA"}})
    assert not game.ruleset.is_over(game.scenario, state_of(game))
    state_of(game).control[game.map.parse("0702")] = U
    assert game.ruleset.is_over(game.scenario, state_of(game))
    final = result(game.scenario, state_of(game))
    assert final.winner is U and final.level == "decisive"
    assert final.sudden_death is not None and final.sudden_death.name == "Hazelton, VA taken"


def test_a_scenarios_own_places_score_their_points_for_whoever_holds_them() -> None:
    """The scenario's `victory:` list replaces the map's sizes: each place its points and why;
    a place marked sudden death ends the game for the side that held it at the start."""
    game = empty_board()
    where = game.map.parse
    game.scenario = replace(game.scenario, victory=VictoryTerms((
        VictoryPlace("Hazelton, VA", where("0702"), 4, "the valley's depot"),
        VictoryPlace("Westport, MD", where("0102"), 6, "the capital", sudden_death=True),
    ), forts_points=2, sp_per_point=3))
    state = state_of(game)
    state.lost[C] = 7
    first = result(game.scenario, state)
    assert [(t.label, t.value) for t in first.points[C]] == [
        ("Hazelton, VA (the valley's depot)", 4)]
    # 7 Confederate SP lost at 1 point per 3: 2 points
    assert [(t.label, t.value) for t in first.points[U]] == [
        ("Westport, MD (the capital)", 6), ("Confederate SP lost: 7, 1 point per 3", 2)]
    assert first.winner is U and first.level == "substantive"  # 8 : 4 = 2.0
    state.control[where("0102")] = C  # Westport falls: the Union loses at once
    assert game.ruleset.is_over(game.scenario, state)
    final = result(game.scenario, state)
    assert final.winner is C and final.sudden_death is not None
    assert final.sudden_death.name == "Westport, MD taken"


def test_a_victory_place_whose_hex_is_not_the_maps_is_refused(tmp_path: Path) -> None:
    (tmp_path / "small_theatre.yaml").write_text(SMALL_MAP.read_text(encoding="utf-8"))
    path = tmp_path / "hazel.yaml"
    path.write_text(HAZEL.read_text(encoding="utf-8") + """
victory:
  places:
    - {place: "Hazelton, VA", hex: "0703", points: 4, why: a typo in the hex}
""", encoding="utf-8")
    with pytest.raises(DataError) as error:
        load_strategic(path)
    assert "Hazelton, VA is not in 0703 on this map" in str(error.value)
