"""The strategic log names pieces (gameapp/present/strategic_names.py): what a player reads under
an action, in the dock and in the computer's reasons says 'Williams marched to 0304', 'McDowell's
Army of Virginia', not the ids the notation uses (docs/strategic-rules.md, "Pieces in the log")."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from pathlib import Path

from gameapp.ai.registry import make_player
from gameapp.core.rulesets.strategic.actions import DeclareSpan, March
from gameapp.core.rulesets.strategic.combat import Surrendered
from gameapp.core.rulesets.strategic.events import Boarded, RosterChanged
from gameapp.core.rulesets.strategic.losses import LossLine
from gameapp.core.rulesets.strategic.sieges import FortTaken, Hunger, SiegeRoll, StarvedOut
from gameapp.core.rulesets.strategic.transit import HIT, TURNED_BACK, TransitFire
from gameapp.core.units import Side
from gameapp.headless import play
from gameapp.present.event_words import reason_words, report_lines, words
from gameapp.present.strategic_names import names_list, piece_names, with_names
from tests.rulesets.strategic.positions import command, hazel_game, path, remove, state_of

ROOT = Path(__file__).resolve().parents[2]


def test_each_kind_of_piece_has_a_name_a_player_reads() -> None:
    names = piece_names(hazel_game())
    assert names("u1") == "Williams"  # a division
    assert names("jackson") == "Jackson"  # a leader
    assert names("army-va") == "McDowell's Army of Virginia"  # an HQ: its commander's
    assert names("ii-corps") == "Banks's II Corps"
    assert names("ut1") == "Union supply train ut1"  # a train: no name, its kind and id
    assert names("cd1") == "Confederate depot at Hazelton, VA"  # a depot: where it is
    assert names("ridley") == "Confederate fort at Fort Ridley, VA"
    assert names("nobody") == "nobody"  # an id the game does not know stays


def test_an_hq_whose_name_says_its_commander_is_not_named_twice() -> None:
    game = hazel_game()
    hq = state_of(game).pieces["ii-corps"]
    state_of(game).put(replace(hq, name="II Corps (Banks)"))
    assert piece_names(game)("ii-corps") == "II Corps (Banks)"
    state_of(game).put(replace(hq, commander=None))
    assert piece_names(game)("ii-corps") == "II Corps"


def test_a_march_in_the_log_names_the_piece_and_its_terms() -> None:
    game = hazel_game()
    command(game, "u3")
    events = game.apply(March("u3", path(game, "0303")))
    lines = report_lines(events, game.map.hex_id, piece_names(game))
    marched = next(line for line in lines if "marched" in line)
    assert marched.startswith("Ricketts marched to 0303: 1 of ")
    assert "u3" not in marched
    # without names (a caller that has none) the words still say the id
    assert any(line.startswith("u3 marched to 0303") for line in
               report_lines(events, game.map.hex_id))


def test_a_piece_gone_from_the_map_keeps_its_name() -> None:
    """A surrender's words are made after the pieces left the state: the scenario names them."""
    game = hazel_game()
    remove(game, "c1")
    remove(game, "c3")
    event = Surrendered(("c1", "c3"), "no retreat open", "004 9.32")
    assert words(event, game.map.hex_id, piece_names(game)) == [
        "Ewell, Hill surrendered: no retreat open (004 9.32)"]


def test_lists_of_names_with_commas_are_kept_apart() -> None:
    names = piece_names(hazel_game())
    assert names_list(["u1", "u6"], names) == "Williams, Sigel"
    # a name's own comma would run into the list's commas
    game = hazel_game()
    state_of(game).put(replace(state_of(game).pieces["u3"], name="Ricketts, Manassas"))
    assert names_list(["u3", "u6"], piece_names(game)) == "Ricketts, Manassas; Sigel"


