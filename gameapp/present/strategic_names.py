"""The strategic pieces by name, for the words a player reads (the log, the dock, the AI's
reasons): 'U. S. Grant', 'Grant's Army of the Tennessee', 'D. H. Hill's command, Leesburg', not
the ids the rules and the notation use (docs/strategic-rules.md, "Pieces in the log").

`piece_names(game)` is the lookup the words take beside their hex_id lookup: a piece in play
by its state now; one gone from the map (surrendered, eliminated, withdrawn) by the scenario's
start or its schedule's arrivals; an id nobody knows stays as it is.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from gameapp.core.rulesets.strategic.pieces import (
    HQ,
    Depot,
    Division,
    Fort,
    Leader,
    Piece,
    Ship,
    Train,
)

NameOf = Callable[[str], str]
PlaceOf = Callable[[Piece], str]  # the place a piece stands at, in words


def surname(leader: Leader) -> str:
    """'Grant' of 'U. S. Grant', 'Stuart' of 'J. E. B. Stuart'."""
    return leader.name.split()[-1] if leader.name.split() else leader.id


def piece_name(piece: Piece, pieces: Mapping[str, Piece], place: PlaceOf) -> str:
    """One piece's name in a sentence:
    - a division, brigade or leader: its own name ('D. H. Hill's command, Leesburg');
    - an HQ: its commander's surname before its name ('Grant's Army of the Tennessee'), unless
      the name already says who ('Polk's Corps', 'V Corps (Banks)') or nobody commands it;
    - a ship: its name ('Union gunboat flotilla (Cairo)');
    - a train: its kind and side, its id to tell two apart ('Union supply train ut1');
    - a depot or a fort: what it is and where ('Union depot at Louisville, KY').
    A piece without a name keeps its id."""
    if isinstance(piece, Division | Leader | Ship):
        return piece.name or piece.id
    if isinstance(piece, HQ):
        commander = pieces.get(piece.commander or "")
        name = piece.name or piece.id
        if isinstance(commander, Leader) and surname(commander) not in name:
            return f"{surname(commander)}'s {name}"
        return name
    if isinstance(piece, Train):
        return f"{piece.side.label} {piece.haul.value} {piece.id}"
    kind = "depot" if isinstance(piece, Depot) else \
        "fortress" if isinstance(piece, Fort) and piece.fortress else "fort"
    return f"{piece.side.label} {kind} at {place(piece)}"


class PieceNames:
    """The name of each piece id a game knows (see the module's doc); call it with an id."""

    def __init__(self, now: Mapping[str, Piece], known: Iterable[Piece], place: PlaceOf) -> None:
        self._pieces: dict[str, Piece] = {p.id: p for p in known}
        self._pieces.update(now)
        self._place = place
        self._names: dict[str, str] = {}

    @classmethod
    def none(cls) -> PieceNames:
        """No names known: every piece goes by its id."""
        return cls({}, (), lambda piece: piece.id)

    def __contains__(self, piece_id: object) -> bool:
        return piece_id in self._pieces

    def __call__(self, piece_id: str) -> str:
        name = self._names.get(piece_id)
        if name is None:
            piece = self._pieces.get(piece_id)
            name = piece_name(piece, self._pieces, self._place) if piece is not None \
                else piece_id
            self._names[piece_id] = name
        return name


def piece_names(game: Any) -> PieceNames:
    """The names of a strategic game's pieces, as its state is now."""
    return scenario_names(game.scenario, game.state.pieces)


def scenario_names(scenario: Any, now: Mapping[str, Piece]) -> PieceNames:
    """The names of a strategic scenario's pieces, `now` being those in play (a state's)."""
    theatre = scenario.map

    def place(piece: Piece) -> str:
        places = theatre.places_at(piece.hex)
        return str(places[0].key) if places else str(theatre.hex_id(piece.hex))

    arrivals = (p for entry in scenario.schedule for p in entry.arrive)
    return PieceNames(now, (*scenario.pieces, *arrivals), place)


def fort_name(fort_id: str, name: NameOf) -> str:
    """A fort in a sentence: its name, or 'fort ID' where the names do not know it."""
    named = name(fort_id)
    return named if named != fort_id else f"fort {fort_id}"


def train_name(train_id: str, name: NameOf) -> str:
    """A train in a sentence: its name, or 'train ID' where the names do not know it."""
    named = name(train_id)
    return named if named != train_id else f"train {train_id}"


def names_list(ids: Iterable[str], name: NameOf) -> str:
    """Several pieces by name: 'A, B and C' style lists break on names holding commas
    ('D. H. Hill's command, Leesburg'), so such lists are joined by semicolons."""
    names = [name(i) for i in ids]
    return ("; " if any("," in n for n in names) else ", ").join(names)


_TOKEN = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_-]*")


def with_names(text: str, names: PieceNames) -> str:
    """A sentence written with piece ids (the computer's reasons) with each whole word that is
    a piece's id replaced by its name: 'marches cs_dh_hill to C2408' -> 'marches D. H. Hill's
    command, Leesburg to C2408'. Only ids of pieces the game knows are replaced."""
    return _TOKEN.sub(lambda m: names(m.group()) if m.group() in names else m.group(), text)
