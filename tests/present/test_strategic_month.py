"""The strategic monthly report (gameapp/present/strategic_month.py): East '62 played to its
second month by ending every phase (the dice of seed 3, replayed from the log), its report read
from the history; a saved game gives the same report; sieges on the Hazel test map."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from gameapp.core.engine import Game
from gameapp.core.history import History
from gameapp.core.rulesets.strategic.actions import EndPhase
from gameapp.core.rulesets.strategic.income import INCOME
from gameapp.core.rulesets.strategic.schedule import SCHEDULE
from gameapp.core.rulesets.strategic.sieges import BESIEGED, SIEGE, siege_month
from gameapp.core.savegame import load_game, save_game
from gameapp.present.strategic_month import (
    INCOME as INCOME_SECTION,
)
from gameapp.present.strategic_month import (
    LEADERS,
    REINFORCEMENTS,
    SIEGES,
    WITHDRAWALS,
    MonthReport,
    month_reports,
    report_html,
    report_line,
    siege_status,
)
from gameapp.present.strategic_names import piece_names
from tests.rulesets.strategic.positions import state_of
from tests.rulesets.strategic.test_strategic_forts import siege

EAST_1862 = Path(__file__).resolve().parents[2] / "scenarios" / "east_1862.yaml"


@cache
def east_in_month_2() -> Game:
    """East '62 with every phase ended until week 5 (month 2) has begun."""
    game = Game.from_scenario(EAST_1862, seed=3)
    while game.state.turn < 5:
        game.apply(EndPhase())
    return game


def reports_of(game: Game) -> list[MonthReport]:
    return month_reports(History.of(game), game.rules.terrain)


def test_east_62_month_1_has_its_schedule_and_its_interphase_each_line_with_its_rule() -> None:
    first, second = reports_of(east_in_month_2())
    assert first.title == "Month 1: weeks 1-4 (1 Mar - 28 Mar 1862)" and first.ended
    assert second.title.startswith("Month 2: weeks 5-8 (29 Mar") and not second.ended
    # the week-3 transports for the Peninsula: who and where
    (transports,) = first.section(REINFORCEMENTS)
    assert transports.rule == SCHEDULE and "Week 3, Union: transports" in transports.text
    # ship pieces by their names, not their ids (un-w3-1-s1): two alike, told apart
    assert ("Union transport fleet 1 (Alexandria) arrives at C2609", SCHEDULE) in (
        transports.details)
    assert ("Union transport fleet 2 (Alexandria) arrives at C2609", SCHEDULE) in (
        transports.details)
    assert not any("un-w3" in text for text, _rule in transports.details)
    # leader changes of weeks 1, 2 and 4 (Lee, Pemberton, Holmes), in order
    leaders = first.section(LEADERS)
    assert [line.text.split(",")[0] for line in leaders] == ["Week 1", "Week 2", "Week 4"]
    assert ("J. C. Pemberton arrives at C1541", SCHEDULE) in leaders[1].details
    assert not first.section(WITHDRAWALS)


def test_supply_income_is_told_per_depot_and_adds_up_to_what_was_received() -> None:
    (first, _) = reports_of(east_in_month_2())
    union, confederate = first.section(INCOME_SECTION)
    assert union.text == "Union: 0 of 20 points received" and union.rule == INCOME
    assert "not received" in union.details[0][0]  # every Union depot was full
    assert confederate.text == "Confederate: 5 of 12 points received"
    depots = [text for text, rule in confederate.details if rule == INCOME and ": +" in text]
    assert depots == ["d_manassas at C2409, joined to a supply place: now 20: +5"]


def test_month_2_so_far_has_blenker_withdrawn_and_the_sieges_as_they_stand() -> None:
    (first, second) = reports_of(east_in_month_2())
    (blenker,) = second.section(WITHDRAWALS)
    assert "Blenker's Division leaves" in blenker.text and "9 SP left" in blenker.text
    assert [line.text for line in first.section(SIEGES)] == ["No fort is besieged at the "
                                                             "month's end"]
    assert [line.text for line in second.section(SIEGES)] == ["No fort is besieged now"]
    assert not second.section(INCOME_SECTION)  # month 2's interphase is not played yet


def test_a_saved_game_gives_the_same_report(tmp_path: Path) -> None:
    game = east_in_month_2()
    save_game(game, tmp_path / "east.yaml")
    assert reports_of(load_game(tmp_path / "east.yaml")) == reports_of(game)


def test_the_report_as_text_has_every_section_and_the_rules() -> None:
    (first, _) = reports_of(east_in_month_2())
    text = report_html(first)
    for title in ("Reinforcements", "Withdrawals", "Leader changes", "Supply income", "Sieges"):
        assert f"<b>{title}</b>" in text
    assert "(R&amp;C strategic supply income)" in text
    assert "none this month" in text  # month 1 has no withdrawal


def test_a_siege_is_told_with_its_roll_its_hunger_and_the_fort_besieged() -> None:
    game = siege(fortress=True)
    hex_id = game.map.hex_id
    names = piece_names(game)  # the pieces by name, as the report shows them
    (status,) = siege_status(state_of(game), game.rules.terrain, hex_id, ended=True,
                             names=names)
    assert status.rule == BESIEGED
    assert status.text == ("The Confederate fortress at Fort Ridley, VA (0804; garrison 4 SP) is "
                           "besieged at the month's end: siege train(s) Union siege train st "
                           "roll each month")
    # without names (pieces the scenario does not know): by id, with what the fort is
    (status,) = siege_status(state_of(game), game.rules.terrain, hex_id, ended=True)
    assert status.text.startswith("ridley, a Confederate fortress (0804; garrison 4 SP)")
    game.dice.forced = [4]
    roll, hunger = (report_line(e, hex_id, names) for e in siege_month(game._context()))
    assert roll[0] == SIEGES and roll[1].rule == SIEGE
    assert roll[1].text == ("Siege of the Confederate fortress at Fort Ridley, VA by the Union "
                            "siege train st: rolled 4, needed 4 or more (3 in 6 (50%)): "
                            "breached: now fort")
    assert hunger[0] == SIEGES and hunger[1].text == \
        "Hunger in the besieged Confederate fortress at Fort Ridley, VA: 1 SP lost"
    # the garrison's test division is named by its id
    assert hunger[1].rule == BESIEGED and [text for text, _ in hunger[1].details] == ["g -1"]
