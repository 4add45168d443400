"""What a hex is worth to a strategic commander's piece: the pull of the places and enemy
stacks worth going for (the decisive point), the capital to cover, and the danger and hunger of
ending there. Values are in victory points (docs/ai.md, "The strategic computer player").

- Targets: each enemy-held victory place, worth the swing of its points (the holder scores
  them: taking one moves the score by twice its points), an enemy capital more (its fall ends
  the game), in proportion to how far it is within our grasp (its garrison and the enemy's
  field troops near it against ours, a force marching up counting itself); the open sides of
  an enemy fortress too strong to storm (a siege); each of our places the enemy is near, worth
  its points in proportion to the threat (our capital: the whole sudden-death value, felt on
  all the ground between it and the enemy's main body); each enemy stack we outnumber nearby,
  worth what beating it scores, its ground and works asking more of us. A piece a march of d
  MP from a target feels `value / (1 + d / 4)`; the best target counts, and half the next
  best, so a side masses where the most is at stake.
- Taking control: a march through enemy hexes takes them (3.23): a victory place is its swing
  at once, an enemy rail hex cuts the enemy's rail and supply net.
- Danger (withdrawal): the enemy SP within three hexes (a week's march and an attack; those
  that must cross a river at half) against the SP that would stand in the hex, sheltered by a
  fort or rough ground: from even odds up, the share of the stack a battle at those odds
  costs, at half a point an SP.
- Hunger: a hex the side's supply net does not reach costs what a week's attrition costs.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from gameapp.ai.strategic.marches import MarchCosts
from gameapp.ai.strategic.position import Position
from gameapp.ai.strategic.settings import StrategicWeights
from gameapp.ai.strategic.siege_lines import closing_way, land_sides, needed_holders
from gameapp.core.hexgrid import Hex
from gameapp.core.rulesets.strategic.crt import combat_tables
from gameapp.core.rulesets.strategic.naval import SailHandler
from gameapp.core.rulesets.strategic.pieces import Division, Piece, Vessel
from gameapp.core.rulesets.strategic.terrain import RIVER
from gameapp.core.theatre.chart import TheatreTerrain

CAPITAL = 15.0  # VP: the fall of a capital ends the game (sudden death)
SECOND = 0.5  # share of the second best target's pull counted beside the best's
STACK_PULL = 0.25  # VP per enemy SP of a stack we outnumber nearby
OUTNUMBER = 1.5  # our striking force near an enemy stack, times its SP, to go for it
SHELTER_PER_COLUMN = 1.5  # and that again for each column its ground or works shift a battle
UNREACHABLE = 999  # MP: no march gets there (across the sea)
FADE = 4  # hexes: a target's pull is halved this far away (a week's march and more); the
# pull must still change from hex to hex far off, or a distant army would not march at all
REACH = 3  # hexes: the enemy within this could march up and attack next week
SP_VALUE = 0.5  # VP per SP lost (1 point per 2 SP)
RAIL_CUT = 0.3  # VP for taking an enemy rail hex
GROUND = 0.02  # VP for any other enemy hex taken
HUNGER = 0.6  # VP: a week out of supply (about an SP of attrition)
SUPPORT = 0.5  # share of the SP next to a stack counted in its defence
SIDE_GUARD = 4  # SP enough to hold one side of a siege line
INVEST = 0.5  # share of a fortress's swing felt on each open side of it (a siege)
GRASP = 3  # our SP near a defended place, times its defenders, to count it fully
ROUGH = frozenset({TheatreTerrain.FOREST, TheatreTerrain.ROUGH, TheatreTerrain.SWAMP,
                   TheatreTerrain.MOUNTAIN, TheatreTerrain.CITY})


@dataclass(frozen=True)
class Target:
    hex: Hex
    value: float
    what: str  # for the log: "Richmond, VA (enemy capital)"
    guard: int = 0  # a place of ours: the SP guarding it now (within a hex, or covering it)
    needed: float = 0.0  # and the SP enough to hold it: a unit the rest can spare feels none
    cover: int = 0  # our capital: the hexes this near it stand between it and the enemy
    have: int = 0  # an enemy place: our SP within two weeks' march of it
    need: float = 0.0  # and the SP that put it fully within our grasp (0: it is)
    siege: bool = False  # a side of a fortress to invest: each unit finds its own
    within: int = 0  # hexes: felt only by the pieces standing this near it (0: by all)
    march: Mapping[Hex, float] | None = None  # the MP to march to it from each hex, if known
    capital: bool = False  # our capital's cover (the ground between it and the enemy)
    inside: bool = False  # felt only by the pieces standing in its hex (works they man)

    def worth(self, sp: int = 0, at: Hex | None = None, afloat: bool = False) -> float:
        """Its value to `sp` SP now standing `at`, in proportion to how far it is within our
        grasp: a force marching up from further off, or aboard ship (`afloat`: `have` counts
        the troops ashore), brings its own SP to the count."""
        if not self.need:
            return self.value
        coming = sp if afloat or (at is not None and at.distance(self.hex) > 2 * REACH) else 0
        return self.value * min(1.0, (self.have + coming) / self.need)

    def spares(self, sp: int, at: Hex) -> bool:
        """A place of ours whose guard can spare `sp` standing at `at`."""
        if not self.needed:
            return False
        guarding = at == self.hex if self.siege else at.distance(self.hex) <= max(1, self.cover)
        return self.guard - (sp if guarding else 0) >= self.needed

    def beyond(self, at: Hex) -> bool:
        """A piece standing at `at` is too far off to answer it."""
        if self.inside:
            return at != self.hex
        return bool(self.within) and at.distance(self.hex) > self.within

    def distance(self, h: Hex) -> float:
        """How far `h` is from where the target is met: the place itself, or, for a capital
        to cover, the ground between it and the enemy."""
        if self.march is not None:  # a march's cost (clear ground 1 a hex), none: far
            return self.march.get(h, UNREACHABLE)
        return max(0, self.hex.distance(h) - self.cover)


def targets(pos: Position, weights: StrategicWeights,
            marches: MarchCosts | None = None) -> tuple[Target, ...]:
    """What our pieces march for now; with `marches`, the places and the sides of fortresses
    are as far as a march to them costs, not as the crow flies."""
    side, other = pos.side, pos.side.other

    def way(h: Hex) -> Mapping[Hex, int] | None:
        return marches.to(h) if marches is not None else None

    late = 2.0 if pos.weeks_left < weights.endgame_turns else 1.0
    found: list[Target] = []
    for place in pos.places:
        if place.holder is not side:
            value = 2 * place.points * late
            what = f"{place.name}, enemy-held ({place.points} pt)"
            if place.capital_of is other and not pos.after_army:
                # under a directive the capital is worth its points, not the end of the game
                # (Lincoln, April 1863: Lee's army, "not with, or about, Richmond"; East '63's
                # Union marched on Richmond in weeks 3-5, before Lee had a reason to invade)
                value += CAPITAL
                what = f"{place.name}, the enemy capital"
            have, need = grasp(pos, place.hex)
            found.append(Target(place.hex, value, what, have=have, need=need,
                                march=way(place.hex)))
            if place.capital_of is None:
                found += investing(pos, place.hex, value, place.name, way)
            continue
        # a capital is watched twice as far: its loss ends the game, and rail brings an enemy
        # from further than a week's march
        by_water = landing_threat(pos, place.hex) if place.capital_of is side else 0
        threat = pos.threat(place.hex, 2 * REACH if place.capital_of is side else REACH) + \
            by_water
        if not threat:
            continue
        needed = weights.guard_ratio * threat  # before a unit of the guard is spared
        if place.capital_of is side:
            worth = CAPITAL + 2 * place.points
            cover = covering_radius(pos, place.hex, 2 * REACH)
            guard = pos.near(side, place.hex, max(1, cover))
            if weights.counts_works:
                guard += sheltered(pos, place.hex)
            share = min(1.0, threat / max(guard, 1))
            found.append(Target(place.hex, worth * share,
                                f"our capital {place.name}, {threat} enemy SP near", guard,
                                needed, cover, capital=True))
            close = pos.threat(place.hex, REACH) + by_water
            # its own garrison, against what is a week's march off: with the enemy's main
            # body next to it only the capital itself covers it (Beauregard's 11 SP left
            # Richmond for the hex beside it in East '64, and W. F. Smith walked in)
            if close and cover >= 1:
                # the SP in the city, those beside it at half: they do not hold it (East '63
                # seed 9: Longstreet left Richmond as D. H. Hill's 12 SP stood beside it, Hill
                # went too, and Peck's 5 SP marched in)
                # and a garrison that cannot spare a unit keeps it at the capital's whole
                # worth (scaled by the threat, 35 VP against 5 SP was 5.6 for Jackson's 31 SP,
                # and he left Richmond to the 5: East '63 seed 4)
                guard = pos.mine.get(place.hex, 0) + int(SUPPORT * sum(
                    pos.mine.get(n, 0) for n in place.hex.neighbors()))
                # made by the nearest troops enough for it, from a week's march off or
                # further if those are too few: the field army further out covers the capital
                # by standing between (the target above), not by falling back into its works
                # (East '63 seed 1: Jackson's 24 SP left Fredericksburg, 4 hexes out, for this
                # garrison's pull against 8 SP, with 14 SP within 3 hexes; and in East '62,
                # with none so near, Richmond fell to landings when only those were pulled)
                found.append(Target(place.hex, worth,
                                    f"our capital {place.name}'s garrison, {close} enemy SP "
                                    "a week's march or a landing off", guard, OUTNUMBER * close,
                                    within=nearest_enough(pos, place.hex, OUTNUMBER * close)))
        else:
            guard = pos.near(side, place.hex, 1)
            share = min(1.0, threat / max(guard, 1))
            found.append(Target(place.hex, place.points * late * share,
                                f"{place.name}, ours, {threat} enemy SP near", guard, needed,
                                march=way(place.hex)))
    for h, sp in pos.theirs.items():
        if striking_force(pos, h) >= OUTNUMBER * sp * shelter(pos, h, sp):
            found.append(Target(h, STACK_PULL * sp, f"{sp} enemy SP at {pos.name(h)}"))
    from gameapp.ai.strategic.river_forts import river_fort_targets  # it builds on this module
    found += river_fort_targets(pos, way)
    return tuple(found)


def sheltered(pos: Position, h: Hex) -> int:
    """Our SP in `h` that a fort of ours there shelters: a battle against them is shifted as
    if they were twice as many (odds.py), so a guard counts them twice (invasion.py reads our
    capital's works the same way)."""
    fort = pos.forts.get(h)
    if fort is None or fort.side is not pos.side:
        return 0
    return min(fort.capacity, pos.mine.get(h, 0))


def striking_force(pos: Position, h: Hex) -> int:
    """The most SP of ours near `h` (within a week's march and an attack) that one battle
    could bring: a stack and the strongest stack next to it (8.21: attackers stand in at most
    two hexes, next to each other). Not all our SP near: forces of different commanders do
    not combine (10.14), and two armies side by side are each weaker than the enemy they
    watch."""
    near = {at: sp for at, sp in pos.mobile[pos.side].items() if sp and at.distance(h) <= REACH}
    best = 0
    for at, sp in near.items():
        beside = max((near.get(n, 0) for n in at.neighbors()), default=0)
        best = max(best, sp + beside)
    return best


def shelter(pos: Position, h: Hex, sp: int) -> float:
    """How much harder the ground and works make an enemy stack of `sp` at `h` to beat: each
    column the battle would shift to the left (odds.py: the larger of the terrain's and a fort
    holding them all) asks half as many SP again. Without it the Union's armies in West '64
    stood beside Johnston's 47 SP on the rough ground before Dalton for fifteen weeks, ordered
    every week "toward 47 enemy SP" and never attacking (no one force had the odds), where
    Sherman turned him out of his positions by marching round them (with `striking_force`)."""
    tables = combat_tables()
    shift = tables.terrain_shift.get(pos.terrain.terrain(h), 0)
    fort = pos.forts.get(h)
    if fort is not None and fort.side is not pos.side and fort.capacity >= sp:
        shift = max(shift, tables.fortress_shift if fort.fortress else tables.fort_shift)
    return float(SHELTER_PER_COLUMN ** shift)


def investing(pos: Position, h: Hex, value: float, name: str,
              way: Callable[[Hex], Mapping[Hex, int] | None]) -> list[Target]:
    """The open sides of an enemy fortress too strong to storm: each land hex next to it that
    neither our units nor their zones of control hold. Closed on every side it is besieged
    (R&C strategic sieges): it starves and its siege trains' dice may bring it down, as Grant
    took Vicksburg and Port Hudson fell in July 1863. Worth a share of the place's swing, in
    proportion to our field troops near it against the enemy's outside it (a relieving army)."""
    fort = pos.forts.get(h)
    garrison = pos.theirs.get(h, 0)
    if fort is None or fort.side is pos.side or not garrison:
        return []
    outside = pos.threat(h, REACH) - pos.mobile[pos.side.other].get(h, 0)
    ours = pos.near(pos.side, h, 2 * REACH)
    share = INVEST * min(1.0, ours / max(1, OUTNUMBER * (outside + garrison)))
    if share <= 0:
        return []
    found = [Target(n, value * share, f"the siege line before {name} at {pos.name(n)}",
                    pos.mine.get(n, 0), SIDE_GUARD, siege=True, march=way(n))
             for n in needed_holders(pos, h)]  # kept, by their first few SP only
    for n in land_sides(pos, h):
        if not pos.mine.get(n, 0) and n not in pos.board.zoc[pos.side]:
            found.append(Target(n, value * share, f"investing {name} (open side "
                                f"{pos.name(n)})", siege=True, march=closing_way(pos, h, n, way)))
    return found


def landing_threat(pos: Position, h: Hex) -> int:
    """The enemy SP that could land at `h` within two weeks: for each enemy transport, the
    troops aboard and those standing where it lies, up to its room; in full if its voyage this
    week reaches `h`, at half if it lies within two weeks' sailing of it as the crow flies (it
    may sail to the troops one week and land them the next). An army covering its capital by
    land does not cover it from the river: in East '62, with Johnston's army forward, a
    transport sailed from Alexandria to Hampton, and the next week 6 SP sailed up the James
    and landed in an empty Richmond."""
    state, terrain = pos.state, pos.terrain
    high = pos.game.scenario.clock.is_high_water(state.turn)
    if not terrain.water_exits(h, high):
        return 0
    enemy = pos.side.other
    week = terrain.tables.naval_allowance
    room: dict[Hex, int] = {}
    aboard: dict[Hex, int] = {}
    near: dict[Hex, bool] = {}
    for ship in state.ships(enemy):
        if ship.vessel is not Vessel.TRANSPORT or not ship.capacity or \
                ship.hex.distance(h) > 2 * week:
            continue
        room[ship.hex] = room.get(ship.hex, 0) + ship.capacity
        aboard[ship.hex] = aboard.get(ship.hex, 0) + sum(
            p.sp for p in (state.pieces.get(c) for c in ship.cargo) if isinstance(p, Division))
        near[ship.hex] = near.get(ship.hex, False) or h == ship.hex or \
            h in SailHandler().reachable(state, ship, terrain, high)
    return sum(min(space, aboard[at] + pos.mobile[enemy].get(at, 0)) // (1 if near[at] else 2)
               for at, space in room.items())


def nearest_enough(pos: Position, h: Hex, needed: float) -> int:
    """The hexes from `h` within which our field troops (not garrisons: they cannot march)
    and whatever stands in `h` come to `needed` SP, and no fewer than a week's march (REACH);
    0 (felt by everyone) when all of them are too few."""
    found, last = float(pos.mine.get(h, 0)), 0
    for d, sp in sorted((at.distance(h), sp) for at, sp in pos.mobile[pos.side].items()
                        if sp and at != h):
        if found >= needed:
            break
        found, last = found + sp, d
    return max(REACH, last) if found >= needed else 0


def covering_radius(pos: Position, capital: Hex, radius: int) -> int:
    """How far from our capital a force still covers it: the hexes no further from it than the
    enemy's main body (the distance within which half the SP that threaten it stand), so that
    he cannot reach it without passing the force (Lee on the Rappahannock covered Richmond as
    surely as in its works, and kept the ground in front of it). A detachment nearer than the
    main body is for the capital's own guard, not a reason for the army to fall back."""
    stacks = sorted((at.distance(capital), sp) for at, sp in pos.mobile[pos.side.other].items()
                    if sp and at.distance(capital) <= radius)
    half = sum(sp for _, sp in stacks) / 2
    seen = 0
    for d, sp in stacks:
        seen += sp
        if seen >= half:
            return d
    return 0


def grasp(pos: Position, h: Hex) -> tuple[int, float]:
    """How far an enemy place is within our grasp: our SP within two weeks' march of it, and
    the SP that grasp it fully: three times its defenders (a fort holding them counting them
    twice), and no fewer than the enemy's field troops as near it (Buell's 25 SP four hexes
    from Louisville kept it as surely as a garrison).
    An army camped before a place it cannot storm only starves (it is mostly out of supply
    there), and a place taken under the nose of a larger army is only lent (the Confederates
    marching on Louisville past Buell's 54 SP in West '62)."""
    defenders = pos.theirs.get(h, 0)
    fort = pos.forts.get(h)
    if defenders and fort is not None and fort.side is not pos.side \
            and fort.capacity >= defenders:
        defenders *= 2
    need = max(GRASP * defenders, pos.threat(h, 2 * REACH))
    return pos.near(pos.side, h, 2 * REACH), float(need)


def pull(targets_seen: tuple[Target, ...], h: Hex, horizon: int, sp: int = 0,
         at: Hex | None = None, afloat: bool = False) -> tuple[float, Target | None]:
    """The best target's pull at `h` (and a part of the next best's: a hex that serves two
    ends is worth more), and the target, for `sp` now standing `at` (aboard ship if
    `afloat`): the places of ours whose guard can spare them do not pull."""
    best: tuple[float, Target | None] = (0.0, None)
    second = 0.0
    for t in targets_seen:
        d = t.distance(h)
        if d > horizon or (at is not None and (t.spares(sp, at) or t.beyond(at))):
            continue
        value = t.worth(sp, at, afloat) / (1 + d / FADE)
        if value > best[0]:
            best, second = (value, t), best[0]
        elif value > second:
            second = value
    return best[0] + SECOND * second, best[1]


def danger(pos: Position, h: Hex, sp: int, stack: int | None = None) -> float:
    """VP `sp` in a stack of `stack` SP (`sp` alone if None) in `h` may expect to lose to the
    enemy that can reach it next week, the friends next to it counting half (they share the
    blow, or strike back)."""
    stack = sp if stack is None else stack
    if sp <= 0:
        return 0.0
    enemy = threat_across(pos, h)
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


def threat_across(pos: Position, h: Hex) -> float:
    """The enemy SP within reach of `h`, those that must attack it across a river at half
    (odds.py: an attack across a river is made at half strength). A stack comes at `h` from
    the neighbours of `h` nearest it; when a river runs along every one of them the river
    shelters us from that stack (Lee behind the Rappahannock in the winter of 1863)."""
    total = 0.0
    chart = pos.terrain.map
    for at, sp in pos.mobile[pos.side.other].items():
        d = at.distance(h)
        if not sp or d > REACH:
            continue
        front = [n for n in h.neighbors() if n.distance(at) < d]
        across = all(
            (direction := n.direction_to(h)) is not None
            and chart.hexside_at(n, direction) & RIVER for n in front)
        total += sp / 2 if across else sp
    return total


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
