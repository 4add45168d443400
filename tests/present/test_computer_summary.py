"""What the computer did to you, in words (issue 27, item 12)."""

from __future__ import annotations

from gameapp.core.actions import EndPhase, Fire, Move
from gameapp.core.breakdown import Breakdown
from gameapp.core.events import CasualtiesTaken, FireResolved, UnitEliminated, UnitRouted
from gameapp.core.hexgrid import Hex
from gameapp.core.units import Side
from gameapp.present.computer_summary import TurnTally, shot_words

NAMES = {"US-51PA": "51st Pennsylvania", "US-9NH": "9th New Hampshire", "CS-2GA": "2nd Georgia"}
AT = Hex(3, 4)


def name_of(unit_id: str) -> str:
    return NAMES.get(unit_id, unit_id)


def side_of(unit_id: str) -> Side:
    return Side.UNION if unit_id.startswith("US-") else Side.CONFEDERATE


def fired(result: str) -> FireResolved:
    return FireResolved(("CS-2GA",), AT, (), Breakdown(()), 53, "53", result, 1, "FCRT 5-6")


def test_a_shot_says_its_result_and_what_it_did() -> None:
    hit = [fired("C1"), CasualtiesTaken("US-51PA", 1, "FCRT"), UnitRouted("US-51PA", "7.31")]
    assert shot_words(hit, name_of) == "C1: 51st Pennsylvania lost 1 casualty step, routs"
    assert shot_words([fired("NE")], name_of) == "NE: no effect"


def test_the_turn_summary_counts_and_tells_only_your_harm() -> None:
    tally = TurnTally(Side.CONFEDERATE)
    tally.add(Move("CS-2GA", (AT,)), [])
    tally.add(Fire(("CS-2GA",), AT), [fired("C1"), CasualtiesTaken("US-51PA", 1, "FCRT"),
                                       UnitRouted("US-51PA", "7.31")])
    tally.add(Fire(("CS-2GA",), AT), [fired("C2"), UnitEliminated("US-9NH", "7.31"),
                                       CasualtiesTaken("CS-2GA", 1, "8.4")])
    tally.add(EndPhase(), [])
    assert tally.summary(name_of, side_of) == (
        "Confederate: 2 shots, 1 move. Your 51st Pennsylvania lost 1 casualty step and routs; "
        "your 9th New Hampshire is eliminated.")


def test_shots_without_effect_say_so() -> None:
    tally = TurnTally(Side.UNION)
    tally.add(Fire(("US-51PA",), AT), [fired("NE")])
    assert tally.summary(name_of, side_of) == "Union: 1 shot. No harm to your units."
