"""Headless games: computer players on both sides, the log as text, and the result.

    gameapp run SCENARIO --ai both|usa|csa|none --difficulty easy|normal|hard --seed N [--turns K]
                         [--fog]

The players come from the AI the scenario's ruleset registered (gameapp/ai/registry.py); the
sides the AI does not play are played by its seeded random player, so `--ai none` is random
against random. Each choice a player explains (`decide`) is kept with its one-line explanation,
printed beside the log entry it made, and what each action did is printed under it in the words
of the window's log (gameapp/present/event_words.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from gameapp.ai.rca import ExplainingPlayer
from gameapp.ai.registry import RANDOM_LEVEL, Player, make_player
from gameapp.ai.settings import Difficulty
from gameapp.core.engine import Game
from gameapp.core.events import Event
from gameapp.core.rules.victory import VictoryResult
from gameapp.core.units import Side
from gameapp.present.event_words import game_names, reason_words, report_lines

MAX_ACTIONS = 200_000  # a game of random play that takes more has stopped making progress
AI_SIDES = {"both": (Side.UNION, Side.CONFEDERATE), "usa": (Side.UNION,),
            "union": (Side.UNION,), "csa": (Side.CONFEDERATE,),
            "confederate": (Side.CONFEDERATE,), "none": ()}


@dataclass(frozen=True)
class HeadlessGame:
    game: Game
    result: VictoryResult
    actions: int
    reasons: dict[int, str] = field(default_factory=dict)  # log index -> the AI's explanation
    notes: dict[int, list[str]] = field(default_factory=dict)  # log index -> what it did


def log_lines(game: Game, reasons: dict[int, str] | None = None,
              notes: dict[int, list[str]] | None = None) -> Iterator[str]:
    """Each log entry on a line (with the AI's reason), then what it did, indented."""
    for i, entry in enumerate(game.log):
        side = entry.side.label if entry.side else "-"
        dice = " ".join(f"[{r.d66 if len(r.dice) == 2 else r.dice[0]}]" for r in entry.rolls)
        line = f"T{entry.turn} {side:11} {entry.phase.value:10} {entry.notation} {dice}".rstrip()
        why = (reasons or {}).get(i)
        yield f"{line}  # {why}" if why else line
        yield from (f"    {note}" for note in (notes or {}).get(i, ()))


def make_players(seed: int, ai: str = "none", difficulty: Difficulty | dict[Side, Difficulty]
                 = Difficulty.NORMAL, fog: bool = False, ruleset: str = "tactical"
                 ) -> dict[Side, Player]:
    """The ruleset's AI for the sides `ai` names (both, usa, csa or none), its random players
    for the rest; with `fog` the AI sees only what its side can see (ai/fog.py)."""
    if ai not in AI_SIDES:
        raise ValueError(f"--ai {ai!r}: expected one of {', '.join(AI_SIDES)}")
    levels = difficulty if isinstance(difficulty, dict) else dict.fromkeys(Side, difficulty)
    return {side: make_player(ruleset, side, levels[side].value, seed, fog)
            if side in AI_SIDES[ai] else make_player(ruleset, side, RANDOM_LEVEL, seed)
            for side in Side}


def play(path: str | Path | Game, seed: int, turns: int | None = None,
         on_action: Callable[[Game, list[Event]], None] | None = None,
         players: Mapping[Side, Player] | None = None) -> HeadlessGame:
    """Play the scenario to its end or for `turns` turns: random players on both sides unless
    `players` are given (make_players)."""
    game = path if isinstance(path, Game) else Game.from_scenario(path, seed=seed)
    players = players or make_players(seed, ruleset=game.scenario.ruleset)
    last = game.scenario.clock.last_turn if turns is None else \
        min(game.scenario.clock.last_turn, game.scenario.clock.first_turn + turns - 1)
    count = 0
    reasons: dict[int, str] = {}
    notes: dict[int, list[str]] = {}
    while not game.is_over and game.state.turn <= last:
        side = game.acting_side
        if side is None:
            raise RuntimeError(f"nobody to act in the {game.phase.value} phase")
        player = players[side]
        if isinstance(player, ExplainingPlayer):
            choice = player.decide(game)
            action = choice.action
            reasons[len(game.log)] = reason_words(game, choice.why)
        else:
            action = player.choose(game)
        events = game.apply(action)
        count += 1
        lines = report_lines(events, game.map.hex_id, game_names(game))
        if lines:
            notes[len(game.log) - 1] = lines
        if on_action is not None:
            on_action(game, events)
        if count > MAX_ACTIONS:
            raise RuntimeError(f"no end after {MAX_ACTIONS} actions")
    return HeadlessGame(game, game.result(), count, reasons, notes)
