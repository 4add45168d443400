"""Who sits at each side of a game, kept in its saved file so that an opened game (or a resumed
autosave) goes on against the same opponent: a human or the computer at its level for each side,
whether two humans share the screen (hot-seat), and whether each side sees only what it can see.

    seats = Seats({Side.UNION: PlayerChoice(), Side.CONFEDERATE: PlayerChoice(COMPUTER, "hard")})
    seats.to_data()  ->  {"players": {"union": "human", "confederate": "computer hard"}, ...}
    Seats.from_data(data)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from gameapp.core.newgame import ALL_HUMAN, PlayerChoice, PlayerKind, Players
from gameapp.core.units import Side


@dataclass(frozen=True)
class Seats:
    players: Players = field(default_factory=lambda: dict(ALL_HUMAN))
    hot_seat: bool = False
    hide_unseen: bool = False

    def to_data(self) -> dict[str, Any]:
        return {
            "players": {side.value: _player_text(self.players.get(side, PlayerChoice()))
                        for side in Side},
            "hot_seat": self.hot_seat,
            "hide_unseen": self.hide_unseen,
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Seats:
        """From `to_data`'s shape (the save schema has checked it); a side left out is human."""
        players = {side: _player_choice(str(data.get("players", {}).get(side.value, "human")))
                   for side in Side}
        return cls(players, bool(data.get("hot_seat", False)), bool(data.get("hide_unseen", False)))


def _player_text(choice: PlayerChoice) -> str:
    return choice.kind.value + (f" {choice.difficulty}" if choice.difficulty else "")


def _player_choice(text: str) -> PlayerChoice:
    kind, _, difficulty = text.partition(" ")
    return PlayerChoice(PlayerKind(kind), difficulty)
