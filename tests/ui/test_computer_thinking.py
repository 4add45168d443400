"""The computer thinks beside the window, not in it: its decision runs on a worker thread on its
own copy of the game, the window's event loop keeps running meanwhile, and a decision made for
a position that is gone is dropped. No garbage is collected on the worker thread (where it would
free Qt objects). Once the computer has acted, the human cannot take its actions back."""

from __future__ import annotations

import gc
import threading
import types
import weakref
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QTimer
from pytestqt.qtbot import QtBot
from shiboken6 import Shiboken

from gameapp.ai.thinking_copy import ThinkingCopy
from gameapp.core.actions import Action, EndPhase
from gameapp.core.engine import Game
from gameapp.core.newgame import PlayerChoice, PlayerKind
from gameapp.core.units import Side
from gameapp.ui import main_thread_gc
from gameapp.ui.computer import RANDOM
from gameapp.ui.controller import COMPUTER_ACTED
from gameapp.ui.main_window import MainWindow
from gameapp.ui.pace import Pace

DUEL = Path(__file__).resolve().parents[1] / "data" / "scenarios" / "duel.yaml"
COMPUTER = PlayerChoice(PlayerKind.COMPUTER, RANDOM)
HUMAN = PlayerChoice()


class GatedPlayer:
    """Ends its part of the phase, but only once the test opens the gate; notes the thread it
    was asked on and the game it was shown."""

    def __init__(self) -> None:
        self.gate = threading.Event()
        self.asked = threading.Event()
        self.threads: list[threading.Thread] = []
        self.games: list[Game] = []

    def choose(self, game: Game) -> Action:
        self.threads.append(threading.current_thread())
        self.games.append(game)
        self.asked.set()
        assert self.gate.wait(20), "the test never opened the gate"
        return EndPhase()


class Litter:
    """Garbage only the cyclic collector frees: it refers to itself."""

    def __init__(self) -> None:
        self.me = self


class LitteringPlayer(GatedPlayer):
    """Once the gate opens, leaves on its thread cyclic garbage enough for several automatic
    collections (as a reach search's allocations do), then ends its part of the phase."""

    def __init__(self) -> None:
        super().__init__()
        self.litter: list[weakref.ref[Litter]] = []
        self.littered = threading.Event()

    def choose(self, game: Game) -> Action:
        action = super().choose(game)
        for _ in range(5 * max(gc.get_threshold()[0], 100)):
            self.litter.append(weakref.ref(Litter()))
        self.littered.set()
        return action


@pytest.fixture
def collecting_threads() -> Iterator[list[threading.Thread]]:
    """The thread of every cyclic collection that starts during the test."""
    threads: list[threading.Thread] = []

    def note(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            threads.append(threading.current_thread())

    gc.callbacks.append(note)
    try:
        yield threads
    finally:
        gc.callbacks.remove(note)


def _window_with_gated_union(qtbot: QtBot, gated: GatedPlayer | None = None
                             ) -> tuple[MainWindow, Game, GatedPlayer]:
    window = MainWindow()
    qtbot.addWidget(window)
    window.computer.set_pace(Pace.INSTANT)
    window.computer.pause()
    game = Game.from_scenario(DUEL, seed=3)
    window.start_game(game, {Side.UNION: COMPUTER, Side.CONFEDERATE: HUMAN})
    gated = gated or GatedPlayer()
    window.computer.players[Side.UNION] = gated
    window.computer.resume()
    qtbot.waitUntil(gated.asked.is_set, timeout=10_000)
    return window, game, gated


def test_the_computer_thinks_on_another_thread_while_the_window_runs(qtbot: QtBot) -> None:
    window, game, gated = _window_with_gated_union(qtbot)
    assert gated.threads[0] is not threading.main_thread()
    seen = gated.games[0]
    assert isinstance(seen, ThinkingCopy) and seen is not game and seen.state == game.state
    ticks: list[int] = []
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(1))
    timer.start(10)
    qtbot.wait(200)  # the decision is still being made ...
    timer.stop()
    assert len(ticks) >= 5  # ... and the window's event loop kept running
    assert game.log == []
    assert window.computer.hold() == "the computer is playing the Union side"
    gated.gate.set()
    qtbot.waitUntil(lambda: len(game.log) == 1, timeout=10_000)
    assert game.log[0].notation == "end-phase" and game.log[0].side is Side.UNION


def test_a_decision_for_a_game_that_is_gone_is_dropped(qtbot: QtBot) -> None:
    window, game, gated = _window_with_gated_union(qtbot)
    threading.Timer(0.2, gated.gate.set).start()  # the new game waits for the old decision
    fresh = Game.from_scenario(DUEL, seed=4)
    window.start_game(fresh, {Side.UNION: HUMAN, Side.CONFEDERATE: HUMAN})
    qtbot.wait(200)
    assert gated.gate.is_set() and len(gated.threads) == 1
    assert fresh.log == [] and game.log == []  # applied to neither game


