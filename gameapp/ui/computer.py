"""The computer's side in the window: the players on offer, and a driver that makes the computer
side's decisions through the controller, one action per tick, so the board redraws between them;
each action is shown (computer_show.py) and explained (`reasons`, for the log), and the player
may pause the computer and step through its turn.

The seam for gameapp/ai: a computer player is anything with `choose(game) -> Action`, made by
`make_player`: the candidate-action player of gameapp/ai/player.py at its three difficulties,
or the random legal player (gameapp/ai/random_player), labelled as what it is.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Protocol

from PySide6.QtCore import QObject, QTimer, Signal

from gameapp.ai.random_player import RandomPlayer
from gameapp.ai.settings import Difficulty
from gameapp.core.actions import Action, EndPhase
from gameapp.core.engine import Game
from gameapp.core.newgame import PlayerChoice, PlayerKind, Players
from gameapp.core.units import Side
from gameapp.ui.computer_show import ActionShow
from gameapp.ui.controller import GameController
from gameapp.ui.pace import Pace

log = logging.getLogger(__name__)

RANDOM = "random"
# difficulty id -> what the new-game dialog calls it
LEVELS: dict[str, str] = {
    **{d.value: f"Computer, {d.value}" for d in Difficulty},
    RANDOM: "Computer (random legal moves: a test opponent)",
}


class ComputerPlayer(Protocol):
    def choose(self, game: Game) -> Action: ...


def make_player(side: Side, choice: PlayerChoice, seed: int = 0,
                fog: bool = False) -> ComputerPlayer:
    """The computer player for `side` at the chosen level (random for an unknown one); with
    `fog`, one that sees only what its side can see (the random player looks at nothing)."""
    levels = {d.value: d for d in Difficulty}
    if choice.difficulty in levels:
        from gameapp.ai.player import AIPlayer  # the search player: loaded only when it plays

        return AIPlayer(side, seed=seed, difficulty=levels[choice.difficulty], fog=fog)
    if choice.difficulty not in ("", RANDOM):
        log.warning("no computer player %r: the random player plays", choice.difficulty)
    return RandomPlayer(side, seed=seed)


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
        self.players = {side: make_player(side, choice, seed, fog)
                        for side, choice in players.items() if choice.kind is PlayerKind.COMPUTER}
        self.reasons.clear()
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
        """Make one decision for the computer's side, if it is to act; True if it acted."""
        player, game = self.to_play(), self.controller.game
        if player is None or game is None:
            return False
        try:
            action, why = choose(player, game)
        except Exception as error:  # a computer player's bug must not take the window down
            log.exception("the computer player failed")
            self.controller.message.emit(f"The computer player failed ({error}): it ends its "
                                         "part of the phase")
            action, why = EndPhase(), "ends its part of the phase: its player failed"
        prepared = self.show.prepare(action) if self.show is not None else None
        self._busy = True
        try:
            index = len(game.log)
            self.reasons[index] = why  # before the action, so its log line comes with it
            acted = self.controller.apply(action, as_computer=True)
            if not acted:
                # a refused choice would leave the game waiting: the computer ends its part
                self.reasons[index] = f"ends its part of the phase: {action_text(game, action)} " \
                                      "was refused"
                acted = self.controller.apply(EndPhase(), as_computer=True)
                prepared = None
            if not acted:
                del self.reasons[index]
            shown = acted and prepared is not None and self.show is not None \
                and self.show.play(prepared)
        finally:
            self._busy = False
        self.reasons_changed.emit()
        if not shown:
            self._schedule()
        else:
            self._busy = True  # until the show is over (`_shown`)
        return acted

    def _tick(self) -> None:
        if not self.paused and not self._busy:
            self.step()

    def _shown(self) -> None:
        self._busy = False
        self._schedule()

    def _state_changed(self) -> None:
        game = self.controller.game
        count = len(game.log) if game is not None else 0
        stale = [i for i in self.reasons if i >= count]  # actions taken back
        for i in stale:
            del self.reasons[i]
        if stale:
            self.reasons_changed.emit()
        self._schedule()

    def _schedule(self) -> None:
        if (not self.paused and not self._busy and self.to_play() is not None
                and not self._timer.isActive()):
            self._timer.start(self.delay_ms)


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
