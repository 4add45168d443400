"""8.54: with a leader present, the victors of a charge may change facing, formation or cover
on their advance, at no cost; without one they keep all three (docs/rules.md, "Changes on the
advance")."""

from __future__ import annotations

from gameapp.core.actions import Move, Reform, RetreatBeforeCombat, parse_action
from gameapp.core.decisions import DecisionKind
from gameapp.core.dice import Dice
from gameapp.core.engine import Game
from gameapp.core.events import UnitReformed
from gameapp.core.mapdata import HexMap
from gameapp.core.units import Formation, Side, Status
from tests.core.positions import N, S, blank_map, game_on, infantry, leader, place
from tests.core.rout_picks import first_rout_paths


def won_charge(with_leader: bool) -> tuple[Game, HexMap]:
    """US-1 (5 SPs, line, facing N) in 0605, and leader US-L with it when `with_leader`, charge
    CS-1 (5 SPs, ML 35) in 0604 at once (3.411: 5 MPs spent, under 9). The defender's 8.41 roll
    is forced to 65, above any level CS-1 can have here (35 printed, no leader, no cover), so
    it routs; every defender routs, so the attackers win and advance into 0604 at 0 MPs (8.54).
    The leader charges with the unit he is stacked with and advances with it."""
    m = blank_map()
    units = [place(infantry("US-1"), m, "0605", N),
             place(infantry("CS-1", Side.CONFEDERATE), m, "0604", S)]
    if with_leader:
        units.append(place(leader("US-L"), m, "0605", N))
    game = game_on(m, units)
    game.dice = Dice.forcing([65, 11, 11, 11])  # 8.41; then any leader-risk roll is no 66
    game.apply(Move("US-1", (m.parse("0604"),)))
    game.apply(RetreatBeforeCombat(m.parse("0604"), False))
    first_rout_paths(game)
    return game, m


def test_without_a_leader_the_victors_keep_formation_and_facing() -> None:
    game, m = won_charge(with_leader=False)
    us = game.state.units["US-1"]
    assert m.hex_id(us.hex) == "0604"  # advanced
    assert game.pending_decision is None  # nobody is asked: 8.54 allows no change


def test_with_a_leader_each_victor_may_turn_form_and_take_cover_at_no_cost() -> None:
    game, m = won_charge(with_leader=True)
    assert m.hex_id(game.state.units["US-L"].hex) == "0604"  # the leader advanced too
    decision = game.pending_decision
    assert decision is not None and decision.kind is DecisionKind.REFORM
    assert decision.side is Side.UNION and decision.rule == "8.54"
    actions = [o.action for o in decision.options]
    # keep; the five other facings; infantry line's formations here (column, road column by
    # column, square, general order, skirmish); take cover
    assert actions[0] == Reform("US-1")
    assert {a.facing for a in actions if a.facing is not None} == {0, 1, 3, 4, 5}
    assert {a.formation for a in actions if a.formation is not None} == {
        Formation.COLUMN, Formation.ROAD_COLUMN, Formation.SQUARE, Formation.GENERAL_ORDER,
        Formation.SKIRMISH}
    assert Reform("US-1", cover=True) in actions
    spent = game.state.mp_spent["US-1"]
    events = game.apply(Reform("US-1", facing=S))
    reformed = next(e for e in events if isinstance(e, UnitReformed))
    assert reformed.facing == S and reformed.cost.total == 0
    assert [t.rule for t in reformed.cost.terms] == ["8.54"]
    assert "leader present" in reformed.cost.terms[0].label
    # asked again, about formation and cover only: one change of each kind
    again = game.pending_decision
    assert again is not None and again.kind is DecisionKind.REFORM
    assert all(o.action.facing is None for o in again.options
               if isinstance(o.action, Reform))
    game.apply(Reform("US-1", formation=Formation.COLUMN))
    game.apply(Reform("US-1", cover=True))
    assert game.pending_decision is None  # nothing left to change
    us = game.state.units["US-1"]
    assert (us.facing, us.formation) == (S, Formation.COLUMN) and Status.COVER in us.status
    assert game.state.mp_spent["US-1"] == spent  # 0 MPs, like the advance


def test_keep_ends_the_questions_and_the_notation_parses_back() -> None:
    game, m = won_charge(with_leader=True)
    game.apply(Reform("US-1"))
    assert game.pending_decision is None
    assert game.state.units["US-1"].facing == N
    for text in ("reform US-1 keep", "reform US-1 face=3", "reform US-1 formation=road-column",
                 "reform US-1 cover=off"):
        assert parse_action(text, m.numbering).to_text(m.numbering) == text
    assert game.log[-1].notation == "reform US-1 keep"
