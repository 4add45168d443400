"""The computer's side in the window: it acts through the controller whenever its side is to
act, and stops when the human's decision comes; it explains each action in the log; the player
may pause it and step through its turn, and may not act for it."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from gameapp.core.actions import EndPhase
from gameapp.core.engine import Game
from gameapp.core.newgame import PlayerChoice, PlayerKind
from gameapp.core.phases import Phase
from gameapp.core.units import Side
from gameapp.ui.computer import RANDOM, describe
from gameapp.ui.main_window import MainWindow
from gameapp.ui.pace import Pace
from gameapp.ui.panels.log_panel import NOTE_INDENT, WHY

DUEL = Path(__file__).resolve().parents[1] / "data" / "scenarios" / "duel.yaml"
DEMO = Path(__file__).resolve().parents[2] / "scenarios" / "demo.yaml"
COMPUTER = PlayerChoice(PlayerKind.COMPUTER, RANDOM)
NORMAL = PlayerChoice(PlayerKind.COMPUTER, "normal")
HUMAN = PlayerChoice()


def instant_window(qtbot: QtBot) -> MainWindow:
    """A window whose computer plays with the animation off and no pause between actions."""
    window = MainWindow()
    qtbot.addWidget(window)
    window.computer.set_pace(Pace.INSTANT)
    return window


def test_the_computer_plays_its_side_until_the_humans_decision(qtbot: QtBot) -> None:
    window = instant_window(qtbot)
    players = {Side.UNION: COMPUTER, Side.CONFEDERATE: PlayerChoice()}
    window.start_game(Game.from_scenario(DUEL, seed=3), players)
    game = window.controller.game
    assert game is not None and game.acting_side is Side.UNION
    # the Union moves, then ends its movement phase; in its fire phase the Confederates shoot
    # first (1.23): the human's decision, where the computer stops
    qtbot.waitUntil(lambda: game.acting_side is Side.CONFEDERATE, timeout=20_000)
    assert game.log and all(entry.side is Side.UNION for entry in game.log)
    assert game.log[-1].notation == "end-phase"
    assert window.computer.to_play() is None and not window.computer.step()
    assert window.pages.currentWidget() is window.view  # one human: no handover


def test_the_players_in_words() -> None:
    assert describe({Side.UNION: COMPUTER, Side.CONFEDERATE: PlayerChoice()}) == (
        "Union: computer (random), Confederate: human")


def test_each_level_makes_its_player() -> None:
    from gameapp.ai.player import AIPlayer
    from gameapp.ai.random_player import RandomPlayer
    from gameapp.ai.settings import Difficulty
    from gameapp.ui.computer import make_player

    hard = make_player(Side.UNION, PlayerChoice(PlayerKind.COMPUTER, "hard"), seed=4)
    assert isinstance(hard, AIPlayer) and hard.difficulty is Difficulty.HARD and hard.seed == 4
    assert isinstance(make_player(Side.UNION, COMPUTER), RandomPlayer)


def test_the_players_come_from_the_ai_the_ruleset_registered() -> None:
    """A ruleset's own AI (here one registered by the test, with no random player) plays its
    levels; no level or an unknown one falls back to its default level."""
    from gameapp.ai.rca import Choice, RCAPlayer
    from gameapp.ai.registry import Player, register_ai, unregister_ai
    from gameapp.ui.computer import make_player

    made: list[str] = []

    def toy(side: Side, level: str, seed: int, fog: bool) -> Player:
        made.append(level)
        return RCAPlayer(side, [], end=lambda game: Choice(EndPhase(), "ends its part"))

    register_ai("toy", toy, levels=("normal", "clever"), default="clever")
    try:
        for level in ("normal", "", "brutal"):
            player = make_player(Side.UNION, PlayerChoice(PlayerKind.COMPUTER, level),
                                 ruleset="toy")
            assert isinstance(player, RCAPlayer) and player.side is Side.UNION
        assert made == ["normal", "clever", "clever"]
    finally:
        unregister_ai("toy")


def test_a_human_against_the_ai_goes_through_the_computers_whole_turn(qtbot: QtBot) -> None:
    """The human (Union, first) ends its phases; the computer (normal) plays its part of the
    Union fire phase and then its whole player turn, with the animation off; then the next
    turn is the human's, and each of the computer's actions has its reason in the log."""
    window = instant_window(qtbot)
    window.start_game(Game.from_scenario(DEMO, seed=5), {Side.UNION: HUMAN,
                                                          Side.CONFEDERATE: NORMAL})
    game = window.controller.game
    assert game is not None
    while game.state.turn == 1:
        if game.acting_side is Side.UNION:
            decision = game.pending_decision
            action = decision.options[0].action if decision is not None else EndPhase()
            assert window.controller.apply(action)
        else:  # the computer's: it plays until the human is asked again, or the turn ends
            qtbot.waitUntil(lambda: game.acting_side is Side.UNION or game.state.turn > 1,
                            timeout=120_000)
    assert game.state.turn == 2 and game.phase is Phase.MOVEMENT
    assert game.acting_side is Side.UNION and window.computer.to_play() is None
    theirs = [i for i, entry in enumerate(game.log) if entry.side is Side.CONFEDERATE]
    phases = {game.log[i].phase for i in theirs}
    assert {Phase.MOVEMENT, Phase.FIRE} <= phases  # its own movement phase, and its shots
    assert all(window.computer.reasons.get(i) for i in theirs)
    assert not any(i in window.computer.reasons for i, entry in enumerate(game.log)
                   if entry.side is Side.UNION)
    lines = window.log_panel.lines()
    why = [line for line in lines if line.startswith(NOTE_INDENT + WHY)]
    assert len(why) == len(theirs)
    # each reason stands first under its own action
    first = theirs[0]
    at = lines.index(next(line for line in lines if game.log[first].notation in line))
    assert lines[at + 1] == f"{NOTE_INDENT}{WHY}{window.computer.reasons[first]}"


def test_paused_the_computer_waits_and_step_takes_exactly_one_action(qtbot: QtBot) -> None:
    window = instant_window(qtbot)
    computer = window.computer
    computer.pause()
    window.start_game(Game.from_scenario(DEMO, seed=3), {Side.UNION: NORMAL,
                                                          Side.CONFEDERATE: HUMAN})
    game = window.controller.game
    assert game is not None and computer.to_play() is not None
    qtbot.wait(100)
    assert game.log == []  # paused: nothing happens
    assert window.computer_controls.step_action.isEnabled()
    assert computer.advance()
    assert len(game.log) == 1 and game.log[0].side is Side.UNION
    qtbot.wait(100)
    assert len(game.log) == 1  # still paused after the step
    assert computer.advance()
    assert len(game.log) == 2
    # the player at the screen may look, but not act for the computer's side
    messages: list[str] = []
    window.controller.message.connect(messages.append)
    assert not window.controller.end_phase()
    assert messages == ["Not allowed: the computer is playing the Union side"]
    assert not window.actions_by_id["end_phase"].isEnabled()
    assert not window.actions_by_id["undo"].isEnabled()  # nor take back the computer's moves
    window.controller.undo()
    assert messages[-1] == "Not allowed: the computer is playing the Union side"
    assert len(game.log) == 2
    computer.resume()
    assert not computer.paused and window.computer_controls.pause_action.text().startswith(
        "&Pause")
    qtbot.waitUntil(lambda: game.acting_side is Side.CONFEDERATE, timeout=60_000)
    assert window.actions_by_id["end_phase"].isEnabled()  # the human's turn: free again


def test_the_pause_and_step_entries_drive_the_computer(qtbot: QtBot) -> None:
    window = instant_window(qtbot)
    controls = window.computer_controls
    assert not controls.pause_action.isVisible()  # no computer plays: no controls
    window.start_game(Game.from_scenario(DEMO, seed=3), {Side.UNION: COMPUTER,
                                                          Side.CONFEDERATE: HUMAN})
    game = window.controller.game
    assert game is not None
    assert controls.pause_action.isVisible() and not controls.step_action.isEnabled()
    controls.pause_action.trigger()  # before the computer's first tick
    assert window.computer.paused and controls.pause_action.isChecked()
    assert controls.pause_action.text() == "&Resume the computer"
    assert [k.toString() for k in controls.pause_action.shortcuts()] == ["Space", "Pause"]
    assert controls.step_action.shortcut().toString() == "N"
    controls.step_action.trigger()
    assert len(game.log) == 1
    qtbot.wait(50)
    assert len(game.log) == 1
    controls.pause_action.trigger()
    assert not window.computer.paused
    qtbot.waitUntil(lambda: len(game.log) > 1, timeout=30_000)


def test_with_hiding_on_the_computer_sees_only_what_its_side_sees(qtbot: QtBot) -> None:
    from gameapp.ai.player import AIPlayer

    window = instant_window(qtbot)
    window.computer.pause()
    window.start_game(Game.from_scenario(DUEL, seed=3), {Side.UNION: HUMAN,
                                                          Side.CONFEDERATE: NORMAL},
                      hide_unseen=True)
    player = window.computer.players[Side.CONFEDERATE]
    assert isinstance(player, AIPlayer) and player.fog
    window.start_game(Game.from_scenario(DUEL, seed=3), {Side.UNION: HUMAN,
                                                          Side.CONFEDERATE: NORMAL})
    player = window.computer.players[Side.CONFEDERATE]
    assert isinstance(player, AIPlayer) and not player.fog


def test_when_the_computer_hands_back_the_status_bar_sums_up_its_turn(qtbot: QtBot) -> None:
    """Issue 27, item 12: not only logged: "Union: 3 moves." when it stops for the human."""
    window = instant_window(qtbot)
    players = {Side.UNION: COMPUTER, Side.CONFEDERATE: PlayerChoice()}
    with qtbot.waitSignal(window.computer.summary_ready, timeout=20_000) as said:
        window.start_game(Game.from_scenario(DUEL, seed=3), players)
    game = window.controller.game
    assert game is not None and game.acting_side is Side.CONFEDERATE
    moves = sum(1 for entry in game.log if entry.notation.startswith("move"))
    summary = str(said.args[0]) if said.args else ""
    assert summary.startswith("Union: ")
    assert moves and f"{moves} move" in summary
    assert window.message_label.text() == summary
