"""What the strategic board's gestures would do now (Qt-free), each answer taken from the
rules' own listing, so that a gesture offers only what `game.apply` accepts:

- a picked piece's rail moves (6.5) and a picked ship's voyages, one a hex;
- the advance after a battle offered into the hex the defenders left (advance.py);
- the stack commands of a hex: brigades split off (3.25), units assigned to or released from an
  HQ's roster (16.16), troops embarking on or landing from a transport (9.5), detraining, each
  with the words of its menu entry.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from gameapp.core.engine import Game
from gameapp.core.hexgrid import Hex
from gameapp.core.rulesets.strategic.actions import (
    Advance,
    Assign,
    Detrain,
    Embark,
    Land,
    March,
    Rail,
    Release,
    Sail,
    SplitBrigade,
)
from gameapp.core.rulesets.strategic.queries import strategic_state

StackAction = SplitBrigade | Assign | Release | Embark | Land | Detrain


@dataclass(frozen=True)
class StackCommand:
    """One entry of a stack's command menu: its words and the action it applies."""

    text: str
    action: StackAction


def rail_options(game: Game, piece_id: str, legal: Iterable[Any] | None = None
                 ) -> dict[Hex, Rail]:
    """Where `piece_id` may go by rail now (`legal`: the listing, if already made)."""
    strategic_state(game)
    return {a.to: a for a in (game.legal_actions() if legal is None else legal)
            if isinstance(a, Rail) and a.piece == piece_id}


def sail_options(game: Game, ship_id: str, legal: Iterable[Any] | None = None
                 ) -> dict[Hex, Sail]:
    """Where the ship `ship_id` may sail now, the shortest voyage to each water hex."""
    strategic_state(game)
    found: dict[Hex, Sail] = {}
    for action in game.legal_actions() if legal is None else legal:
        if isinstance(action, Sail) and action.ship == ship_id and action.path:
            to = action.path[-1]
            if to not in found or len(action.path) < len(found[to].path):
                found[to] = action
    return found


def movable(game: Game) -> list[str]:
    """The pieces that may move now, in listing order: those of the force being moved that
    may march or go by rail, and the ships that may sail (no command needed, 5.27)."""
    strategic_state(game)
    found: dict[str, None] = {}
    for a in game.legal_actions():
        if isinstance(a, March | Rail):
            found[a.piece] = None
        elif isinstance(a, Sail):
            found[a.ship] = None
    return list(found)


def advance_into(game: Game, h: Hex) -> Advance | None:
    """The advance into `h` the rules list first (the strongest units that fit together)."""
    strategic_state(game)
    return next((a for a in game.legal_actions() if isinstance(a, Advance) and a.target == h),
                None)


def stack_commands(game: Game, pieces: Iterable[str]) -> list[StackCommand]:
    """The organisation and transport commands legal now for the pieces of a stack."""
    state = strategic_state(game)
    here = set(pieces)
    for ship in [state.pieces[i] for i in here if i in state.pieces]:
        here |= set(getattr(ship, "cargo", ()))  # the troops aboard a ship in the stack

    def name(i: str) -> str:
        return str(getattr(state.pieces.get(i), "name", i))

    found: list[StackCommand] = []
    for action in game.legal_actions():
        text = _text(action, here, name)
        if text is not None:
            found.append(StackCommand(text, action))
    return found


def _text(action: Any, here: set[str], name: Callable[[str], str]) -> str | None:
    if isinstance(action, SplitBrigade) and action.division in here:
        return f"Split a brigade of {action.sp} SP off {name(action.division)} (3.25)"
    if isinstance(action, Assign) and action.unit in here:
        return f"Assign {name(action.unit)} to {name(action.hq)}'s roster (16.16)"
    if isinstance(action, Release) and action.unit in here:
        return f"Release {name(action.unit)} from its HQ's roster (16.16)"
    if isinstance(action, Embark) and action.unit in here:
        return f"Embark {name(action.unit)} on {name(action.ship)} (9.5)"
    if isinstance(action, Land) and action.unit in here:
        return f"Land {name(action.unit)} (9.5)"
    if isinstance(action, Detrain) and action.piece in here:
        return f"Detrain {name(action.piece)}"
    return None
