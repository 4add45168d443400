"""The strategic actions: frozen values, each with one line of notation, and the parser back.

    end                          end the phase
    span LEADER [PIECE ...]      declare a leader's command span for this phase (10.1)
    split DIVISION SP            split a brigade of SP off a division (3.25)
    assign UNIT HQ / release UNIT   put a unit on an HQ's roster, or take it off (16.16)
    order LEADER                 command a leader's force with one of the week's orders (5.2)
    initiative LEADER            roll for a leader's command (5.2, 10.14)
    move PIECE HEX [HEX ...] [forced]   march along hexes, force-marching if asked (6.3)
    rail PIECE HEX               entrain (if not aboard) and ride to HEX (6.5)
    detrain PIECE                get off the train (6.58)
    sail SHIP HEX [HEX ...]      sail along navigable water (ships need no command, 5.27)
    embark UNIT SHIP / land UNIT    board a transport in the unit's hex, or land from it
    offmap UNIT / reenter UNIT   leave the map on a detour, or come back at its end (7.54)
    attack HEX UNIT [UNIT ...] [amphibious]   attack a hex (8.0; from ships: 7.24)
    advance HEX UNIT [UNIT ...]  move attackers into the hex their battle just emptied
    naval HEX                    every warship in the hex attacks the enemy's ships (11.11)
    raze FORT                    destroy one's own fort (13.4)
    burn PIECE POINTS            destroy supply points one holds (12.0)

Saves write this notation; `parse_strategic_action` reads it back.
"""

from __future__ import annotations

from dataclasses import dataclass

from gameapp.core.hexgrid import Hex
from gameapp.core.numbering import Numbering


@dataclass(frozen=True)
class EndPhase:
    def to_text(self, numbering: Numbering) -> str:
        return "end"


@dataclass(frozen=True)
class DeclareSpan:
    leader: str
    pieces: tuple[str, ...]

    def to_text(self, numbering: Numbering) -> str:
        return " ".join(("span", self.leader, *self.pieces))


@dataclass(frozen=True)
class SplitBrigade:
    division: str
    sp: int

    def to_text(self, numbering: Numbering) -> str:
        return f"split {self.division} {self.sp}"


@dataclass(frozen=True)
class Assign:
    unit: str
    hq: str

    def to_text(self, numbering: Numbering) -> str:
        return f"assign {self.unit} {self.hq}"


@dataclass(frozen=True)
class Release:
    unit: str

    def to_text(self, numbering: Numbering) -> str:
        return f"release {self.unit}"


@dataclass(frozen=True)
class GiveOrder:
    leader: str

    def to_text(self, numbering: Numbering) -> str:
        return f"order {self.leader}"


@dataclass(frozen=True)
class RollInitiative:
    leader: str

    def to_text(self, numbering: Numbering) -> str:
        return f"initiative {self.leader}"


@dataclass(frozen=True)
class March:
    piece: str
    path: tuple[Hex, ...]
    forced: bool = False

    def to_text(self, numbering: Numbering) -> str:
        hexes = " ".join(numbering.hex_id(h) for h in self.path)
        return f"move {self.piece} {hexes}{' forced' if self.forced else ''}"


@dataclass(frozen=True)
class Rail:
    piece: str
    to: Hex

    def to_text(self, numbering: Numbering) -> str:
        return f"rail {self.piece} {numbering.hex_id(self.to)}"


@dataclass(frozen=True)
class Detrain:
    piece: str

    def to_text(self, numbering: Numbering) -> str:
        return f"detrain {self.piece}"


@dataclass(frozen=True)
class Sail:
    ship: str
    path: tuple[Hex, ...]

    def to_text(self, numbering: Numbering) -> str:
        return f"sail {self.ship} {' '.join(numbering.hex_id(h) for h in self.path)}"


@dataclass(frozen=True)
class Embark:
    unit: str
    ship: str

    def to_text(self, numbering: Numbering) -> str:
        return f"embark {self.unit} {self.ship}"


@dataclass(frozen=True)
class Land:
    unit: str

    def to_text(self, numbering: Numbering) -> str:
        return f"land {self.unit}"


@dataclass(frozen=True)
class Attack:
    target: Hex
    attackers: tuple[str, ...]
    amphibious: bool = False

    def to_text(self, numbering: Numbering) -> str:
        tail = " amphibious" if self.amphibious else ""
        return f"attack {numbering.hex_id(self.target)} {' '.join(self.attackers)}{tail}"


@dataclass(frozen=True)
class Advance:
    target: Hex
    units: tuple[str, ...]

    def to_text(self, numbering: Numbering) -> str:
        return f"advance {numbering.hex_id(self.target)} {' '.join(self.units)}"


@dataclass(frozen=True)
class NavalAttack:
    at: Hex

    def to_text(self, numbering: Numbering) -> str:
        return f"naval {numbering.hex_id(self.at)}"


