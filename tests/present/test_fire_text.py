"""Fire attacks in words: the odds as percentages in the table's order, the plan's rows with
their rules, and the lines that report a roll (the same in the dialog and the log)."""

from __future__ import annotations

from fractions import Fraction

from gameapp.core.actions import EndPhase, Fire, Pass
from gameapp.core.dice import Dice
from gameapp.core.engine import Game
from gameapp.core.events import MoraleChecked
from gameapp.core.rulesets.tactical import tactical
from gameapp.core.units import Side
from gameapp.present.event_words import report_lines, shot_message
from gameapp.present.fire_text import odds_line, odds_rows, percent, plan_rows, result_meaning
from tests.core.positions import N, S, blank_map, game_on, infantry, place


def _duel() -> Game:
    m = blank_map()
    game = game_on(m, [place(infantry("u"), m, "0606", N),
                       place(infantry("c", Side.CONFEDERATE, strength=8), m, "0604", S)])
    game.apply(EndPhase())
    game.apply(Pass())
    return game


def test_percentages_and_order() -> None:
    assert percent(Fraction(24, 36)) == "66.7%"
    assert percent(Fraction(1, 36)) == "2.8%"
    odds = {"C1": Fraction(4, 36), "officer hit": Fraction(1, 36), "NE": Fraction(24, 36),
            "A1": Fraction(4, 36), "A": Fraction(4, 36)}
    assert [r.result for r in odds_rows(odds)] == ["NE", "A", "A1", "C1", "officer hit"]
    assert odds_line(odds) == "NE 66.7%, A 11.1%, A1 11.1%, C1 11.1%; officer hit 2.8%"
    assert result_meaning("C3") == "3 casualty steps and a morale check"
    assert result_meaning("A1") == "1 casualty step; a morale check if only artillery fired"


def test_plan_rows_carry_every_step_and_modifier_with_its_rule() -> None:
    game = _duel()
    plan = tactical(game).fire.plan(Fire(("u",), game.map.parse("0604")), Side.UNION)
    rows = plan_rows(plan)
    (firer,) = rows.firers
    assert (firer.unit_id, firer.distance, firer.fires) == ("u", 2, True)
    first = firer.steps[0]
    assert (first.rule, first.label, first.operation, first.result) == \
        ("6.0 step 1", "5 SPs", "=5", "5")
    assert firer.steps[-1].result == "5/3"
    assert rows.total == "5/3" and rows.column == "FCRT small arms 1½"
    assert [(t.label, t.value) for t in rows.modifiers] == [("target density 8 SPs", 2)]
    assert rows.modifier_total == 2
    assert [r.text for r in rows.odds] == ["NE 66.7%", "A 11.1%", "A1 11.1%", "C1 11.1%",
                                           "officer hit 2.8%"]


def test_report_lines_of_a_roll() -> None:
    game = _duel()
    game.dice = Dice.forcing([63, 41])
    events = game.apply(Fire(("u",), game.map.parse("0604")))
    lines = report_lines(events, game.map.hex_id)
    assert lines[0] == ("fire at 0604: rolled 63, +2 → 65 on FCRT small arms 1½: C1 "
                        "(1 casualty step and a morale check)")
    assert lines[1] == "c loses 1 casualty step (FCRT results)"
    (check,) = [e.check for e in events if isinstance(e, MoraleChecked)]
    assert lines[2:] == check.lines()
    assert shot_message(events) == "u fired: 63 → 65, C1 (FCRT small arms 1½); Union to fire"