def test_no_garbage_is_collected_on_the_computers_thread(
        qtbot: QtBot, collecting_threads: list[threading.Thread]) -> None:
    """A cyclic collection frees whatever cycles the process holds, Qt objects among them,
    on the thread that runs it: never the worker's. The worker's garbage is collected all the
    same, on the window's thread, and automatic collection is back once the decision is in."""
    littering = LitteringPlayer()
    _window, game, _ = _window_with_gated_union(qtbot, littering)
    littering.gate.set()
    qtbot.waitUntil(lambda: len(game.log) == 1, timeout=10_000)
    assert littering.littered.is_set()
    assert littering.threads[0] not in collecting_threads
    qtbot.waitUntil(gc.isenabled, timeout=10_000)
    assert threading.main_thread() in collecting_threads
    assert all(ref() is None for ref in littering.litter)
    assert not main_thread_gc.collections_held()


def test_a_decision_left_running_by_a_closed_window_collects_nothing_on_its_thread(
        qtbot: QtBot, collecting_threads: list[threading.Thread]) -> None:
    """Closing the window leaves the decision under way to finish: until it has, collection
    stays on the window's thread."""
    littering = LitteringPlayer()
    window, game, _ = _window_with_gated_union(qtbot, littering)
    window.computer.shut_down()
    littering.gate.set()
    qtbot.waitUntil(littering.littered.is_set, timeout=10_000)
    assert littering.threads[0] not in collecting_threads
    qtbot.waitUntil(gc.isenabled, timeout=10_000)  # given back once the decision is done
    assert game.log == []  # nobody took the decision


def _qt_objects_reached(start: Any) -> list[str]:
    """The Qt objects reachable from `start` through data (not through code: a function's
    globals reach its whole module; a bound method is followed to its object)."""
    seen: set[int] = set()
    todo, found = [start], []
    while todo:
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, type | types.ModuleType | types.FunctionType
                                         | types.BuiltinFunctionType | types.CodeType):
            continue
        seen.add(id(obj))
        if isinstance(obj, Shiboken.Object):  # every Qt wrapper, subclasses too
            found.append(type(obj).__name__)
        todo += [obj.__self__] if isinstance(obj, types.MethodType) else gc.get_referents(obj)
    return found


def test_the_worker_is_handed_no_qt_object(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    """What the worker thinks with (the computer player and its copy of the game) reaches no
    Qt object: it can neither touch one nor keep one alive on its thread."""
    handed: list[tuple[Any, ...]] = []
    submit = main_thread_gc.Worker.submit

    def noting(worker: main_thread_gc.Worker, fn: Any, *args: Any) -> Any:
        handed.append((fn, *args))
        return submit(worker, fn, *args)

    monkeypatch.setattr(main_thread_gc.Worker, "submit", noting)
    window = MainWindow()
    qtbot.addWidget(window)
    window.computer.set_pace(Pace.INSTANT)
    game = Game.from_scenario(DUEL, seed=3)
    window.start_game(game, {Side.UNION: PlayerChoice(PlayerKind.COMPUTER, "normal"),
                             Side.CONFEDERATE: HUMAN})
    qtbot.waitUntil(lambda: len(game.log) >= 1, timeout=20_000)
    window.computer.pause()
    assert handed
    assert _qt_objects_reached(handed[0][1:]) == []
    assert "ComputerTurns" in _qt_objects_reached(window.controller)  # the search finds them


def test_the_human_cannot_take_back_what_the_computer_did(qtbot: QtBot) -> None:
    """The computer (Union) moves and ends its movement phase; the Confederates shoot first in
    the fire phase (1.23), the human's decision. The engine could undo the computer's last
    action (it showed no dice), but the window does not let the human take it back; the
    menu entry's tooltip and the message say why."""
    window = MainWindow()
    qtbot.addWidget(window)
    window.computer.set_pace(Pace.INSTANT)
    game = Game.from_scenario(DUEL, seed=3)
    window.start_game(game, {Side.UNION: COMPUTER, Side.CONFEDERATE: HUMAN})
    qtbot.waitUntil(lambda: game.acting_side is Side.CONFEDERATE, timeout=20_000)
    window.computer.pause()
    assert game.log[-1].notation == "end-phase" and game.log[-1].side is Side.UNION
    assert game.can_undo  # the engine alone would allow it
    undo = window.actions_by_id["undo"]
    assert not undo.isEnabled()
    assert "the computer has acted since" in undo.toolTip()
    messages: list[str] = []
    window.controller.message.connect(messages.append)
    count = len(game.log)
    window.controller.undo()
    assert len(game.log) == count
    assert messages == [f"Not allowed: {COMPUTER_ACTED}"]