@dataclass(frozen=True)
class RazeFort:
    fort: str

    def to_text(self, numbering: Numbering) -> str:
        return f"raze {self.fort}"


@dataclass(frozen=True)
class BurnSupply:
    piece: str
    points: int

    def to_text(self, numbering: Numbering) -> str:
        return f"burn {self.piece} {self.points}"


@dataclass(frozen=True)
class GoOffMap:
    unit: str

    def to_text(self, numbering: Numbering) -> str:
        return f"offmap {self.unit}"


@dataclass(frozen=True)
class ReEnter:
    unit: str

    def to_text(self, numbering: Numbering) -> str:
        return f"reenter {self.unit}"


StrategicAction = (EndPhase | DeclareSpan | SplitBrigade | Assign | Release | GiveOrder
                   | RollInitiative | March | Rail | Detrain | Sail | Embark | Land | Attack
                   | NavalAttack | RazeFort | BurnSupply | GoOffMap | ReEnter | Advance)
VERBS = ("end", "span", "split", "assign", "release", "order", "initiative", "move", "rail",
         "detrain", "sail", "embark", "land", "attack", "naval", "raze", "burn",
         "offmap", "reenter", "advance")
_SHAPES = {
    "end": "end", "span": "span LEADER [PIECE ...]", "split": "split DIVISION SP",
    "assign": "assign UNIT HQ", "release": "release UNIT", "order": "order LEADER",
    "initiative": "initiative LEADER", "move": "move PIECE HEX [HEX ...] [forced]",
    "rail": "rail PIECE HEX", "detrain": "detrain PIECE", "sail": "sail SHIP HEX [HEX ...]",
    "embark": "embark UNIT SHIP", "land": "land UNIT",
    "attack": "attack HEX UNIT [UNIT ...] [amphibious]", "naval": "naval HEX",
    "raze": "raze FORT", "burn": "burn PIECE POINTS", "offmap": "offmap UNIT",
    "reenter": "reenter UNIT", "advance": "advance HEX UNIT [UNIT ...]",
}


def parse_strategic_action(text: str, numbering: Numbering) -> StrategicAction:
    """The action a line of notation names; ValueError saying what was expected."""
    words = text.split()
    verb, args = (words[0], words[1:]) if words else ("", [])
    try:
        return _parse(verb, args, numbering)
    except (ValueError, IndexError):
        expected = _SHAPES.get(verb) or "one of: " + ", ".join(_SHAPES.values())
        raise ValueError(f"{text!r}: expected {expected}") from None


_ONE_NAME: dict[str, type[Release | GiveOrder | RollInitiative | Detrain | Land | GoOffMap
                          | ReEnter]] = {
    "release": Release, "order": GiveOrder, "initiative": RollInitiative, "detrain": Detrain,
    "land": Land, "offmap": GoOffMap, "reenter": ReEnter}


def _parse(verb: str, args: list[str], numbering: Numbering) -> StrategicAction:
    if verb == "end" and not args:
        return EndPhase()
    if verb in ("attack", "naval", "raze", "burn", "advance"):
        return _parse_battle(verb, args, numbering)
    if verb in _ONE_NAME and len(args) == 1:
        return _ONE_NAME[verb](args[0])
    if verb == "span" and args:
        return DeclareSpan(args[0], tuple(args[1:]))
    if len(args) == 2 and verb in ("split", "assign", "rail", "embark"):
        if verb == "split":
            return SplitBrigade(args[0], int(args[1]))
        if verb == "rail":
            return Rail(args[0], numbering.parse(args[1]))
        return (Assign if verb == "assign" else Embark)(args[0], args[1])
    if verb == "sail" and len(args) >= 2:
        return Sail(args[0], tuple(numbering.parse(h) for h in args[1:]))
    if verb == "move" and len(args) >= 2:
        forced = args[-1] == "forced"
        hexes = args[1:-1] if forced else args[1:]
        if hexes:
            return March(args[0], tuple(numbering.parse(h) for h in hexes), forced)
    raise ValueError(verb)


def _parse_battle(verb: str, args: list[str], numbering: Numbering) -> StrategicAction:
    if verb == "attack" and len(args) >= 2:
        amphibious = args[-1] == "amphibious"
        units = tuple(args[1:-1] if amphibious else args[1:])
        if units:
            return Attack(numbering.parse(args[0]), units, amphibious)
    if verb == "advance" and len(args) >= 2:
        return Advance(numbering.parse(args[0]), tuple(args[1:]))
    if verb == "naval" and len(args) == 1:
        return NavalAttack(numbering.parse(args[0]))
    if verb == "raze" and len(args) == 1:
        return RazeFort(args[0])
    if verb == "burn" and len(args) == 2:
        return BurnSupply(args[0], int(args[1]))
    raise ValueError(verb)
