"""Brigades, HQ rosters and the counter mix on the Hazel test map (3.25, 16.16, 16.2, 3.26),
and the scenario loader's answers to bad files."""

from __future__ import annotations

from pathlib import Path

import pytest

from gameapp.core.breakdown import IllegalActionError
from gameapp.core.engine import Game
from gameapp.core.rulesets.strategic.actions import (
    Assign,
    EndPhase,
    March,
    Release,
    RollInitiative,
    SplitBrigade,
)
from gameapp.core.rulesets.strategic.events import BrigadeSplit, Marched
from gameapp.core.rulesets.strategic.pieces import Arm, Division, Ship
from gameapp.core.rulesets.strategic.scenario import load_strategic
from gameapp.core.rulesets.strategic.sequence import StrategicPhase
from gameapp.core.units import Side
from gameapp.core.yamlsource import DataError
from tests.present.test_strategic_month import EAST_1862
from tests.rulesets.strategic.positions import (
    HAZEL,
    SMALL_MAP,
    add,
    command,
    hazel_game,
    path,
    refused,
    state_of,
    to_phase,
)


def test_a_division_sheds_brigades_before_commands_3_25() -> None:
    game = hazel_game()
    events = game.apply(SplitBrigade("u3", 2))
    split = next(e for e in events if isinstance(e, BrigadeSplit))
    brigade = state_of(game).pieces[split.brigade]
    assert isinstance(brigade, Division) and brigade.sp == 2 and brigade.brigade_of == "u3"
    assert state_of(game).pieces["u3"].sp == 4  # type: ignore[union-attr]
    assert split.rule == "004 3.25"
    # a brigade is 1 to 4 SP and leaves its division at least 1; militia have no brigades
    assert refused(game, SplitBrigade("u3", 5)).rule == "004 3.25"
    assert refused(game, SplitBrigade("u2", 1)).rule == "004 3.25"


def test_a_brigade_shed_while_moving_moves_no_further_3_25() -> None:
    game = hazel_game()
    command(game, "u3", at="0302")
    game.apply(March("u3", path(game, "0202")))
    brigade = next(e for e in game.apply(SplitBrigade("u3", 1))
                   if isinstance(e, BrigadeSplit)).brigade
    error = refused(game, March(brigade, path(game, "0102")))
    assert error.rule == "004 3.25"
    game.apply(March("u3", path(game, "0203")))  # the division itself goes on


def test_brigades_are_shed_before_a_battle_in_the_combat_phase_3_25() -> None:
    game = hazel_game()
    to_phase(game, StrategicPhase.COMBAT)
    assert any(isinstance(e, BrigadeSplit) for e in game.apply(SplitBrigade("u6", 2)))
    # but not in the enemy's player turn
    to_phase(game, StrategicPhase.COMMAND, Side.CONFEDERATE)
    with pytest.raises(IllegalActionError):
        game.apply(SplitBrigade("u6", 1))


def test_only_the_moving_force_sheds_brigades_while_moving_3_25() -> None:
    game = hazel_game()
    to_phase(game, StrategicPhase.MOVEMENT)
    assert refused(game, SplitBrigade("u6", 1)).rule == "004 3.25"


def test_the_counter_mix_is_a_hard_limit_3_26() -> None:
    game = hazel_game()
    # the Union's mix has 2 brigade counters
    game.apply(SplitBrigade("u3", 1))
    game.apply(SplitBrigade("u6", 1))
    error = refused(game, SplitBrigade("u1", 1))
    assert error.rule == "004 3.26" and "2 brigades" in error.reason
    assert not [a for a in game.legal_actions() if isinstance(a, SplitBrigade)]


def test_a_scenario_beyond_its_counter_mix_is_refused_at_its_line_3_26(tmp_path: Path) -> None:
    text = HAZEL.read_text(encoding="utf-8").replace(
        "union: {divisions: 6,", "union: {divisions: 2,")
    (tmp_path / "small_theatre.yaml").write_text(SMALL_MAP.read_text(encoding="utf-8"))
    bad = tmp_path / "hazel.yaml"
    bad.write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as error:
        load_strategic(bad)
    problem = error.value.problems[0]
    # u1 and u3 are the two; u4 (cavalry) is the third division counter
    assert "union counter mix has 2 divisions" in problem.message
    assert "id: u4" in text.splitlines()[problem.line - 1]


def test_rostered_units_move_with_their_hq_at_the_slowest_speed_16_2() -> None:
    game = hazel_game()
    to_phase(game, StrategicPhase.MOVEMENT)
    game.dice.forced = [1]
    game.apply(RollInitiative("banks"))
    # the II Corps has Williams (MA 3) and militia (MA 2): it moves at 2
    error = refused(game, March("ii-corps", path(game, "0304", "0305", "0306")))
    assert error.rule == "004 6.13"
    marched = next(e for e in game.apply(March("ii-corps", path(game, "0304", "0305")))
                   if isinstance(e, Marched))
    assert (marched.terms[0].label, marched.terms[0].value, marched.terms[0].rule) == (
        "movement allowance of its slowest unit, u2", 2, "004 16.2")
    assert state_of(game).pieces["u1"].hex == game.map.parse("0305")
    # a rostered unit does not march on its own
    assert refused(game, March("u1", path(game, "0306"))).rule == "004 16.16"


