"""The strategic ruleset's model plays through the same driver as the tactical game: the
scenario key picks it, the week runs as its steps, and saves, undo, history and replay serve it."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from gameapp.core.breakdown import IllegalActionError
from gameapp.core.engine import Game
from gameapp.core.history import History
from gameapp.core.ruleset import ruleset_named
from gameapp.core.rulesets.strategic import STRATEGIC
from gameapp.core.rulesets.strategic.actions import (
    DeclareSpan,
    EndPhase,
    GiveOrder,
    March,
    parse_strategic_action,
)
from gameapp.core.rulesets.strategic.events import InitiativeDecided, MonthEnded
from gameapp.core.rulesets.strategic.pieces import HQ, Arm, Division, Leader
from gameapp.core.rulesets.strategic.sequence import StrategicPhase, first_mover_chance
from gameapp.core.savegame import load_game, save_game
from gameapp.core.units import Side
from tests.rulesets.strategic.positions import HAZEL, hazel_game, state_of


def test_the_scenario_key_picks_the_strategic_ruleset_and_places_the_pieces() -> None:
    game = Game.from_scenario(HAZEL, seed=2)
    assert ruleset_named("strategic") is STRATEGIC and game.ruleset is STRATEGIC
    state = state_of(game)
    m = game.map
    u1 = state.pieces["u1"]
    assert isinstance(u1, Division) and u1.arm is Arm.INFANTRY and u1.sp == 8 and u1.ma == 3
    assert u1.hex == m.parse("0303")
    # "at: Westport, MD" is the place's hex
    assert state.pieces["u5"].hex == m.place("Westport, MD").hex == m.parse("0102")
    corps = state.pieces["ii-corps"]
    assert isinstance(corps, HQ) and corps.roster == ("u1", "u2") and corps.commander == "banks"
    grant = state.pieces["grant"]
    assert isinstance(grant, Leader) and grant.subordinate_to == "halleck"
    # 3.23: the Union's home is columns 01-03, the rest Confederate
    assert game.scenario.home[m.parse("0306")] is Side.UNION
    assert game.scenario.home[m.parse("0401")] is Side.CONFEDERATE
    assert game.clock == "week of 1 Mar 1862"


def test_the_week_runs_initiative_then_each_sides_phases_then_the_month() -> None:
    game = hazel_game(first=Side.CONFEDERATE)
    decided = next(e for e in game.opening_events if isinstance(e, InitiativeDecided))
    # Union 1, Confederate 6 + 1 bonus: the Confederates move first
    assert decided.rolls == {Side.UNION: 1, Side.CONFEDERATE: 6}
    assert decided.first is Side.CONFEDERATE
    # its chance, before the dice: the Confederate +1 wins 21 of 36 pairs, ties (6) go to the Union
    assert decided.chance_first[Side.CONFEDERATE] == Fraction(21, 36)
    assert sum(first_mover_chance({Side.UNION: 0, Side.CONFEDERATE: 1}, Side.UNION).values()) == 1
    seen = []
    while game.state.turn == 1:
        seen.append((game.phase, game.current_side))
        game.apply(EndPhase())
    c, u = Side.CONFEDERATE, Side.UNION
    assert seen == [(StrategicPhase.COMMAND, c), (StrategicPhase.MOVEMENT, c),
                    (StrategicPhase.COMBAT, c), (StrategicPhase.COMMAND, u),
                    (StrategicPhase.MOVEMENT, u), (StrategicPhase.COMBAT, u)]
    months = []
    while game.state.turn <= 4:
        months += [e for e in game.apply(EndPhase()) if isinstance(e, MonthEnded)]
    assert [m.turn for m in months] == [4]  # the interphase follows the fourth week only


def test_notation_round_trips_and_bad_lines_say_what_was_expected() -> None:
    m = hazel_game().map
    for text in ("end", "span mcdowell u3 ut1", "order banks", "move u1 0403 0503 forced",
                 "split u1 2", "assign u3 ii-corps", "release u2", "initiative jackson",
                 "rail u6 0601", "detrain u6"):
        assert parse_strategic_action(text, m.numbering).to_text(m.numbering) == text
    assert parse_strategic_action("move u1 0403", m.numbering) == March("u1", (m.parse("0403"),))
    with pytest.raises(ValueError, match="move PIECE HEX"):
        parse_strategic_action("move u1", m.numbering)
    with pytest.raises(ValueError, match="one of"):
        parse_strategic_action("charge u1", m.numbering)


def test_an_action_of_another_phase_is_refused_naming_the_phases_rule() -> None:
    game = hazel_game()
    with pytest.raises(IllegalActionError) as refused:
        game.apply(GiveOrder("mcdowell"))  # orders are given in the movement phase
    assert refused.value.rule == "004 10.1" and "command phase" in refused.value.reason


def play_some(game: Game) -> None:
    """Command McDowell's force and march Ricketts, then end phases into week 2."""
    game.apply(DeclareSpan("mcdowell", ("u3",)))
    game.apply(EndPhase())
    game.apply(GiveOrder("mcdowell"))
    game.apply(March("u3", (game.map.parse("0402"),)))
    while game.state.turn == 1:
        game.apply(EndPhase())


def seeded_union_first() -> Game:
    """A game whose seeded opening initiative dice put the Union first (a save replays the
    opening dice from the seed, so saved games are not built with forced opening dice)."""
    return next(g for g in (Game.from_scenario(HAZEL, seed=s) for s in range(1, 40))
                if g.state.first_side is Side.UNION)


def test_saves_undo_history_and_replay_work_through_the_driver(tmp_path: Path) -> None:
    game = seeded_union_first()
    game.apply(DeclareSpan("mcdowell", ("u3",)))
    assert game.can_undo
    game.undo()
    assert state_of(game).forces == {} and game.log == []
    play_some(game)
    assert state_of(game).pieces["u3"].hex == game.map.parse("0402")
    path = tmp_path / "strategic.yaml"
    save_game(game, path)
    text = path.read_text(encoding="utf-8")
    assert "move u3 0402" in text and "order mcdowell" in text
    back = load_game(path)
    assert back.ruleset is STRATEGIC
    assert state_of(back).pieces == state_of(game).pieces
    assert [e.notation for e in back.log] == [e.notation for e in game.log]
    history = History.of(game)
    assert state_of(history.game_at(3)).pieces["u3"].hex == game.map.parse("0302")
    assert history.state_at(len(game.log)).pieces == state_of(game).pieces
