"""Victory in the Hazel scenario: places, losses, forts once (25.3), sudden death, the level
(by the points ratio, or measured from a par: R&C strategic par)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from gameapp.core.engine import Game
from gameapp.core.rulesets.strategic.pieces import Fort
from gameapp.core.rulesets.strategic.scenario import load_strategic
from gameapp.core.rulesets.strategic.state import StrategicState
from gameapp.core.rulesets.strategic.victory import (
    BALANCE_RULE,
    PAR_RULE,
    Balance,
    Par,
    VictoryPlace,
    VictoryTerms,
    par_level,
    par_terms,
    result,
)
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


def _par_game(forts: dict[Side, tuple[str, ...]] | None = None,
              balance: Balance | None = None) -> tuple[Game, StrategicState]:
    """Hazelton (0702, Confederate at the start) 4 points, Westport (0102, Union) 6; in
    'history' the Union held Westport only: par = 6 - 4 = +2; substantive from 3, decisive 8."""
    game = empty_board()
    where = game.map.parse
    par = Par("1862-06-01", ("Westport, MD",), forts or {}, substantive=3, decisive=8,
              balance=balance)
    game.scenario = replace(game.scenario, victory=VictoryTerms((
        VictoryPlace("Hazelton, VA", where("0702"), 4, "the valley's depot"),
        VictoryPlace("Westport, MD", where("0102"), 6, "the capital"),
    ), par=par))
    return game, state_of(game)


def test_history_repeated_is_a_draw_at_par() -> None:
    game, state = _par_game()
    final = result(game.scenario, state)
    # Union 6 - Confederacy 4 = +2, par +2: 0 from par
    assert final.winner is None and final.title == "draw"
    assert [(t.label, t.value) for t in final.level_terms] == [
        ("Union points less Confederate points (6 - 4)", 2),
        ("less par: the Union's places on 1862-06-01 (Westport 6)", -6),
        ("less par: the Confederacy's places on 1862-06-01 (Hazelton 4)", 4),
        ("at par: history's result, a draw", 0)]
    assert final.level_terms.total == 0
    assert "level: none, at par" in final.lines()


def test_the_distance_from_par_gives_winner_and_level() -> None:
    game, state = _par_game()
    # 3 Confederate SP lost: 1 point (1 per 2). Union 7 - 4 = +3, one above par: marginal
    state.lost[C] = 3
    marginal = result(game.scenario, state)
    assert (marginal.winner, marginal.level, marginal.level_terms.total) == (U, "marginal", 1)
    assert marginal.level_terms.terms[-1].label == \
        "1 from par, the Union side's way: marginal, under 3"
    assert all(t.rule == PAR_RULE for t in marginal.level_terms)
    # 7 Union SP lost as well: 3 points to the Confederacy. 7 - 7 = 0, 2 below par: marginal
    state.lost[U] = 7
    assert (result(game.scenario, state).winner, result(game.scenario, state).level) == \
        (C, "marginal")
    # 9 Union SP lost: 4 points. 7 - 8 = -1, 3 below par: substantive (from 3)
    state.lost[U] = 9
    substantive = result(game.scenario, state)
    assert (substantive.winner, substantive.level, substantive.level_terms.total) == \
        (C, "substantive", -3)
    # the Union takes Hazelton, no Union losses: 4 + 6 + 1 = 11 to 0, 9 above par: decisive
    state.lost[U] = 0
    state.control[game.map.parse("0702")] = U
    decisive = result(game.scenario, state)
    assert (decisive.winner, decisive.level, decisive.level_terms.total) == (U, "decisive", 9)
    assert decisive.title == "Union decisive victory"


def test_a_pars_forts_count_once_for_each_side_that_had_taken_one() -> None:
    game, state = _par_game({U: ("ridley",), C: ()})
    terms = game.scenario.victory
    assert terms is not None and terms.par is not None
    history = par_terms(terms, terms.par)
    assert [(t.value, t.rule) for t in history] == [(6, PAR_RULE), (-4, PAR_RULE),
                                                     (1, "004 25.3")]
    assert history.total == 3  # par +3: the starting +2 is now a marginal Confederate result
    assert result(game.scenario, state).winner is C


def test_a_balance_moves_par_by_where_equal_players_end() -> None:
    # equal players end a median 2.5 points short of history's +2: the Union wins above -0.5
    game, state = _par_game(balance=Balance(-2.5, "seeds 21-40"))
    # 7 Union SP lost: 3 points. Union 6 - 7 = -1: below history's par by 3 (a substantive
    # Confederate result without the balance), below the balanced par by 0.5: marginal
    state.lost[U] = 7
    final = result(game.scenario, state)
    assert [(t.label, t.value, t.rule) for t in final.level_terms] == [
        ("Union points less Confederate points (6 - 7)", -1, PAR_RULE),
        ("less par: the Union's places on 1862-06-01 (Westport 6)", -6, PAR_RULE),
        ("less par: the Confederacy's places on 1862-06-01 (Hazelton 4)", 4, PAR_RULE),
        ("less balance: -2.5, equal players' distance from history", 2.5, BALANCE_RULE),
        ("0.5 from par, the Confederate side's way: marginal, under 3", 0, PAR_RULE)]
    assert (final.winner, final.level, final.level_terms.total) == (C, "marginal", -0.5)
    # 5 Union SP lost instead: 2 points. 6 - 6 = 0, 0.5 above the balanced par: the Union's
    state.lost[U] = 5
    assert (result(game.scenario, state).winner, result(game.scenario, state).level) == \
        (U, "marginal")
    # history's own result (+2) is now 2.5 above par
    state.lost[U] = 0
    history = result(game.scenario, state)
    assert (history.winner, history.level_terms.total) == (U, 2.5)


def test_a_whole_balance_can_end_at_par_in_a_draw() -> None:
    game, state = _par_game(balance=Balance(-2, "seeds 21-40"))
    state.lost[U] = 5  # 6 - 6 = 0: history's +2 less 2
    final = result(game.scenario, state)
    assert final.winner is None and final.level_terms.terms[-1].label == "at par: a draw"


def test_par_levels_are_marginal_substantive_decisive_by_distance() -> None:
    par = Par("1863-07-04", (), {}, substantive=4, decisive=10)
    assert [par_level(d, par) for d in (1, 3.5, 4, 9, 10, 30)] == [
        ("marginal", 1), ("marginal", 1), ("substantive", 4), ("substantive", 4),
        ("decisive", 10), ("decisive", 10)]


def test_sudden_death_still_ends_a_par_game_decisively() -> None:
    game, state = _par_game()
    terms = game.scenario.victory
    assert terms is not None
    westport = replace(terms.places[1], sudden_death=True)
    game.scenario = replace(game.scenario, victory=replace(
        terms, places=(terms.places[0], westport)))
    state.control[game.map.parse("0102")] = C
    final = result(game.scenario, state)
    assert (final.winner, final.level) == (C, "decisive") and final.sudden_death is not None


def test_a_par_naming_what_the_scenario_lacks_is_refused(tmp_path: Path) -> None:
    (tmp_path / "small_theatre.yaml").write_text(SMALL_MAP.read_text(encoding="utf-8"))
    path = tmp_path / "hazel.yaml"
    path.write_text(HAZEL.read_text(encoding="utf-8") + """
