"""One unit's candidate move with its score in VP and the one line that explains it: what
`move_choice` proposes and the movement candidate action (movement_ca.py) ranks. Not to be
confused with rca.py's candidate actions, the kinds of thing a player may do."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from gameapp.core.actions import Action


@dataclass(frozen=True)
class Candidate:
    action: Action
    score: float  # VP gained over doing nothing; the player takes the best while above zero
    explain: str | Callable[[], str]  # one line for the log (worked out only when chosen)

    @property
    def why(self) -> str:
        return self.explain if isinstance(self.explain, str) else self.explain()

    def noisy(self, noise: float) -> Candidate:
        return replace(self, score=self.score + noise)
