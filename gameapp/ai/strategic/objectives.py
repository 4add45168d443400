"""What a hex is worth to a strategic commander's piece: the pull of the places and enemy
stacks worth going for (the decisive point), the capital to cover, and the danger and hunger of
ending there. Values are in victory points (docs/ai.md, "The strategic computer player").

- Targets: each enemy-held victory place, worth the swing of its points (the holder scores
  them: taking one moves the score by twice its points), an enemy capital more (its fall ends
  the game); each of our places the enemy is near, worth its points in proportion to the threat
  (our capital: the whole sudden-death value); each enemy stack we outnumber nearby, worth what
  beating it scores. A piece at distance d from a target feels `value / (1 + d / 4)`; the best
  target counts, so a side masses where the most is at stake.
- Taking control: a march through enemy hexes takes them (3.23): a victory place is its swing
  at once, an enemy rail hex cuts the enemy's rail and supply net.
- Danger (withdrawal): the enemy SP within three hexes (a week's march and an attack) against
  the SP that would stand in the hex, sheltered by a fort or rough ground: from even odds up,
  the share of the stack a battle at those odds costs, at half a point an SP.
- Hunger: a hex the side's supply net does not reach costs what a week's attrition costs.
"""

from __future__ import annotations

from dataclasses import dataclass

from gameapp.ai.strategic.position import Position
from gameapp.ai.strategic.settings import StrategicWeights
from gameapp.core.hexgrid import Hex
from gameapp.core.rulesets.strategic.pieces import Division, Piece
from gameapp.core.theatre.chart import TheatreTerrain

CAPITAL = 15.0  # VP: the fall of a capital ends the game (sudden death)
STACK_PULL = 0.25  # VP per enemy SP of a stack we outnumber nearby
OUTNUMBER = 1.5  # our SP within three hexes of an enemy stack, times its SP, to go for it
FADE = 4  # hexes: a target's pull is halved this far away (a week's march and more); the
# pull must still change from hex to hex far off, or a distant army would not march at all
REACH = 3  # hexes: the enemy within this could march up and attack next week
SP_VALUE = 0.5  # VP per SP lost (1 point per 2 SP)
RAIL_CUT = 0.3  # VP for taking an enemy rail hex
GROUND = 0.02  # VP for any other enemy hex taken
HUNGER = 0.6  # VP: a week out of supply (about an SP of attrition)
SUPPORT = 0.5  # share of the SP next to a stack counted in its defence
GRASP = 3  # our SP near a defended place, times its defenders, to count it fully
ROUGH = frozenset({TheatreTerrain.FOREST, TheatreTerrain.ROUGH, TheatreTerrain.SWAMP,
                   TheatreTerrain.MOUNTAIN, TheatreTerrain.CITY})


@dataclass(frozen=True)
class Target:
    hex: Hex
    value: float
    what: str  # for the log: "Richmond, VA (enemy capital)"
    guard: int = 0  # a place of ours: the SP guarding it now (within a hex)
    needed: float = 0.0  # and the SP enough to hold it: a unit the rest can spare feels none

    def spares(self, sp: int, at: Hex) -> bool:
        """A place of ours whose guard can spare `sp` standing at `at`."""
        if not self.needed:
            return False
        mine = sp if at.distance(self.hex) <= 1 else 0
        return self.guard - mine >= self.needed


