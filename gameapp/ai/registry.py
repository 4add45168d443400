"""The computer players of each ruleset, found by the ruleset's name (the scenario's `ruleset:`).

A ruleset's AI registers a factory and the levels it offers, and is found by the name:

    def skirmish_player(side: Side, level: str, seed: int, fog: bool) -> Player:
        return RCAPlayer(side, [Shoot(side), Advance(side)], end=end_turn)

    register_ai("skirmish", skirmish_player, levels=("normal",))
    player = make_player("skirmish", Side.UNION, seed=3)

The factory usually returns an `rca.RCAPlayer` over the ruleset's candidate actions, or a player
of its own built on `rca.decide` (one that keeps memory its candidate actions share, as the
tactical `AIPlayer` does). The AIs that ship with the program are registered by
`gameapp/ai/rulesets.py`, imported on the first look-up; a ruleset defined elsewhere (a plug-in,
a test) calls `register_ai` itself.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from gameapp.core.engine import Game
from gameapp.core.units import Side

BUILT_IN = "gameapp.ai.rulesets"  # the module that registers the AIs shipped with the program
RANDOM_LEVEL = "random"  # by convention, the level of a ruleset's seeded random player


class Player(Protocol):
    """A computer player: an action for its side whenever the engine asks."""

    def choose(self, game: Game) -> Any:
        """An action of the game's ruleset, legal now."""
        ...


class PlayerFactory(Protocol):
    def __call__(self, side: Side, level: str, seed: int, fog: bool) -> Player:
        """A player for `side` at `level` (one of the registered levels); its randomness seeded
        from `seed`; with `fog`, seeing only what its side can see (if it can)."""
        ...


class UnknownAIError(LookupError):
    """No AI is registered for that ruleset, or it has no such level."""


@dataclass(frozen=True)
class RulesetAI:
    ruleset: str
    factory: PlayerFactory
    levels: tuple[str, ...]
    default: str

    def player(self, side: Side, level: str | None = None, seed: int = 0,
               fog: bool = False) -> Player:
        chosen = level or self.default
        if chosen not in self.levels:
            raise UnknownAIError(f"the {self.ruleset} AI has no level {chosen!r} (it has "
                                 f"{', '.join(self.levels)})")
        return self.factory(side, chosen, seed, fog)


_AIS: dict[str, RulesetAI] = {}
_built_in_loaded = False


def register_ai(ruleset: str, factory: PlayerFactory, levels: Sequence[str],
                default: str | None = None) -> RulesetAI:
    """Register (or replace) the computer players of `ruleset`; `default` is the level played
    when none is named (the first level unless given)."""
    if not levels:
        raise ValueError(f"the {ruleset} AI must offer at least one level")
    if default is not None and default not in levels:
        raise ValueError(f"the {ruleset} AI's default level {default!r} is not one of its levels")
    _load_built_in()  # so a registration made here replaces a built-in one, never the reverse
    entry = RulesetAI(ruleset, factory, tuple(levels), default or levels[0])
    _AIS[ruleset] = entry
    return entry


def unregister_ai(ruleset: str) -> None:
    _AIS.pop(ruleset, None)


def ai_for(ruleset: str) -> RulesetAI:
    """The registered AI of `ruleset`; UnknownAIError, naming those known, if there is none."""
    _load_built_in()
    try:
        return _AIS[ruleset]
    except KeyError:
        known = ", ".join(sorted(_AIS)) or "none"
        raise UnknownAIError(f"no computer player for the ruleset {ruleset!r} (known: {known})"
                             ) from None


def make_player(ruleset: str, side: Side, level: str | None = None, seed: int = 0,
                fog: bool = False) -> Player:
    """A player of `ruleset` for `side` at `level` (the ruleset's default level when None)."""
    return ai_for(ruleset).player(side, level, seed, fog)


def _load_built_in() -> None:
    global _built_in_loaded
    if not _built_in_loaded:
        _built_in_loaded = True
        importlib.import_module(BUILT_IN)
