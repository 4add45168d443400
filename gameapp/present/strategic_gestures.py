"""What the strategic board's gestures would do now (Qt-free), each answer taken from the
rules' own listing, so that a gesture offers only what `game.apply` accepts:

- a picked piece's rail moves (6.5) and a picked ship's voyages, one a hex;
- the advance after a battle offered into the hex the defenders left (advance.py);
- the stack commands of a hex (its Ctrl+click menu), each with the words of its menu entry:
  brigades split off (3.25), units assigned to or released from an HQ's roster (16.16), troops
  embarking on or landing from a transport (9.5), detraining, a leader's force commanded by an
  order or a die (5.2, 10.14), a unit leaving the map on a detour or coming back at its entry
  hex (7.54), a fort razed (13.4), a naval battle (11.11), each advance the rules list into a
  hex a battle emptied (a plain click takes the first, the strongest that fit) and supply
  burned (12.0: never listed, so asked of the rules' check; the window asks how many points);
- `board_offers`: everything the board's clicks and menus offer now, so that a test can hold
  the listing against it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from gameapp.core.breakdown import IllegalActionError
from gameapp.core.engine import Game
from gameapp.core.hexgrid import Hex
from gameapp.core.rulesets.strategic.actions import (
    Advance,
    Assign,
    BurnSupply,
    Detrain,
    Embark,
    EndPhase,
    GiveOrder,
    GoOffMap,
    Land,
    March,
    NavalAttack,
    Rail,
    RazeFort,
    ReEnter,
    Release,
    RollInitiative,
    Sail,
    SplitBrigade,
)
from gameapp.core.rulesets.strategic.previews import attacks_on
from gameapp.core.rulesets.strategic.queries import (
    command_choices,
    march_options,
    spans_to_declare,
    strategic_state,
)
from gameapp.core.rulesets.strategic.sequence import StrategicPhase
from gameapp.core.rulesets.strategic.supply import holds_supply
from gameapp.present.strategic import chance_text

StackAction = (SplitBrigade | Assign | Release | Embark | Land | Detrain | GiveOrder
               | RollInitiative | GoOffMap | ReEnter | RazeFort | NavalAttack | BurnSupply
               | Advance)


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


def stack_commands(game: Game, h: Hex, pieces: Iterable[str]) -> list[StackCommand]:
    """The commands legal now for the stack on `h` (`pieces`: its pieces): organisation,
    transport, command, detours, forts, naval battles and burning supply."""
    state = strategic_state(game)
    here = set(pieces)
    for ship in [state.pieces[i] for i in here if i in state.pieces]:
        here |= set(getattr(ship, "cargo", ()))  # the troops aboard a ship in the stack

    def name(i: str) -> str:
        away = state.offmap.get(i)
        piece = state.pieces.get(i) if away is None else away.unit
        return str(getattr(piece, "name", "") or i)  # a ship a test made has no name

    legal = list(game.legal_actions())
    chances = ({c.leader: chance_text(c.chance) for c in command_choices(game).values()}
               if any(isinstance(a, RollInitiative) for a in legal) else {})
    found: list[StackCommand] = []
    for action in legal:
        text = _text(action, here, name) or _away_text(game, action, h, name, chances)
        if text is not None:
            found.append(StackCommand(text, action))
    return found + _burns(game, here, name)


def _burns(game: Game, here: set[str], name: Callable[[str], str]) -> list[StackCommand]:
    """12.0: the supply a stack's depots, trains and HQs may burn now (all of it; the window
    asks how much). Never listed (the computer should not throw supply away), so the rules'
    check says whether it may."""
    state = strategic_state(game)
    found = []
    for piece_id in sorted(here):
        piece = state.pieces.get(piece_id)
        points = holds_supply(piece) if piece is not None else 0
        if not points:
            continue
        action = BurnSupply(piece_id, points)
        try:
            game.check(action)
        except IllegalActionError:
            continue
        found.append(StackCommand(f"Burn supply points of {name(piece_id)} (holds {points}) "
                                  "(12.0)…", action))
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


def _away_text(game: Game, action: Any, h: Hex, name: Callable[[str], str],
               chances: dict[str, str]) -> str | None:
    """The menu words of a command, a detour, a fort razed or a naval battle at `h`."""
    state = strategic_state(game)
    hex_id = game.map.hex_id
    at = state.pieces[p].hex if (p := _piece_of(action)) in state.pieces else None
    if isinstance(action, GiveOrder) and at == h:
        verb = "attack" if game.phase is StrategicPhase.COMBAT else "move"
        return f"Order {name(action.leader)}'s force to {verb}, no die (5.2)"
    if isinstance(action, RollInitiative) and at == h:
        return (f"Roll for {name(action.leader)}'s command: "
                f"{chances.get(action.leader, '?')} (10.14)")
    if isinstance(action, GoOffMap) and at == h:
        away = next(d for d in game.scenario.detours if d.departure == h)
        return (f"Send {name(action.unit)} off the map ({away.name}), back at "
                f"{hex_id(away.entry)} next turn at the earliest (7.54)")
    if isinstance(action, ReEnter) and state.offmap[action.unit].entry == h:
        return f"Bring {name(action.unit)} back onto the map here (7.54)"
    if isinstance(action, RazeFort) and at == h:
        return f"Raze {name(action.fort)} (13.4)"
    if isinstance(action, NavalAttack) and action.at == h:
        return "Naval battle: every warship here attacks the enemy's ships (11.11)"
    if isinstance(action, Advance) and action.target == h:
        return f"Advance {', '.join(name(u) for u in action.units)} into {hex_id(h)}"
    return None


def _piece_of(action: Any) -> str:
    for field in ("leader", "unit", "fort"):  # (not "units": an advance's several)
        if hasattr(action, field):
            return str(getattr(action, field))
    return ""


def board_offers(game: Game) -> list[Any]:
    """Every action a gesture on the board offers now: a leader's span (a click on him), a
    march, rail move or voyage of each piece that may move (pick it, click the hex), the attacks
    on each enemy hex (a click opens the battle dialog with its units to tick: the listed ones
    are among them), the advance into an emptied hex, every stack's Ctrl+click commands, and
    ending the phase (End phase). The battle dialog's boxes (attacker_choices) reach any
    other choice of units; the tests check the listed ones are among them."""
    state = strategic_state(game)
    legal = list(game.legal_actions())
    offers: list[Any] = list(spans_to_declare(game).values())
    for piece_id in movable(game):
        piece = state.pieces[piece_id]
        offers += [o.action for o in march_options(game, piece_id).values()]
        offers += rail_options(game, piece_id, legal).values()
        if hasattr(piece, "vessel"):
            offers += sail_options(game, piece_id, legal).values()
    side = game.acting_side
    hexes = {p.hex for p in state.pieces.values()} | {a.entry for a in state.offmap.values()}
    if state.advance is not None:
        hexes.add(state.advance[0])
    for h in sorted(hexes):
        if side is not None and any(p.side is side.other for p in state.at(h)):
            offers += attacks_on(game, h)[:1]  # a click: the dialog, this one ticked
        if state.advance is not None and (advance := advance_into(game, h)) is not None:
            offers.append(advance)  # a click on the emptied hex
        offers += [c.action for c in stack_commands(
            game, h, [p.id for p in state.pieces.values() if p.hex == h])]
    return offers + [a for a in legal if isinstance(a, EndPhase)]  # the End phase command