def targets(pos: Position, weights: StrategicWeights) -> tuple[Target, ...]:
    side, other = pos.side, pos.side.other
    late = 2.0 if pos.weeks_left < weights.endgame_turns else 1.0
    found: list[Target] = []
    for place in pos.places:
        if place.holder is not side:
            value = 2 * place.points * late
            what = f"{place.name}, enemy-held ({place.points} pt)"
            if place.capital_of is other:
                value += CAPITAL
                what = f"{place.name}, the enemy capital"
            found.append(Target(place.hex, value * within_grasp(pos, place.hex), what))
            continue
        # a capital is watched twice as far: its loss ends the game, and rail brings an enemy
        # from further than a week's march
        threat = pos.threat(place.hex, 2 * REACH if place.capital_of is side else REACH)
        if not threat:
            continue
        guard = pos.near(side, place.hex, 1)
        share = min(1.0, threat / max(guard, 1))
        needed = OUTNUMBER * threat
        if place.capital_of is side:
            found.append(Target(place.hex, (CAPITAL + 2 * place.points) * share,
                                f"our capital {place.name}, {threat} enemy SP near", guard,
                                needed))
        else:
            found.append(Target(place.hex, place.points * late * share,
                                f"{place.name}, ours, {threat} enemy SP near", guard, needed))
    for h, sp in pos.theirs.items():
        if pos.near(side, h, REACH) >= OUTNUMBER * sp:
            found.append(Target(h, STACK_PULL * sp, f"{sp} enemy SP at {pos.name(h)}"))
    return tuple(found)


def within_grasp(pos: Position, h: Hex) -> float:
    """How far a defended enemy place is within our grasp: 1 when our SP near it are three
    times its defenders (a fort holding them counting them twice), less in proportion. An army
    camped before a place it cannot storm only starves (it is mostly out of supply there)."""
    defenders = pos.theirs.get(h, 0)
    if not defenders:
        return 1.0
    fort = pos.forts.get(h)
    if fort is not None and fort.side is not pos.side and fort.capacity >= defenders:
        defenders *= 2
    return min(1.0, pos.near(pos.side, h, REACH) / (GRASP * defenders))


def pull(targets_seen: tuple[Target, ...], h: Hex, horizon: int, sp: int = 0,
         at: Hex | None = None) -> tuple[float, Target | None]:
    """The best target's pull at `h`, and the target, for `sp` now standing `at`: the places
    of ours whose guard can spare them do not pull."""
    best: tuple[float, Target | None] = (0.0, None)
    for t in targets_seen:
        d = t.hex.distance(h)
        if d > horizon or (at is not None and t.spares(sp, at)):
            continue
        value = t.value / (1 + d / FADE)
        if value > best[0]:
            best = (value, t)
    return best


def danger(pos: Position, h: Hex, sp: int, stack: int | None = None) -> float:
    """VP `sp` in a stack of `stack` SP (`sp` alone if None) in `h` may expect to lose to the
    enemy that can reach it next week, the friends next to it counting half (they share the
    blow, or strike back)."""
    stack = sp if stack is None else stack
    if sp <= 0:
        return 0.0
    enemy = pos.threat(h, REACH)
    if not enemy:
        return 0.0
    fort = pos.forts.get(h)
    shelter = 2.0 if fort is not None and fort.side is pos.side and fort.capacity >= sp else (
        1.3 if pos.terrain.terrain(h) in ROUGH else 1.0)
    friends = sum(pos.mine.get(n, 0) for n in h.neighbors())
    ratio = enemy / (stack * shelter + SUPPORT * friends)
    if ratio < 1:
        return 0.0
    return SP_VALUE * sp * min(0.3, 0.06 + 0.06 * ratio)


def taking(pos: Position, path: tuple[Hex, ...], piece: Piece) -> tuple[float, str]:
    """VP for the enemy hexes a march takes (3.23): places, rail, ground; and what it takes."""
    if not isinstance(piece, Division):
        return 0.0, ""
    rail = pos.terrain.rail_net(pos.game.scenario.rail_year)
    value, names = 0.0, []
    places = {p.hex: p for p in pos.places}
    for h in path:
        if pos.game.scenario.home[h] is pos.side and h not in pos.state.control:
            continue
        if pos.state.control.get(h, pos.game.scenario.home[h]) is pos.side:
            continue
        place = places.get(h)
        if place is not None:
            value += 2 * place.points + (CAPITAL if place.capital_of is not None else 0)
            names.append(place.name)
        value += RAIL_CUT if h in rail else GROUND
    return value, (f", taking {', '.join(names)}" if names else "")


def hunger(pos: Position, h: Hex, sp: int) -> float:
    """VP `sp` in `h` may expect to lose to a week's attrition out of supply."""
    if sp == 0 or h in pos.supplied:
        return 0.0
    return HUNGER * max(1.0, sp / 10)
