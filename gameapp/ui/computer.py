"""The computer's side in the window: the players on offer, and a driver that makes the computer
side's decisions through the controller, one action per tick, so the board redraws between them;
each action is shown (computer_show.py) and explained (`reasons`, for the log), and the player
may pause the computer and step through its turn.

The computer thinks on a worker thread, on its own copy of the game (gameapp/ai/thinking_copy),
so a decision of a second or two on a big map does not freeze the window: the board still pans,
zooms and answers hovering, and Pause still works. The choice is applied on the window's thread,
and only if the position is still the one it was made for. The worker touches no Qt object: it
gets the player and the copy, and the window polls its future; it never runs Python's cyclic
garbage collection (main_thread_gc.Worker), so that no Qt object is ever freed on it.

The seam for gameapp/ai: a computer player is anything with `choose(game) -> Action`, made by
`make_player` from the AI the game's ruleset registered (gameapp/ai/registry.py): for the
tactical and the strategic rulesets the candidate-action player at its three difficulties, or
the random legal player, labelled as what it is.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from concurrent.futures import Future
from typing import Protocol

from PySide6.QtCore import QObject, QTimer, Signal

from gameapp.ai.registry import UnknownAIError, ai_for
from gameapp.ai.settings import Difficulty
from gameapp.ai.thinking_copy import ThinkingCopy, thinking_copy
from gameapp.core.actions import Action, EndPhase, Fire
from gameapp.core.engine import Game
from gameapp.core.newgame import PlayerChoice, PlayerKind, Players
from gameapp.core.units import Side, Unit, UnitDef
from gameapp.present.computer_summary import TurnTally, shot_words
from gameapp.present.event_words import reason_words
from gameapp.ui import main_thread_gc
from gameapp.ui.computer_show import ActionShow
from gameapp.ui.controller import GameController
from gameapp.ui.pace import Pace

log = logging.getLogger(__name__)

RANDOM = "random"
DEFAULT_RULESET = "tactical"  # before a game is started (the players are made again with it)
FAILED = "ends its part of the phase: its player failed: "
POLL_MS = 15  # how often the window looks whether the computer has decided
# difficulty id -> what the new-game dialog calls it
LEVELS: dict[str, str] = {
    **{d.value: f"Computer, {d.value}" for d in Difficulty},
    RANDOM: "Computer (random legal moves: a test opponent)",
}


class ComputerPlayer(Protocol):
    def choose(self, game: Game) -> Action: ...


def make_player(side: Side, choice: PlayerChoice, seed: int = 0, fog: bool = False,
                ruleset: str = DEFAULT_RULESET) -> ComputerPlayer:
    """The ruleset's computer player for `side` at the chosen level (random, or the ruleset's
    default level if it has no random player, for an unknown one); with `fog`, one that sees
    only what its side can see (the random player looks at nothing)."""
    ai = ai_for(ruleset)
    fallback = RANDOM if RANDOM in ai.levels else ai.default
    level = choice.difficulty or fallback
    if level not in ai.levels:
        log.warning("no computer player %r: the %s player plays", level, fallback)
        level = fallback
    return ai.player(side, level, seed, fog)


class ComputerTurns(QObject):
    """Plays the computer's sides: whenever the acting side is the computer's, one action after
    `delay_ms`, through the controller like a human's click, each shown on the board at the
    pace of the preferences (`show`, when there is a board) before the next is chosen.

    Paused, it takes no action until `resume`; `advance` takes exactly one. While the computer's
    side is to act, the player at the screen may look but not act (`hold`). Why it took each
    action is kept by log index (`reasons`) for the log panel."""

    paused_changed = Signal(bool)
    players_changed = Signal()
    reasons_changed = Signal()
    summary_ready = Signal(str)  # what the computer did to the human, when it hands back

    def __init__(self, controller: GameController, delay_ms: int = 150,
                 show: ActionShow | None = None) -> None:
        super().__init__(controller)
        self.controller = controller
        self.delay_ms = delay_ms
        self.show = show
        self.pace = Pace.INSTANT
        self.players: dict[Side, ComputerPlayer] = {}
        self.paused = False
        self.reasons: dict[int, str] = {}  # log index -> why the computer took that action
        self._busy = False  # an action of ours is being applied or shown
        # the decision being thought out on the worker thread: what it is for, and its future
        self._thinking: tuple[tuple[int, int, int, int], Future[tuple[Action, str]]] | None = None
        self._ready: tuple[tuple[int, int, int, int], Action, str] | None = None
        self._generation = 0  # set_players: decisions for the players before are dropped
        self._copies: dict[Side, ThinkingCopy] = {}
        self._tally: TurnTally | None = None  # the computer's actions since it took over
        self._worker = main_thread_gc.Worker("computer")
        self._poll = QTimer(self)
        self._poll.setInterval(POLL_MS)
        self._poll.timeout.connect(self._collect)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._tick)
        controller.state_changed.connect(self._state_changed)
        if show is not None:
            show.finished.connect(self._shown)

    def set_players(self, players: Players, seed: int = 0, fog: bool = False) -> None:
        """Who the computer plays; with `fog` its players see only what their side sees."""
        if self.show is not None:
            self.show.finish()
        if self._thinking is not None:
            self._collect(wait=True)  # one player at a time: the old one finishes first
        self._generation += 1
        self._ready = None
        self._copies.clear()
        game = self.controller.game
        ruleset = game.scenario.ruleset if game is not None else DEFAULT_RULESET
        try:
            self.players = {side: make_player(side, choice, seed, fog, ruleset) for side, choice
                            in players.items() if choice.kind is PlayerKind.COMPUTER}
        except UnknownAIError as error:  # a ruleset without a computer player: people play it
            self.players = {}
            self.controller.message.emit(f"No computer player: {error}")
        self.reasons.clear()
        self._tally = None
        self.reasons_changed.emit()
        self.players_changed.emit()
        self._schedule()

    def set_pace(self, pace: Pace) -> None:
        self.pace = pace
        self.delay_ms = pace.timing.between_ms
        if self.show is not None:
            self.show.timing = pace.timing

    def to_play(self) -> ComputerPlayer | None:
        game = self.controller.game
        if game is None or game.is_over or game.acting_side is None:
            return None
        return self.players.get(game.acting_side)

    def hold(self) -> str | None:
        """Why the player at the screen may not act now, None when they may."""
        game = self.controller.game
        if self.to_play() is None or game is None or game.acting_side is None:
            return None
        return f"the computer is playing the {game.acting_side.label} side"

    # --- pause and step ---------------------------------------------------------------------
    def pause(self) -> None:
        self._timer.stop()
        if not self.paused:
            self.paused = True
            self.paused_changed.emit(True)

    def resume(self) -> None:
        if self.paused:
            self.paused = False
            self.paused_changed.emit(False)
        self._schedule()

    def toggle_pause(self) -> None:
        self.resume() if self.paused else self.pause()

    def advance(self) -> bool:
        """Exactly one action of the computer's (the one being shown is finished first), then
        pause; True if it acted."""
        self.pause()
        if self.show is not None:
            self.show.finish()
        return self.step()

    # --- playing ----------------------------------------------------------------------------
    def step(self) -> bool:
        """Make one decision for the computer's side now, if it is to act (waiting for the one
        being thought out, if any); True if it acted."""
        player, game = self.to_play(), self.controller.game
        if player is None or game is None:
            return False
        if self._thinking is not None:
            self._collect(wait=True)
        ready = self._take_ready(game)
        if ready is None:
            ready = _decide(player, self._copy_of(game))
        return self._act(game, *ready)

    def _think(self) -> None:
        """Start deciding on the worker thread, on the player's own copy of the game, so the
        window keeps drawing and answering meanwhile."""
        player, game = self.to_play(), self.controller.game
        if player is None or game is None or self._thinking is not None:
            return
        copy = self._copy_of(game)  # copied here, on the window's thread
        self._thinking = (self._key(game), self._worker.submit(_decide, player, copy))
        self._poll.start()

    def _collect(self, wait: bool = False) -> None:
        """Take the worker's decision when it is ready (or, with `wait`, once it is); act on it
        unless paused. A decision made for a position that has since changed is dropped."""
        if self._thinking is None:
            return
        key, future = self._thinking
        if not wait and not future.done():
            return
        self._poll.stop()
        self._thinking = None
        action, why = future.result()  # _decide never raises
        self._ready = (key, action, why)
        if not wait:
            self._tick()

    def _take_ready(self, game: Game) -> tuple[Action, str] | None:
        ready, self._ready = self._ready, None
        if ready is None or ready[0] != self._key(game):
            return None
        return ready[1], ready[2]

    def _key(self, game: Game) -> tuple[int, int, int, int]:
        """What a decision was made for: these players, this game, this position."""
        return self._generation, id(game), game.state.revision, len(game.log)

    def _copy_of(self, game: Game) -> ThinkingCopy:
        side = game.acting_side
        assert side is not None
        copy = self._copies[side] = thinking_copy(game, self._copies.get(side))
        return copy

    def _act(self, game: Game, action: Action, why: str) -> bool:
        if why.startswith(FAILED):
            self.controller.message.emit(f"The computer player failed ({why[len(FAILED):]}): "
                                         "it ends its part of the phase")
        prepared = self.show.prepare(action) if self.show is not None else None
        self._busy = True
        try:
            index = len(game.log)
            # before the action, so its log line comes with it; pieces by name
            self.reasons[index] = reason_words(game, why)
            acted = self.controller.apply(action, as_computer=True)
            if not acted:
                # a refused choice would leave the game waiting: the computer ends its part
                self.reasons[index] = f"ends its part of the phase: {action_text(game, action)} " \
                                      "was refused"
                acted = self.controller.apply(game.ruleset.end_step_action(), as_computer=True)
                prepared = None
            if not acted:
                del self.reasons[index]
            else:
                self._count(game, action)
            result = shot_words(self.controller.last_events, self._name_of) \
                if isinstance(action, Fire) else ""
            shown = acted and prepared is not None and self.show is not None \
                and self.show.play(prepared, result)
        finally:
            self._busy = False
        self.reasons_changed.emit()
        if not shown:
            if self._tally is not None and self.to_play() is None:
                self._hand_back()
            self._schedule()
        else:
            self._busy = True  # until the show is over (`_shown`)
        return acted

    def _tick(self) -> None:
        if self.paused or self._busy or self._thinking is not None:
            return
        game = self.controller.game
        if game is not None and self._ready is not None and self.to_play() is not None:
            ready = self._take_ready(game)
            if ready is not None:
                self._act(game, *ready)
                return
        self._think()

    def _shown(self) -> None:
        self._busy = False
        if self._tally is not None and self.to_play() is None:
            self._hand_back()
        self._schedule()

    def _count(self, game: Game, action: Action) -> None:
        side = game.log[-1].side if game.log else None
        if side is None:
            return
        if self._tally is None or self._tally.side is not side:
            self._tally = TurnTally(side)
        self._tally.add(action, self.controller.last_events)

    def _hand_back(self) -> None:
        """The computer has stopped for a human: sum up what it did to that human's side."""
        tally, self._tally = self._tally, None
        if tally is None or not tally.acted or tally.side.other in self.players:
            return  # nothing done, or no human on the other side to tell
        self.summary_ready.emit(tally.summary(self._name_of, self._side_of))

    def _name_of(self, unit_id: str) -> str:
        defn = self._unit_def(unit_id)
        return defn.name if defn is not None else unit_id

    def _side_of(self, unit_id: str) -> Side | None:
        defn = self._unit_def(unit_id)
        return defn.side if defn is not None else None

    def _unit_def(self, unit_id: str) -> UnitDef | None:
        """A unit's printed counter, on the map or gone from it (eliminated, off the map)."""
        game = self.controller.game
        if game is None:
            return None
        unit: Unit | None = game.state.units.get(unit_id)
        if unit is not None:
            return unit.defn
        scenario = game.scenario
        every = [*scenario.units, *(u for r in scenario.reinforcements for u in r.units)]
        return next((u.defn for u in every if u.id == unit_id), None)

    def _state_changed(self) -> None:
        game = self.controller.game
        if self._tally is not None and not self._busy and self.to_play() is None:
            self._hand_back()
        count = len(game.log) if game is not None else 0
        stale = [i for i in self.reasons if i >= count]  # actions taken back
        for i in stale:
            del self.reasons[i]
        if stale:
            self.reasons_changed.emit()
        self._schedule()

    def _schedule(self) -> None:
        if (not self.paused and not self._busy and self._thinking is None
                and self.to_play() is not None and not self._timer.isActive()):
            self._timer.start(self.delay_ms)

    def shut_down(self) -> None:
        """Stop thinking: the window is closing (a decision under way is left to finish)."""
        self.pause()
        self._poll.stop()
        self._thinking = None
        self._worker.close()


def _decide(player: ComputerPlayer, game: Game) -> tuple[Action, str]:
    """`choose`, with a computer player's bug turned into ending its part of the phase: it must
    not take the window down."""
    try:
        return choose(player, game)
    except Exception as error:
        log.exception("the computer player failed")
        return EndPhase(), f"{FAILED}{error}"


def choose(player: ComputerPlayer, game: Game) -> tuple[Action, str]:
    """The player's action and, from a player that explains itself (`decide`), why."""
    decide = getattr(player, "decide", None)
    if callable(decide):
        choice = decide(game)
        return choice.action, str(choice.why)
    return player.choose(game), ""


def action_text(game: Game, action: Action) -> str:
    return action.to_text(game.map.numbering)


def describe(players: Mapping[Side, PlayerChoice]) -> str:
    """'Union: human, Confederate: computer (random)' for the title and the log."""
    parts = []
    for side in Side:
        choice = players.get(side, PlayerChoice())
        who = "human" if choice.is_human else f"computer ({choice.difficulty or RANDOM})"
        parts.append(f"{side.label}: {who}")
    return ", ".join(parts)
