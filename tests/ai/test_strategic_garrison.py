"""The capital's own garrison is made by the troops nearest it, enough for it: the field army
further out covers the capital by standing between (docs/ai.md, "The strategic computer
player"; docs/strategic-scenarios.md, "East, session 10")."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest

from gameapp.ai.settings import Difficulty
from gameapp.ai.strategic.objectives import OUTNUMBER, REACH, Target, nearest_enough, pull
from gameapp.ai.strategic.player import StrategicPlayer
from gameapp.ai.strategic.settings import STRATEGIC_WEIGHTS, StrategicWeights
from gameapp.ai.strategic.staff import Staff
from gameapp.core.engine import Game
from gameapp.core.rulesets.strategic.sequence import StrategicPhase
from gameapp.core.units import Side
from tests.rulesets.strategic.battles import empty_board, unit
from tests.rulesets.strategic.positions import place, to_phase

EAST_62 = Path(__file__).resolve().parents[2] / "scenarios" / "east_1862.yaml"


def test_a_target_with_a_reach_pulls_only_the_pieces_within_it() -> None:
    # East '63 seed 1, week 2: Richmond's garrison (1 SP, 12 needed against 8 SP a week off,
    # 14 SP within 3 hexes) pulled at the capital's whole 35 VP; felt as the second target by
    # Jackson's 24 SP at Fredericksburg, 4 hexes out, it drew him 3 hexes back (+5.15 VP) off
    # the Rappahannock. Now a piece beyond the garrison's reach does not feel it.
    game = empty_board()
    capital = game.map.parse("0102")
    garrison = Target(capital, 35.0, "our capital's garrison", guard=1, needed=12.0,
                      within=REACH)
    far, near = game.map.parse("0502"), game.map.parse("0402")
    assert far.distance(capital) == REACH + 1 and near.distance(capital) == REACH
    horizon = STRATEGIC_WEIGHTS[Difficulty.NORMAL].horizon
    toward = game.map.parse("0202")
    assert pull((garrison,), toward, horizon, 24, far) == (0.0, None)
    value, target = pull((garrison,), toward, horizon, 24, near)
    assert target is garrison and value == pytest.approx(35 / (1 + 1 / 4))


def test_the_garrison_is_made_by_the_nearest_troops_enough_for_it() -> None:
    # Westport (0102) needs 12 SP: 4 in it, 5 at 0302 (2 hexes), 6 at 0502 (4 hexes), 20 at
    # 0802 (7 hexes). 4 + 5 = 9 within 2 is too few; with the 6 four hexes out, 15: the
    # garrison pulls the troops within 4 (the 20 further out cover the place by standing
    # where they are). Needing 12 with 5 SP within a week's march only, a week's march
    # (3 hexes) is the least; needing more than all there are, everyone is pulled (0).
    game = empty_board()
    unit(game, "in", Side.UNION, "0102", 4)
    unit(game, "near", Side.UNION, "0302", 5)
    unit(game, "mid", Side.UNION, "0502", 6)
    unit(game, "far", Side.UNION, "0802", 20)
    to_phase(game, StrategicPhase.MOVEMENT)
    pos = StrategicPlayer(Side.UNION).staff.look(game)
    westport = game.map.parse("0102")
    assert [game.map.parse(h).distance(westport) for h in ("0302", "0502", "0802")] == [2, 4, 7]
    assert nearest_enough(pos, westport, 12) == 4
    assert nearest_enough(pos, westport, 9) == REACH  # 4 + 5 within 2, but a week's march
    assert nearest_enough(pos, westport, 36) == 0  # 35 SP in all: too few


def _richmond_cover(counts_works: bool, in_richmond: tuple[str, ...],
                    guard_ratio: float = 1.5) -> Target:
    """East '62 as it starts (49 Union SP within two weeks' march of Richmond, 31 Confederate
    SP within the 6 hexes that cover it), with `in_richmond` moved into its works (a fortress
    for 20 SP): the cover of Richmond as the Confederacy's player weighs it, asking
    `guard_ratio` times the threat."""
    game = Game.from_scenario(EAST_62, seed=1)
    for piece in in_richmond:
        place(game, piece, "C2516")
    weights = replace(STRATEGIC_WEIGHTS[Difficulty.HARD], counts_works=counts_works,
                      guard_ratio=guard_ratio)
    return next(t for t in _confederate_targets(game, weights) if t.capital)


def _confederate_targets(game: Game, weights: StrategicWeights) -> tuple[Target, ...]:
    staff = Staff(Side.CONFEDERATE, weights, random.Random(0))
    staff.look(game)
    return staff.targets


def test_hard_counts_the_troops_in_its_capitals_works_twice() -> None:
    # Charleston's 7 SP and Savannah's 5, from beyond the cover, into Richmond's works: 31 + 12
    # = 43 SP guard it; counted twice in the works, 55. Needed: 1.5 x 49 = 73.5 either way
    plain = _richmond_cover(False, ("cs_charleston", "cs_savannah"))
    works = _richmond_cover(True, ("cs_charleston", "cs_savannah"))
    assert (plain.guard, works.guard, plain.needed, works.needed) == (43, 55, 73.5, 73.5)
    # its pull, CAPITAL + 2 x 10 points = 35 VP, in proportion to the threat against the
    # guard: 49 / 43 is over 1, so 35; 49 / 55 of 35 = 31.18
    assert plain.value == 35.0 and works.value == pytest.approx(35 * 49 / 55)
    # with nobody in the works, nothing to count
    assert _richmond_cover(True, ()).guard == _richmond_cover(False, ()).guard == 31


def test_only_hard_counts_its_capitals_works() -> None:
    assert [STRATEGIC_WEIGHTS[d].counts_works for d in Difficulty] == [False, False, True]


def test_hard_asks_its_capitals_cover_to_match_the_enemy_near_it() -> None:
    # the same 12 SP moved into Richmond's works: a guard of 55 against 49 Union SP near
    moved = ("cs_charleston", "cs_savannah")
    asked = _richmond_cover(True, moved, 1.5)
    matched = _richmond_cover(True, moved, 1.0)
    assert (asked.guard, matched.guard) == (55, 55)
    assert (asked.needed, matched.needed) == (73.5, 49.0)
    chart = Game.from_scenario(EAST_62, seed=1).map
    richmond, beside = chart.parse("C2516"), chart.parse("C2515")
    # a unit of the guard may leave while the rest are enough: 55 - 6 = 49 against 49, but
    # 55 - 7 = 48 is short; asked 73.5, not one SP may go
    assert matched.spares(6, beside) and not matched.spares(7, beside)
    assert not asked.spares(1, beside)
    # so 6 SP beside Richmond feel no pull into it when the cover asks 49, and 31.18 VP of
    # pull (the cover's worth, 35 x 49 / 55, from a hex inside it) when it asks 73.5
    horizon = STRATEGIC_WEIGHTS[Difficulty.HARD].horizon
    assert pull((matched,), richmond, horizon, 6, beside) == (0.0, None)
    value, target = pull((asked,), richmond, horizon, 6, beside)
    assert target is asked and value == pytest.approx(35 * 49 / 55)
    assert pull((matched,), richmond, horizon, 7, beside)[1] is matched


def test_hard_asks_its_places_guard_to_match_the_enemy_near_them() -> None:
    # East '62 as it starts: Yorktown's guard, the SP in it (9) and beside it, 12; the Union
    # SP within a week's march (3 hexes) of it, 6. Asking 1.5 x 6 = 9, the guard spares 3 SP
    # and not 4; asking 6, it spares 6 and not 7
    game = Game.from_scenario(EAST_62, seed=1)
    yorktown = game.map.parse("C2917")
    hard = STRATEGIC_WEIGHTS[Difficulty.HARD]
    asked, matched = (next(t for t in _confederate_targets(game, replace(hard, guard_ratio=r))
                           if t.hex == yorktown) for r in (1.5, 1.0))
    assert (asked.guard, asked.needed, matched.guard, matched.needed) == (12, 9.0, 12, 6.0)
    assert asked.spares(3, yorktown) and not asked.spares(4, yorktown)
    assert matched.spares(6, yorktown) and not matched.spares(7, yorktown)


def test_only_hard_asks_its_guards_only_to_match_the_enemy() -> None:
    assert [STRATEGIC_WEIGHTS[d].guard_ratio for d in Difficulty] == [1.5, 1.5, 1.0]
    assert STRATEGIC_WEIGHTS[Difficulty.NORMAL].guard_ratio == OUTNUMBER
