"""Player actions as immutable values, each with a one-line text notation that parses back.

    move csa-21va 1510>1511>1612 face=2 formation=line
    move usa-5ct 0604>0603 double
    face usa-5ct 3
    formation usa-5ct column
    cover usa-5ct on
    fire usa-5ct,usa-10me 0605 officer=csa-early
    fire usa-battery 0605 at=guns                at the guns, not the crews (at=crew: the default)
    pass
    end-phase
    charge 0604                                  the phasing player resolves one charge (1.25)
    retreat-before-combat 0604 yes               the defender's choice (3.5)
    prolong usa-battery yes                      artillery retires by prolong (3.57, 7.36)
    retreat-path csa-21va 0603>0602              the owner picks among equal paths (15.4)
    stack-roll one                               one morale roll for the stack, or each (note 3)
    loss csa-21va                                the owner's pick of the unit taking a step (6.76)
    reform csa-21va face=2                       a change on the advance with a leader (8.54):
                                                 face=N, formation=F, cover=on|off or keep

Hex ids are printed with the map's numbering, so printing and parsing take a `Numbering`.
Formation names with spaces are written with hyphens (`road-column`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from gameapp.core.hexgrid import Hex
from gameapp.core.numbering import HexIdError, Numbering
from gameapp.core.units import Formation


class NotationError(ValueError):
    """Text that is not a well-formed action."""


@dataclass(frozen=True)
class Move:
    unit_id: str
    path: tuple[Hex, ...]  # the hexes entered, in order, start excluded
    facing: int | None = None  # facing at the end; None keeps the facing
    formation: Formation | None = None  # formation at the start of the move; None keeps it
    double: bool = False  # double movement, declared with the unit's first move of the phase

    def to_text(self, numbering: Numbering) -> str:
        parts = ["move", self.unit_id, ">".join(numbering.hex_id(h) for h in self.path)]
        if self.facing is not None:
            parts.append(f"face={self.facing}")
        if self.formation is not None:
            parts.append(f"formation={_formation_word(self.formation)}")
        if self.double:
            parts.append("double")
        return " ".join(parts)


_new_object = object.__new__
_set_frozen = object.__setattr__


def listed_moves(unit_id: str, paths: list[tuple[Hex, ...]]) -> list[Move]:
    """`[Move(unit_id, path) for path in paths]`, made without the frozen dataclass's
    `__init__` (one `object.__setattr__` per field) and without a call per move: a listing
    makes a Move for every hex each unit reaches, thousands at a time, and this takes about a
    third of the time. The same values in every way (==, hash, repr, fields, copies);
    tests/core/test_legal_listing.py checks it."""
    moves: list[Move] = [_new_object(Move) for _ in paths]
    for move, path in zip(moves, paths, strict=True):
        _set_frozen(move, "__dict__", {"unit_id": unit_id, "path": path, "facing": None,
                                       "formation": None, "double": False})
    return moves


@dataclass(frozen=True)
class Face:
    unit_id: str
    facing: int

    def to_text(self, numbering: Numbering) -> str:
        return f"face {self.unit_id} {self.facing}"


@dataclass(frozen=True)
class ChangeFormation:
    unit_id: str
    formation: Formation

    def to_text(self, numbering: Numbering) -> str:
        return f"formation {self.unit_id} {_formation_word(self.formation)}"


@dataclass(frozen=True)
class Cover:
    unit_id: str
    on: bool

    def to_text(self, numbering: Numbering) -> str:
        return f"cover {self.unit_id} {'on' if self.on else 'off'}"


@dataclass(frozen=True)
class Fire:
    """One fire attack: one or more firers combining on one hex (1.23), optionally small arms
    aimed at an officer there (6.75), or the fire aimed at the guns rather than at the
    personnel, crews included (the FCRT's target density and range note 4)."""

    firers: tuple[str, ...]
    target: Hex
    at_officer: str | None = None
    at_guns: bool = False

    def to_text(self, numbering: Numbering) -> str:
        text = f"fire {','.join(self.firers)} {numbering.hex_id(self.target)}"
        text += f" officer={self.at_officer}" if self.at_officer else ""
        return text + (" at=guns" if self.at_guns else "")


@dataclass(frozen=True)
class Pass:
    """The side whose shot it is fires no more this phase (1.23)."""

    def to_text(self, numbering: Numbering) -> str:
        return "pass"


@dataclass(frozen=True)
class EndPhase:
    def to_text(self, numbering: Numbering) -> str:
        return "end-phase"


@dataclass(frozen=True)
class ResolveCharge:
    """The phasing player resolves the charge declared on `target` (1.25)."""

    target: Hex

    def to_text(self, numbering: Numbering) -> str:
        return f"charge {numbering.hex_id(self.target)}"


@dataclass(frozen=True)
class RetreatBeforeCombat:
    """The charged side's answer: do the units in `target` retreat before combat (3.5)?"""

    target: Hex
    retreat: bool

    def to_text(self, numbering: Numbering) -> str:
        return f"retreat-before-combat {numbering.hex_id(self.target)} {_yes(self.retreat)}"


@dataclass(frozen=True)
class Prolong:
    """The charged side's answer: does this battery try to retire by prolong (3.57)?"""

    unit_id: str
    retire: bool

    def to_text(self, numbering: Numbering) -> str:
        return f"prolong {self.unit_id} {_yes(self.retire)}"


@dataclass(frozen=True)
class ChooseRetreatPath:
    """The owner's pick among equally good retreat paths: the hexes entered, start excluded."""

    unit_id: str
    path: tuple[Hex, ...]

    def to_text(self, numbering: Numbering) -> str:
        return f"retreat-path {self.unit_id} {'>'.join(numbering.hex_id(h) for h in self.path)}"


@dataclass(frozen=True)
class StackRoll:
    """Morale table note 3: one roll for the whole stack (`one`) or one per unit."""

    one: bool

    def to_text(self, numbering: Numbering) -> str:
        return f"stack-roll {'one' if self.one else 'each'}"


@dataclass(frozen=True)
class TakeLoss:
    """6.76: the owner's pick of the unit that takes the next casualty step of a fire attack."""

    unit_id: str

    def to_text(self, numbering: Numbering) -> str:
        return f"loss {self.unit_id}"


@dataclass(frozen=True)
class Reform:
    """8.54: one change of facing, formation or cover a victor makes on its advance after a
    charge, with a leader in the hex; all three None keeps the unit as it is."""

    unit_id: str
    facing: int | None = None
    formation: Formation | None = None
    cover: bool | None = None

    @property
    def keeps(self) -> bool:
        return self.facing is None and self.formation is None and self.cover is None

    def to_text(self, numbering: Numbering) -> str:
        if self.facing is not None:
            change = f"face={self.facing}"
        elif self.formation is not None:
            change = f"formation={_formation_word(self.formation)}"
        elif self.cover is not None:
            change = f"cover={'on' if self.cover else 'off'}"
        else:
            change = "keep"
        return f"reform {self.unit_id} {change}"


Action = (Move | Face | ChangeFormation | Cover | Fire | Pass | EndPhase | ResolveCharge
          | RetreatBeforeCombat | Prolong | ChooseRetreatPath | StackRoll | TakeLoss | Reform)
Decision = RetreatBeforeCombat | Prolong | ChooseRetreatPath | StackRoll | TakeLoss | Reform


def parse_action(text: str, numbering: Numbering) -> Action:
    """The action a line of notation names. Raises NotationError saying what was expected."""
    words = text.split()
    if not words:
        raise NotationError("empty action")
    parser = _PARSERS.get(words[0])
    try:
        action = parser(words[1:], numbering) if parser is not None else None
    except HexIdError as exc:
        raise NotationError(f"{text!r}: {exc}") from None
    if action is None:
        raise NotationError(
            f"{text!r}: expected 'move UNIT HEX>HEX [face=N] [formation=F]', 'face UNIT N', "
            "'formation UNIT F', 'cover UNIT on|off', "
            "'fire UNIT[,UNIT] HEX [officer=UNIT] [at=guns|crew]', 'pass', 'end-phase', "
            "'charge HEX', 'retreat-before-combat HEX yes|no', "
            "'prolong UNIT yes|no', 'retreat-path UNIT HEX>HEX', 'stack-roll one|each', "
            "'loss UNIT' or 'reform UNIT keep|face=N|formation=F|cover=on|off'"
        )
    return action


def _path(text: str, numbering: Numbering) -> tuple[Hex, ...]:
    return tuple(numbering.parse(h) for h in text.split(">"))


_YES_NO = ("yes", "no")

# verb -> the action its arguments name, or None when they do not fit the verb
_PARSERS: dict[str, Callable[[list[str], Numbering], Action | None]] = {
    "end-phase": lambda a, n: EndPhase() if not a else None,
    "pass": lambda a, n: Pass() if not a else None,
    "fire": lambda a, n: _parse_fire(a, n) if len(a) in (2, 3, 4) else None,
    "face": lambda a, n: Face(a[0], _facing(a[1])) if len(a) == 2 else None,
    "cover": lambda a, n: Cover(a[0], a[1] == "on") if len(a) == 2 and a[1] in ("on", "off")
    else None,
    "formation": lambda a, n: ChangeFormation(a[0], _formation(a[1])) if len(a) == 2 else None,
    "move": lambda a, n: _parse_move(a, n) if len(a) >= 2 else None,
    "charge": lambda a, n: ResolveCharge(n.parse(a[0])) if len(a) == 1 else None,
    "retreat-before-combat": lambda a, n: RetreatBeforeCombat(n.parse(a[0]), a[1] == "yes")
    if len(a) == 2 and a[1] in _YES_NO else None,
    "prolong": lambda a, n: Prolong(a[0], a[1] == "yes") if len(a) == 2 and a[1] in _YES_NO
    else None,
    "retreat-path": lambda a, n: ChooseRetreatPath(a[0], _path(a[1], n)) if len(a) == 2
    else None,
    "loss": lambda a, n: TakeLoss(a[0]) if len(a) == 1 else None,
    "stack-roll": lambda a, n: StackRoll(a[0] == "one") if len(a) == 1 and a[0] in ("one", "each")
    else None,
    "reform": lambda a, n: _parse_reform(a) if len(a) == 2 else None,
}


def _parse_reform(args: list[str]) -> Reform | None:
    unit_id, change = args
    key, _, value = change.partition("=")
    if change == "keep":
        return Reform(unit_id)
    if key == "face":
        return Reform(unit_id, facing=_facing(value))
    if key == "formation":
        return Reform(unit_id, formation=_formation(value))
    if key == "cover" and value in ("on", "off"):
        return Reform(unit_id, cover=value == "on")
    return None




def _yes(flag: bool) -> str:
    return "yes" if flag else "no"


def _parse_move(args: list[str], numbering: Numbering) -> Move:
    path = _path(args[1], numbering)
    facing: int | None = None
    formation: Formation | None = None
    double = False
    for option in args[2:]:
        key, _, value = option.partition("=")
        if option == "double":
            double = True
        elif key == "face":
            facing = _facing(value)
        elif key == "formation":
            formation = _formation(value)
        else:
            raise NotationError(
                f"unknown move option {option!r}: expected face=, formation= or double")
    return Move(args[0], path, facing, formation, double)


def _parse_fire(args: list[str], numbering: Numbering) -> Fire:
    officer: str | None = None
    at_guns = False
    for option in args[2:]:
        key, _, value = option.partition("=")
        if key == "officer" and value and officer is None:
            officer = value
        elif key == "at" and value in ("guns", "crew"):
            at_guns = value == "guns"
        else:
            raise NotationError(
                f"unknown fire option {option!r}: expected officer=UNIT or at=guns|crew")
    return Fire(tuple(args[0].split(",")), numbering.parse(args[1]), officer, at_guns)


def _facing(text: str) -> int:
    if text.isdigit() and 0 <= int(text) <= 5:
        return int(text)
    raise NotationError(f"facing {text!r}: expected a direction number 0..5")


def _formation(text: str) -> Formation:
    try:
        return Formation(text.replace("-", " "))
    except ValueError:
        names = ", ".join(_formation_word(f) for f in Formation)
        raise NotationError(f"formation {text!r}: expected one of {names}") from None


def _formation_word(formation: Formation) -> str:
    return formation.value.replace(" ", "-")