def test_units_join_and_leave_rosters_freely_but_not_to_dodge_the_rules_16_16() -> None:
    game = hazel_game()
    game.apply(Release("u2"))  # the militia off the II Corps' roster: it now moves at 3
    assert state_of(game).pieces["ii-corps"].roster == ("u1",)  # type: ignore[union-attr]
    game.apply(Assign("u3", "army-va"))
    assert refused(game, Assign("u6", "army-va")).rule == "004 16.16"  # not in its hex
    game.apply(EndPhase())
    game.dice.forced = [1]
    game.apply(RollInitiative("banks"))
    game.apply(March("ii-corps", path(game, "0304", "0305", "0306")))
    # having moved, the corps may not shed Williams (a roster change would dodge 16.2)
    error = refused(game, Release("u1"))
    assert error.rule == "004 16.16" and "dodge" in error.reason


@pytest.mark.parametrize(("old", "new", "says", "line_has"), [
    ('at: "0303"}\n  - {id: u2', 'at: "9999"}\n  - {id: u2', "9999", "id: u1"),
    ('at: "Hazelton, VA"}', 'at: "Hazeltown, VA"}', "no place 'Hazeltown, VA'", "Hazeltown"),
    ("sp: 8,", "sp: 80,", "80", "sp: 80"),
    ("roster: [u1, u2]", "roster: [u1, u3]", "does not stand with ii-corps", "u3"),
    ("commander: banks", "commander: jackson",
     "commander names jackson, defined on line 25 among the leaders, but it must be a union "
     "leader (10.1)", "jackson"),
    ("roster: [u1, u2]", "roster: [u1, c2]", "roster names c2, defined on line 39 among the "
     "divisions, but it must be a union division or train (16.16)", "c2"),
    ("forts:\n", "ships:\n  - {id: s1, side: union, vessel: gunboat, at: \"0302\"}\nforts:\n",
     "not on navigable water", "id: s1"),
])
def test_a_bad_scenario_says_what_and_where(tmp_path: Path, old: str, new: str, says: str,
                                           line_has: str) -> None:
    text = HAZEL.read_text(encoding="utf-8")
    assert old in text
    (tmp_path / "small_theatre.yaml").write_text(SMALL_MAP.read_text(encoding="utf-8"))
    bad = tmp_path / "hazel.yaml"
    bad.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(DataError) as error:
        Game.from_scenario(bad)
    problem = error.value.problems[0]
    assert says in problem.message and problem.file == str(bad)
    assert line_has in bad.read_text().splitlines()[problem.line - 1]


def test_brigades_and_released_units_must_fit_the_hex() -> None:
    game = hazel_game()
    # 0303 holds Williams (u1) and the militia (u2) on the II Corps' roster, off the map
    # display; three divisions put on the map there fill it
    for i in range(3):
        add(game, Division(f"f{i}", Side.UNION, f"f{i}", Arm.INFANTRY, 5, 3,
                           game.map.parse("0303")))
    error = refused(game, SplitBrigade("f0", 1))
    assert error.rule == "R&C strategic stacking"
    error = refused(game, Release("u2"))
    assert error.rule == "004 16.16" and "at most 3 units" in error.reason


@pytest.mark.parametrize(("deleted", "says", "line_has"), [
    ("  - {id: u2,", "roster names u2, but no union division or train u2 is defined in this "
     "scenario (16.16; the divisions are listed from line 31)", "roster: [u1, u2]"),
    ("  - {id: banks,", "commander names banks, but no union leader banks is defined in this "
     "scenario (10.1; the leaders are listed from line 19)", "commander: banks"),
    ("  - {id: halleck,", "subordinate_to names halleck, but no leader halleck is defined in "
     "this scenario (10.1; the leaders are listed from line 19)", "subordinate_to: halleck"),
])
def test_a_piece_named_but_defined_nowhere_is_said_so_where_it_is_named(
        tmp_path: Path, deleted: str, says: str, line_has: str) -> None:
    """A definition deleted (or an id misspelt) leaves the rosters, commanders and superiors that
    name it dangling: the message says plainly that nothing of that id is defined, at the line
    that names it, and where the list it belongs in begins (fuzz bench: 40 such deletions)."""
    lines = HAZEL.read_text(encoding="utf-8").splitlines(keepends=True)
    kept = [line for line in lines if not line.startswith(deleted)]
    assert len(kept) == len(lines) - 1
    (tmp_path / "small_theatre.yaml").write_text(SMALL_MAP.read_text(encoding="utf-8"))
    bad = tmp_path / "hazel.yaml"
    bad.write_text("".join(kept), encoding="utf-8")
    with pytest.raises(DataError) as error:
        load_strategic(bad)
    problem = error.value.problems[0]
    assert problem.message == says
    assert line_has in kept[problem.line - 1]


def test_ships_carry_a_name_players_understand(tmp_path: Path) -> None:
    """A ship is named by the scenario (`name:`) or, where it gives none, by its side, what
    it is and the place it starts at (R&C strategic ship names): never only its id."""
    text = HAZEL.read_text(encoding="utf-8")
    (tmp_path / "small_theatre.yaml").write_text(SMALL_MAP.read_text(encoding="utf-8"))
    ships = ("ships:\n"
             "  - {id: s1, side: union, vessel: gunboat, at: \"0405\"}\n"
             "  - {id: s2, side: union, vessel: transport, at: \"0405\", name: Porter's fleet}\n"
             "forts:\n")
    named = tmp_path / "hazel.yaml"
    named.write_text(text.replace("forts:\n", ships, 1), encoding="utf-8")
    pieces = {p.id: p for p in load_strategic(named).pieces}
    s1, s2 = pieces["s1"], pieces["s2"]
    assert isinstance(s1, Ship) and isinstance(s2, Ship)
    assert s1.name == "Union gunboat flotilla (0405)"  # no place named there: its hex
    assert s2.name == "Porter's fleet"
    east = {p.id: p for p in load_strategic(EAST_1862).pieces}
    monroe = east["us_hampton_roads"]
    assert isinstance(monroe, Ship) and monroe.name == "Union gunboat flotilla (Fort Monroe)"
