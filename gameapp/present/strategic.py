"""The strategic pieces in words and in stacks, for the window (Qt-free): which counter lies on
top of a hex's stack, the short texts a counter carries, and one line per piece for lists."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from gameapp.core.breakdown import Term
from gameapp.core.hexgrid import Hex
from gameapp.core.rulesets.strategic.pieces import (
    HQ,
    Arm,
    Depot,
    Division,
    Echelon,
    Fort,
    Leader,
    Piece,
    Ship,
    Train,
)
from gameapp.core.units import Side

# the top of a stack: who commands it, then what fights, then what supplies it
_KIND_ORDER = {HQ: 0, Leader: 1, Division: 2, Train: 3, Ship: 4, Depot: 5, Fort: 6}


def stack_order(pieces: Iterable[Piece]) -> list[Piece]:
    """A stack top first: HQs, leaders (most stars first), divisions (most SP first), trains,
    ships, depots, forts."""

    def key(p: Piece) -> tuple[int, int, str]:
        weight = p.sp if isinstance(p, Division) else p.stars if isinstance(p, Leader) else 0
        return _KIND_ORDER[type(p)], -weight, p.id

    return sorted(pieces, key=key)


def stacks(pieces: Iterable[Piece]) -> dict[tuple[Hex, Side], list[Piece]]:
    """The pieces by hex and side, each stack top first (pieces aboard ship ride with it)."""
    found: dict[tuple[Hex, Side], list[Piece]] = {}
    for piece in pieces:
        if isinstance(piece, Division) and piece.aboard is not None:
            continue
        found.setdefault((piece.hex, piece.side), []).append(piece)
    return {k: stack_order(v) for k, v in found.items()}


@dataclass(frozen=True)
class CounterText:
    """What a counter shows: a heading (the arm, echelon or stars), its name, the big figure
    (a division's SP, a leader's initiative, an HQ's roster count, supply points, a ship's
    strength, a fort's capacity) and a note saying what the figure is or adds to it."""

    heading: str
    name: str
    figure: str
    note: str


ARM_HEADINGS = {Arm.INFANTRY: "INF", Arm.CAVALRY: "CAV", Arm.MILITIA: "MIL", Arm.GARRISON: "GAR"}


def counter_text(piece: Piece) -> CounterText:
    if isinstance(piece, Division):
        sp = f"({piece.sp})" if piece.arm is Arm.GARRISON else str(piece.sp)
        heading = "BDE" if piece.brigade_of else ARM_HEADINGS[piece.arm]
        return CounterText(heading, piece.name, sp, f"MA {piece.ma}")
    if isinstance(piece, Leader):
        return CounterText("★" * piece.stars, piece.name, f"{piece.initiative}",
                           f"init.\nspan {piece.span}")
    if isinstance(piece, HQ):
        heading = "XXXX" if piece.echelon is Echelon.ARMY else "XXX"
        return CounterText(heading, piece.name, str(len(piece.roster)),
                           "units" + (f"\n{piece.supply} sup." if piece.supply else ""))
    if isinstance(piece, Train):
        return CounterText("TRAIN", piece.haul.value, str(piece.supply), f"MA {piece.ma}")
    if isinstance(piece, Depot):
        return CounterText("DEPOT", "depot", str(piece.supply), "supply")
    if isinstance(piece, Ship):
        name = piece.name.removeprefix(f"{piece.side.label} ") or piece.id  # the colour says
        return CounterText(piece.vessel.value.upper(), name, str(piece.strength),
                           f"cap {piece.capacity}" if piece.capacity else "")
    return CounterText("FORTRESS" if piece.fortress else "FORT", piece.id, str(piece.capacity),
                       "SP cap.")


def piece_line(piece: Piece) -> str:
    """'u1 Williams: infantry, 8 SP, MA 6 (veteran)'."""
    if isinstance(piece, Division):
        what = "brigade" if piece.brigade_of else piece.arm.value
        extra = "".join((", entrained" if piece.entrained else "",
                         f", aboard {piece.aboard}" if piece.aboard else ""))
        return (f"{piece.id} {piece.name}: {what}, {piece.sp} SP, MA {piece.ma}, "
                f"{piece.quality.value}{extra}")
    if isinstance(piece, Leader):
        cavalry = ", cavalry general" if piece.cavalry else ""
        under = f", under {piece.subordinate_to}" if piece.subordinate_to else ""
        aboard = ", entrained" if piece.entrained else ""
        return (f"{piece.id} {piece.name}: {'★' * piece.stars} initiative {piece.initiative}, "
                f"span {piece.span}, tactical {piece.tactical:+d}{cavalry}{under}{aboard}")
    if isinstance(piece, HQ):
        roster = ", ".join(piece.roster) or "empty"
        aboard = ", entrained" if piece.entrained and not piece.roster else ""
        return (f"{piece.id} {piece.name}: {piece.echelon.value} HQ of {piece.commander}, "
                f"roster {roster}, supply {piece.supply}{aboard}")
    if isinstance(piece, Train):
        return f"{piece.id}: {piece.haul.value}, supply {piece.supply}, MA {piece.ma}"
    if isinstance(piece, Depot):
        return f"{piece.id}: depot, supply {piece.supply}"
    if isinstance(piece, Ship):
        cargo = f", carrying {', '.join(piece.cargo)}" if piece.cargo else ""
        named = f"{piece.id} {piece.name}".strip()
        return f"{named}: {piece.vessel.value}, strength {piece.strength}{cargo}"
    kind = "fortress" if piece.fortress else "fort"
    return f"{piece.id}: {kind}, shelters {piece.capacity} SP"


def terms_text(terms: Iterable[Term], signed: bool = True) -> str:
    """'movement allowance 3 (R&C ...) · forced march +2 (004 6.33)': the terms after the
    first signed, as they add to it (unless `signed` is False: a list of costs)."""
    return " · ".join(f"{t.label} {t.value:+g} ({t.rule})" if i and signed else
                      f"{t.label} {t.value:g} ({t.rule})" for i, t in enumerate(terms))


def chance_text(chance: Fraction) -> str:
    """A die's chance: '3 in 6 (50%)'."""
    sixths = chance * 6
    percent = f"{float(chance):.0%}"
    return f"{sixths.numerator} in 6 ({percent})" if sixths.denominator == 1 else percent
