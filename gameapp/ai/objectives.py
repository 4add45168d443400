"""What the ground is worth to one side: victory hexes, hints, the enemy to close with.

`Objectives.value(h)` is in VP: standing on a victory hex the side holds when enemy troops are
near enough to take it (a hex stays ours after we leave it, until the enemy stands there);
taking one the enemy holds or nobody does (it changes hands at once when we stand there
alone); and for an attacking side a pull toward its nearest target (the hints' attack hexes,
else the victory hexes it does not hold, else the nearest enemy).

The pull of the victory hexes not held (`_reachable_gain`) is a look-ahead on the clock: a hex
the side may still take is worth its swing in points (double when the enemy holds it) times
the posture's `take`, shrinking with the distance as a share of how far a unit can go in the
movement phases left after this one. With many turns left the gradient is gentle; on the last
turns it is steep, so units that can still get there go, and the others stop caring; in the
last movement phase only standing on the hex (or a charge into it) counts.

When the pull starts depends on how far behind the side is (`pull_turns`): a side level or one
point down (a single hit makes that up) pulls in its last PULL_TURNS movement phases; a side
further behind than fire alone can be expected to make up before then (CATCH_UP points a turn)
pulls from now on. A victory hex nobody holds pulls at any time and score, fading over one
movement phase's distance (NEUTRAL_PHASES), so only the units near it go for it. A unit
standing on a hex it takes still feels the pull of the others (it is as near them as anywhere
else it could stand).

Only the holder at the end scores a hex. Hard counts a hex it would take while enemy troops
within a move of it still have a movement phase to come back for it at `keeps_contested` of its
swing (`kept`); easy and normal count all of it.
"""

from __future__ import annotations

from dataclasses import dataclass

from gameapp.ai.hints import SideHints
from gameapp.ai.influence import moves_again
from gameapp.ai.settings import Posture, Stance
from gameapp.core.engine import Game
from gameapp.core.hexgrid import Hex
from gameapp.core.units import Side, UnitKind

TAKE_WEIGHT = 1.0  # per point: a victory hex taken swings its points to us
CONTESTED = 5  # hexes: a held hex with enemy troops this close is worth standing on
ENDGAME_FACTOR = 3.0  # hard, on the last turns: holding is what the game is scored on
HEXES_PER_TURN = 4  # how far a unit in line goes in one movement phase, in clear hexes
# the last movement phases in which the hexes still to take pull, and only a side behind on
# points: earlier or ahead, the pull walked units into fire for ground they did not need yet
# (docs/ai.md, "The pull of the clock")
PULL_TURNS = 3
# points a turn a side behind may hope to gain on the enemy by fire alone: each point of the
# deficit beyond the first starts the pull 1 / CATCH_UP turns earlier (on Slaughter Mountain
# the Union gained 0.3 a turn by fire against random play, and started 6 down on the victory
# hexes; docs/ai.md, "The pull of the clock")
CATCH_UP = 0.5
# a victory hex nobody holds pulls whatever the score and the clock, but only the units this
# many movement phases from it: the first side to stand there scores it, and the rest of the
# army is not drawn off its ground for it (docs/ai.md, "A bridge nobody holds")
NEUTRAL_PHASES = 1
# hexes: a victory hex with enemy troops this close, and the enemy still to move, may be taken
# back before the end (how much of it counts: the level's `Weights.keeps_contested`)
RETAKE_HEXES = HEXES_PER_TURN