victory:
  places:
    - {place: "Hazelton, VA", hex: "0702", points: 4, why: the depot}
  par:
    date: "1862-06-01"
    union_holds: ["Westport, MD"]
    forts_taken: {confederate: [ridley]}
    substantive: 5
    decisive: 5
""", encoding="utf-8")
    with pytest.raises(DataError) as error:
        load_strategic(path)
    text = str(error.value)
    assert "Westport, MD is not one of this scenario's victory places" in text
    assert "ridley is not a Union fort of this scenario" in text
    assert "a decisive result must lie further from par than a substantive one" in text


def test_a_balance_off_the_half_point_grid_is_refused_with_its_line(tmp_path: Path) -> None:
    (tmp_path / "small_theatre.yaml").write_text(SMALL_MAP.read_text(encoding="utf-8"))
    path = tmp_path / "hazel.yaml"
    text = HAZEL.read_text(encoding="utf-8") + """
victory:
  places:
    - {place: "Hazelton, VA", hex: "0702", points: 4, why: the depot}
  par:
    date: "1862-06-01"
    union_holds: []
    substantive: 1
    decisive: 2
    balance: {points: -2.25, why: seeds 21-40}
"""
    path.write_text(text, encoding="utf-8")
    line = text.splitlines().index("    balance: {points: -2.25, why: seeds 21-40}") + 1
    with pytest.raises(DataError) as error:
        load_strategic(path)
    message = str(error.value)
    assert f"hazel.yaml:{line}" in message and "-2.25" in message