def test_the_other_events_that_name_pieces() -> None:
    game = hazel_game()
    names = piece_names(game)
    hex_id = game.map.hex_id
    roster = RosterChanged("u3", "ii-corps", "004 16.16")
    assert words(roster, hex_id, names) == [
        "Ricketts joined the roster of Banks's II Corps (004 16.16)"]
    taken = FortTaken("ridley", Side.UNION, "004 13.2")
    assert words(taken, hex_id, names) == [
        "The empty Confederate fort at Fort Ridley, VA is taken by the Union side (004 13.2)"]
    boarded = Boarded("u1", game.map.parse("0405"), {"ut1": ("u1", "u2")}, False, ())
    assert words(boarded, hex_id, names) == [
        "Williams embarked at 0405 (Williams, Pennsylvania militia on Union supply train ut1)"]
    siege = SiegeRoll("ridley", "ut1", 4, (), 5, Fraction(2, 3), False, "fort")
    assert words(siege, hex_id, names)[0].startswith(
        "Siege of the Confederate fort at Fort Ridley, VA by the Union supply train ut1: "
        "rolled 4, needed 5 or more")
    hunger = Hunger("ridley", 3, (LossLine("c4", 2, "the garrison first", "004 13.4"),
                                  LossLine("c3", 1, "then the rest", "004 13.4")), "004 13.4")
    assert words(hunger, hex_id, names) == [
        "Hunger in the besieged Confederate fort at Fort Ridley, VA: 3 SP lost (Ridley "
        "garrison -2 (the garrison first, 004 13.4); Hill -1 (then the rest, 004 13.4); "
        "004 13.4)"]
    starved = StarvedOut("ridley", 2, 2, (LossLine("c4", 2, "the garrison first",
                                                  "R&C strategic sieges"),),
                         "R&C strategic sieges")
    assert words(starved, hex_id, names) == [
        "Starved out: the Confederate fort at Fort Ridley, VA, besieged at 2 month-ends "
        "running, surrenders with 2 SP (Ridley garrison -2 (the garrison first, R&C strategic "
        "sieges)); the fort falls (R&C strategic sieges)"]


def test_the_computers_reasons_name_pieces_but_no_other_words() -> None:
    game = hazel_game()
    names = piece_names(game)
    assert with_names("marches u3 to 0303 toward c3 (+1.0 VP)", names) == \
        "marches Ricketts to 0303 toward Hill (+1.0 VP)"
    assert with_names("grant's u33 and c1x stay", names) == "Grant's u33 and c1x stay"
    assert reason_words(game, "takes u1, u2 under command") == \
        "takes Williams, Pennsylvania militia under command"


def test_a_span_the_computer_declares_reads_with_names_in_gameapp_run() -> None:
    game = hazel_game()
    players = {side: make_player("strategic", side, "normal", 1) for side in Side}
    outcome = play(game, 1, 1, players=players)
    said = [why for why in outcome.reasons.values() if "under command" in why]
    assert said, outcome.reasons
    names = piece_names(outcome.game)  # a train's name keeps its id: 'Union supply train ut1'
    ids = {i for i in state_of(outcome.game).pieces if i not in names(i)}
    for why in said:
        assert not set(why.replace(",", " ").split()) & ids, why
    notes = [line for lines in outcome.notes.values() for line in lines]
    assert any(line.startswith(("Williams", "Ricketts", "Sigel", "Ewell", "Hill"))
               for line in notes), notes


def test_a_span_action_keeps_its_notation_with_ids() -> None:
    """The notation is what a saved game and `gameapp run` replay: it keeps the ids."""
    game = hazel_game()
    game.apply(DeclareSpan("mcdowell", ("u3",)))
    assert game.log[-1].notation == "span mcdowell u3"


def test_a_fort_firing_on_passing_ships_names_the_fort_the_ships_and_the_loss() -> None:
    game = hazel_game()
    names = piece_names(game)
    at = game.map.parse("0405")
    hit = TransitFire("ridley", at, ("ut1",), (), "4:7", 6, HIT, {}, None,
                      (LossLine("u1", 1, "the strongest aboard", "R&C strategic transit"),))
    assert words(hit, game.map.hex_id, names) == [
        "The guns of the Confederate fort at Fort Ridley, VA fired on Union supply train ut1: "
        "rolled 6, a ship hit; Williams -1 (the strongest aboard, R&C strategic transit)"]
    back = replace(hit, result=TURNED_BACK, stopped_at=game.map.parse("0404"), lines=())
    assert words(back, game.map.hex_id, names) == [
        "The guns of the Confederate fort at Fort Ridley, VA fired on Union supply train ut1: "
        "rolled 6, turned back (the voyage ends at 0404)"]