@dataclass
class Objectives:
    side: Side
    posture: Posture
    stance: Stance
    points: dict[Hex, int]  # victory hexes
    game: Game  # read live (`holders`): a hex taken this phase counts
    targets: list[Hex]  # where an attacker heads
    hold: dict[Hex, float]  # hexes to stand on, VP per turn of standing
    horizon: int
    endgame: bool
    turns_left: int = 1  # this side's movement phases left, the one going on included
    deficit: float = 0.0  # the enemy's points less ours, now: at 0 or more it must take ground
    enemy_moves_again: bool = True  # the enemy has a movement phase after this one
    keeps_contested: float = 1.0  # share of a hex's swing counted where it may be taken back

    @classmethod
    def build(cls, game: Game, side: Side, hints: SideHints, stance: Stance, horizon: int,
              endgame_turns: int, keeps_contested: float = 1.0) -> Objectives:
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
        turns_left = max(1, last - game.state.turn + 1)
        score = game.result().points
        deficit = float(score[side.other].total - score[side].total)
        return cls(side, hints.posture, stance, points, game, targets, hold, horizon, endgame,
                   turns_left, deficit, moves_again(game, side.other), keeps_contested)

    @property
    def behind(self) -> bool:
        """No more points than the enemy (a draw is not a win): it must take ground to win."""
        return self.deficit >= 0

    @property
    def pull_turns(self) -> float:
        """The last movement phases in which the hexes still to take pull: PULL_TURNS, and
        1 / CATCH_UP more for each point of the deficit beyond the first."""
        return PULL_TURNS + max(0.0, self.deficit - 1) / CATCH_UP

    @property
    def holders(self) -> dict[Hex, Side]:
        """Who holds each victory hex now. Read from the game's state each time, never kept:
        a copy of the game (fog's view, the thinking copy) gets a new state every decision."""
        holders: dict[Hex, Side] = self.game.state.holders
        return holders

    def value(self, h: Hex, enemy_hexes: frozenset[Hex], occupied: bool = False) -> float:
        """What standing on `h` is worth to one unit; `occupied`: a friendly combat unit
        already stands there, so the hex is held or taken without this one."""
        factor = ENDGAME_FACTOR if self.endgame else 1.0
        total = 0.0
        alone = not occupied
        if alone and h in self.hold and any(h.distance(e) <= CONTESTED for e in enemy_hexes):
            total += self.stance.hold * self.hold[h] * factor
        if alone and h in self.points and self.holders.get(h) is not self.side \
                and h not in enemy_hexes:
            total += TAKE_WEIGHT * self.swing(h) * factor * self.kept(h, enemy_hexes)
            total += self._reachable_gain(h, taken=h)
        else:
            total += self._reachable_gain(h)
        if self.stance.advance and self.targets:
            distance = min(h.distance(t) for t in self.targets)
            total -= self.stance.advance * min(distance, self.horizon)
        return total

    def kept(self, h: Hex, enemy_hexes: frozenset[Hex]) -> float:
        """The share of a hex's swing to count for taking it: all of it when the enemy has no
        movement phase left or no troops within a move of it, else `keeps_contested` (a hex
        taken early is scored only if it is still ours at the end)."""
        if self.enemy_moves_again and any(h.distance(e) <= RETAKE_HEXES for e in enemy_hexes):
            return self.keeps_contested
        return 1.0

    def swing(self, h: Hex) -> float:
        """Points the score difference moves by when we take `h`."""
        return self.points[h] * (2.0 if self.holders.get(h) is self.side.other else 1.0)

    def _reachable_gain(self, h: Hex, taken: Hex | None = None) -> float:
        after = self.turns_left - 1  # the movement phases a unit standing at h has to get there
        if not self.stance.take or after <= 0:
            return 0.0  # the last one: a hex is taken now (TAKE_WEIGHT) or not at all
        pulling = self.behind and self.turns_left <= self.pull_turns
        far = HEXES_PER_TURN * (after if pulling else min(after, NEUTRAL_PHASES)) + 1
        best = 0.0
        for t in self.points:
            holder = self.holders.get(t)
            if holder is self.side or (holder is not None and not pulling) or t == taken:
                continue
            distance = h.distance(t)
            if distance <= self.horizon:
                best = max(best, self.swing(t) * (1.0 - distance / far))
        return self.stance.take * best

    def distance_to_target(self, h: Hex) -> int:
        return min((h.distance(t) for t in self.targets), default=0)
