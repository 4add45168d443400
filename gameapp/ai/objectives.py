"""What the ground is worth to one side: victory hexes, hints, the enemy to close with.

`Objectives.value(h)` is in VP: standing on a victory hex the side holds when enemy troops are
near enough to take it (a hex stays ours after we leave it, until the enemy stands there);
taking one the enemy holds or nobody does (it changes hands at once when we stand there
alone); and for an attacking side a pull toward its nearest target (the hints' attack hexes,
else the victory hexes it does not hold, else the nearest enemy).
"""

from __future__ import annotations

from dataclasses import dataclass

from gameapp.ai.hints import SideHints
from gameapp.ai.settings import Posture, Stance
from gameapp.core.engine import Game
from gameapp.core.hexgrid import Hex
from gameapp.core.units import Side, UnitKind

TAKE_WEIGHT = 1.0  # per point: a victory hex taken swings its points to us
CONTESTED = 5  # hexes: a held hex with enemy troops this close is worth standing on
ENDGAME_FACTOR = 3.0  # hard, on the last turns: holding is what the game is scored on


@dataclass
class Objectives:
    side: Side
    posture: Posture
    stance: Stance
    points: dict[Hex, int]  # victory hexes
    holders: dict[Hex, Side]  # the game's own, read live: a hex taken this phase counts
    targets: list[Hex]  # where an attacker heads
    hold: dict[Hex, float]  # hexes to stand on, VP per turn of standing
    horizon: int
    endgame: bool

    @classmethod
    def build(cls, game: Game, side: Side, hints: SideHints, stance: Stance, horizon: int,
              endgame_turns: int) -> Objectives:
        points = {v.hex: v.points for v in game.scenario.victory_hexes}
        holders = game.state.holders
        targets = list(hints.attack) or sorted(
            (h for h in points if holders.get(h) is not side), key=lambda h: (-points[h], h.q, h.r))
        if not targets:
            targets = sorted({u.hex for u in game.state.side_units(side.other)
                              if u.kind is not UnitKind.LEADER}, key=lambda h: (h.q, h.r))
        hold = {h: float(p) for h, p in points.items() if holders.get(h) is side}
        for item in hints.hold:
            if game.state.turn <= item.until:
                hold[item.hex] = max(hold.get(item.hex, 0.0), 2.0)
        last = game.scenario.clock.last_turn
        endgame = endgame_turns > 0 and game.state.turn > last - endgame_turns
        return cls(side, hints.posture, stance, points, holders, targets, hold, horizon, endgame)

    def value(self, h: Hex, enemy_hexes: frozenset[Hex]) -> float:
        factor = ENDGAME_FACTOR if self.endgame else 1.0
        total = 0.0
        if h in self.hold and any(h.distance(e) <= CONTESTED for e in enemy_hexes):
            total += self.stance.hold * self.hold[h]
        if h in self.points and self.holders.get(h) is not self.side and h not in enemy_hexes:
            total += TAKE_WEIGHT * self.points[h] * factor
        if self.stance.advance and self.targets:
            distance = min(h.distance(t) for t in self.targets)
            total -= self.stance.advance * min(distance, self.horizon)
        return total

    def distance_to_target(self, h: Hex) -> int:
        return min((h.distance(t) for t in self.targets), default=0)
