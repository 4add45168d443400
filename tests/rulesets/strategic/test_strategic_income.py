"""Monthly supply income on the Hazel map (our design, `R&C strategic supply income`): the
points arrive in the depots the railroad joins to a supply place, the emptiest first, each up
to 20; what finds no room is not received."""

from __future__ import annotations

from pathlib import Path

from gameapp.core.engine import Game
from gameapp.core.rulesets.strategic.actions import EndPhase
from gameapp.core.rulesets.strategic.income import INCOME, SupplyIncome, month_income
from gameapp.core.rulesets.strategic.pieces import Depot
from gameapp.core.units import Side
from tests.rulesets.strategic.positions import HAZEL, SMALL_MAP, add, hazel_game, state_of

C = Side.CONFEDERATE


def income_game(tmp_path: Path) -> Game:
    (tmp_path / "small_theatre.yaml").write_text(SMALL_MAP.read_text(encoding="utf-8"))
    path = tmp_path / "hazel.yaml"
    income = "supply_income: {union: 0, confederate: 15}\n"
    path.write_text(HAZEL.read_text(encoding="utf-8") + income, encoding="utf-8")
    return hazel_game(path=path)


def test_income_fills_the_rail_served_depots_emptiest_first(tmp_path: Path) -> None:
    game = income_game(tmp_path)
    where = game.map.parse
    add(game, Depot("d2", C, where("0601"), 2))  # on the railroad 0601-0702 (Hazelton)
    add(game, Depot("d3", C, where("0905"), 0))  # in the mountains, off the railroad
    (told,) = month_income(game._context())
    depots = {d.id: d.supply for d in state_of(game).of_type(Depot, C)}
    # cd1 (Hazelton, 10) and d2 (2) are served; one point at a time to the emptiest: 8 to d2
    # (2 -> 10), then the tie goes by id: cd1, d2, cd1, d2, cd1, d2, cd1: cd1 14, d2 13
    assert depots == {"cd1": 14, "d2": 13, "d3": 0}
    assert isinstance(told, SupplyIncome) and (told.income, told.received) == (15, 15)
    assert [(t.value, t.rule) for t in told.terms] == [(4, INCOME), (11, INCOME)]


def test_points_that_find_no_room_are_not_received(tmp_path: Path) -> None:
    game = income_game(tmp_path)
    (told,) = month_income(game._context())
    # cd1 alone, at 10: 10 points fill it to 20, the other 5 are not received
    depot = state_of(game).pieces["cd1"]
    assert isinstance(depot, Depot) and (told.received, depot.supply) == (10, 20)
    assert "5 point(s) find no depot with room" in told.terms[-1].label


def test_income_comes_in_the_monthly_interphase(tmp_path: Path) -> None:
    game = income_game(tmp_path)
    seen = []
    while game.state.turn <= 4:
        seen += [e for e in game.apply(EndPhase()) if isinstance(e, SupplyIncome)]
        if game.state.turn < 4:
            assert not seen  # nothing before the month's end
    assert [e.side for e in seen] == [C]
