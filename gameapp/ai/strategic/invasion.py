"""The invasion of the enemy's country: Lee's reasoning in June 1863. An army that cannot drive
off the larger enemy army before its capital may cover the capital better by marching round it
into the enemy's country: the enemy must turn back to cover its own capital (Hooker, ordered
to keep Washington covered, followed Lee north), the invading army feeds on the country
(it carries its supply with its army HQ) and the enemy's places come within its reach.

The player weighs it as targets beside objectives.py's (docs/ai.md, "The invasion of the
enemy's country"): while
- the enemy's field troops within two weeks' march of our capital outnumber ours there and our
  main army (Lee had 57,000 effectives against Hooker's 138,000 PFD before Chancellorsville),
  and we have a main army to invade with (an army HQ, which carries its supply, with
  `MIN_ARMY` SP by it),
- the season allows it (not winter) and the game has weeks enough left for a campaign,
each enemy-held place (not a capital) from which the enemy's capital is threatened (within
`THREAT_RANGE` hexes of it) is worth, besides its own swing, what covering our capital is
worth: the diversion covers it. Such a place counts in proportion to how far the army can take
it: outnumbering 1.5 to 1 its garrison (a fort doubling it) and the enemy field troops that
could meet us there within a week, not the whole enemy army further off (the invasion
outmarches it), and never with fewer than an army's `MIN_ARMY` SP: a detachment marching from
far off feels a share in proportion to its own SP.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from gameapp.ai.strategic.marches import MarchCosts
from gameapp.ai.strategic.objectives import CAPITAL, OUTNUMBER, REACH, SECOND, Target
from gameapp.ai.strategic.position import Position, VictoryPlace
from gameapp.core.hexgrid import Hex
from gameapp.core.rulesets.strategic.pieces import HQ, Echelon
from gameapp.core.units import Side

MIN_ARMY = 30  # SP: an army smaller than this raids, it does not invade
CAMPAIGN_WEEKS = 6  # weeks: an invasion and the march back (Lee: 3 Jun - 14 Jul 1863)
THREAT_RANGE = 2 * REACH + 2  # hexes from the enemy capital: its places that threaten it
# (Harrisburg is 7 hexes from Washington on map C, Winchester 5, Harpers Ferry 3)
MARCHING = 2  # hexes: an army on the march, its corps spread over them
THREATENED = 8  # MP: two weeks' march; an army this near a place threatens it, and the enemy
# must answer before it arrives (a capital is watched as far: objectives.targets)
ON_TO = 4  # and from there on, a quarter of each MP still to march is felt: the army goes on
# (every MP, not whole quarters: 3 MP off were felt as 0, as the place itself, and Lee stood
# 3 MP from Winchester for four weeks, East '63 seed 1 under the Union's directive)


@dataclass(frozen=True)
class Invasion:
    """Why a side invades now: its army and the enemy force before its capital."""
    side: Side
    army_hex: Hex
    army_sp: int
    threat: int  # enemy field SP within two weeks' march of its capital
    diversion: float  # VP: what drawing them off is worth (covering its capital)


def invasion(pos: Position, side: Side, going: bool = False) -> Invasion | None:
    """The invasion the position allows `side` (ours or the enemy's), or None. `going`: the
    campaign is under way (the army marched off on it): it goes on while the capital stays
    safe, though the enemy army no longer stands before it, for that is the diversion working
    (Hooker turned north after Lee in June 1863, and Lee marched on into Pennsylvania); what
    it holds off is then the enemy's field army."""
    ours = _capital(pos, side)
    theirs = _capital(pos, side.other)
    if ours is None or theirs is None or ours.holder is not side:
        return None
    if pos.weeks_left < CAMPAIGN_WEEKS or pos.game.scenario.clock.is_winter(pos.state.turn):
        return None
    # under way the army marches spread out: its corps a day's march apart still make it (Lee's
    # three corps strung from Fredericksburg to the Valley, 3-15 June 1863; East '63 seed 1:
    # Jackson's corps moved on by his own initiative a hex ahead, and the campaign lapsed)
    army = main_army(pos, side, MARCHING if going else 1)
    if army is None:
        return None
    at, sp = army
    threat = _field(pos, side.other, ours.hex, 2 * REACH)
    cover = _field(pos, side, ours.hex, 2 * REACH)
    # an army threatens the capital, stronger than ours before it and than the army itself
    # (not a sortie from a coastal fort: East '62's Fort Monroe garrison in March 1862)
    if sp < MIN_ARMY:
        return None
    if threat <= max(cover, sp):
        enemy = main_army(pos, side.other) if going else None
        if enemy is None:
            return None
        threat = max(threat, enemy[1])
    # more of the enemy a week's march from the capital than its own troops there (the army
    # apart) can meet: the army does not march off, it could not come back in time
    # and the capital's works manned, the army apart: at least half the troops its fort
    # shelters (Richmond's 20: Elzey's Department of Richmond stayed in June 1863; East '63
    # seed 2 lost Richmond to Peck's 7 SP, held by a 1-SP cavalry brigade)
    fort = pos.forts.get(ours.hex)
    manned = pos.sp[side].get(ours.hex, 0) - (sp if at == ours.hex else 0)
    if fort is not None and fort.side is side and manned < fort.capacity // 2:
        return None
    close = _field(pos, side.other, ours.hex, REACH)
    home = sum(n for h, n in pos.sp[side].items()
               if h.distance(ours.hex) <= REACH and h.distance(at) > 1)
    if fort is not None and fort.side is side and at.distance(ours.hex) > 1:
        # the capital's works double those they shelter, as an enemy fort's do (_guarded):
        # in late June 1863 Dix's 30,000 came up the Peninsula against Richmond's 10,000 in
        # their works and went back, and Lee marched on
        home += min(fort.capacity, manned)
    if close > home:
        return None
    # what the army before the capital is worth there: its cover and its garrison's need, the
    # best target and half the next (objectives.pull); the diversion serves both
    return Invasion(side, at, sp, threat, (1 + SECOND) * (CAPITAL + 2 * ours.points))


def diverted(pos: Position, found: tuple[Target, ...],
             plan: Invasion | None) -> tuple[Target, ...]:
    """Our targets with our invasion on (`plan`): the field troops beyond a week's march of our
    capital cover it by the diversion, not by standing before it, so the capital's cover is
    felt only by its own troops, within `REACH` of it (Lee left D. H. Hill's and Elzey's about
    Richmond in June 1863); its garrison's need is felt as before. Without this the cover,
    felt at full a hex from the capital, held Lee's army 4 hexes from Richmond against
    Winchester's pull 5 MP off (East '63 seed 1, weeks 5-6), and Jackson's corps, left a day
    behind the army, turned back to Stafford Court House for it.
    And the capital's works, which the invasion needs manned (`invasion`), keep the troops in
    them that it cannot spare, worth the diversion: East '63 seed 2 lost its campaign in week 7
    when Longstreet's 24 SP, Richmond's only garrison, stepped a hex out of the city for
    +0.18 VP. Felt by those in the works only: felt a hex out, it drew Johnston's army into
    Richmond in East '62 seed 1 (week 8), troops beside the works counting as their guard
    but not as in them."""
    if plan is None:
        return found
    kept = tuple(replace(t, within=REACH) if t.capital else t for t in found)
    ours = _capital(pos, plan.side)
    fort = None if ours is None else pos.forts.get(ours.hex)
    if ours is None or fort is None or fort.side is not plan.side:
        return kept
    manned = pos.mine.get(ours.hex, 0) - (plan.army_sp if plan.army_hex == ours.hex else 0)
    return (*kept, Target(ours.hex, plan.diversion,
                          f"our capital {ours.name}'s works, manned while the army invades",
                          guard=manned, needed=float(fort.capacity // 2), inside=True))


def invasion_targets(pos: Position, marches: MarchCosts | None = None,
                     going: bool = False) -> tuple[Target, ...]:
    """The enemy's places our invasion marches for now (`going`: ours is under way), and the
    enemy's invading army our field army goes for (none when neither is on)."""
    return _invading(pos, marches, going) + _answering(pos)


def _invading(pos: Position, marches: MarchCosts | None, going: bool) -> tuple[Target, ...]:
    plan = invasion(pos, pos.side, going)
    ours, theirs = _capital(pos, pos.side), _capital(pos, pos.side.other)
    if plan is None or ours is None or theirs is None:
        return ()
    home = ours.hex
    barred = _before_armies(pos)
    found = []
    for place in pos.places:
        if place.holder is pos.side or place.capital_of is not None or \
                place.hex.distance(theirs.hex) > THREAT_RANGE:
            continue
        if marches is not None and plan.army_hex not in marches.to(place.hex):
            continue  # no march gets the army there
        # measured on the way round the enemy's armies: an army standing against one is not
        # on its way (East '63 seed 1: Lee, pulled to Winchester by the road through Hooker's
        # 144 SP at Aquia Creek, stood at Fredericksburg and then attacked them at 1:2)
        way = marches.round(place.hex, barred) if marches is not None else None
        if _guarded(pos, place.hex) > plan.army_sp:
            continue  # held by more than the army: that is a battle, not an invasion
        value = 2 * place.points + plan.diversion * min(1.0, plan.threat / plan.army_sp)
        # felt in full from two weeks' march off, and a quarter of each MP still to march
        # from there on: the army goes on toward the place, not only threatens it (Lee's
        # orders to Ewell, 22 June 1863: Harrisburg, if it comes within his means; his army
        # lived on the Cumberland Valley). Flat within two weeks, the army stopped there
        # (East '63 seed 1: Lee sat at C2005, 8 MP from Harrisburg, weeks 11-12)
        # the capital's own troops (a week's march of it, the army apart) are not the
        # invasion's: they hold it (D. H. Hill's and Richmond's in June 1863; East '63 seed 9
        # lost Richmond when Longstreet's 23 SP drifted north after the army)
        near = None if way is None else {
            h: max(mp - THREATENED, mp / ON_TO) for h, mp in way.items()
            if h.distance(home) > REACH or h.distance(plan.army_hex) <= 1}
        found.append(Target(place.hex, value,
                            f"{place.name}, invading (drawing {plan.threat} enemy SP off our "
                            "capital)",
                            have=pos.near(pos.side, place.hex, 2 * REACH),
                            need=float(max(MIN_ARMY, OUTNUMBER * _guarded(pos, place.hex))),
                            march=near))
    return tuple(found)


def _answering(pos: Position) -> tuple[Target, ...]:
    """The enemy's invading army, once it stands nearer our capital than its own and beyond the
    ground that covers its own (more than `THREAT_RANGE` hexes from it: Johnston at Manassas in
    March 1862 covered Richmond, he did not invade): our field army goes for it, worth what
    covering our capital is. Under a directive that makes the enemy's army the objective
    (Lincoln to Hooker, 10 June 1863: Lee's army, not Richmond; Hooker and Meade followed Lee
    north, between him and Washington and Baltimore), as soon as it has marched more than a
    week's march (`REACH`) from its capital while it has the reasons to invade, and our army
    keeps between it and our capital: without the directive's reading our army marched on
    Richmond the week Lee left Fredericksburg, and he turned back (East '63 seed 1, weeks
    5-6)."""
    # only while the enemy's first reason holds (its capital outnumbered): read without the
    # enemy's memory (its campaign under way), every army HQ far from its capital and nearer
    # ours would count as invading: Grant's before Richmond in East '64, McClellan's on the
    # Peninsula in '62
    plan = invasion(pos, pos.side.other)
    ours = _capital(pos, pos.side)
    theirs = _capital(pos, pos.side.other)
    if plan is None or ours is None or theirs is None:
        return ()
    off = plan.army_hex.distance(theirs.hex)
    if pos.after_army:
        if off <= REACH:
            return ()
        # between it and our capital: anywhere nearer the capital than the invading army
        # (Halleck's orders kept Hooker, then Meade, between Lee and Washington, June 1863);
        # marching at the army itself, ours stood on its heels and barred every way north,
        # and Lee turned back (East '63 seed 1, weeks 4-10)
        return (Target(ours.hex, plan.diversion,
                       f"the ground between the enemy's invading army ({plan.army_sp} SP at "
                       f"{pos.name(plan.army_hex)}) and our capital {ours.name}, our "
                       "objective by directive",
                       cover=max(0, plan.army_hex.distance(ours.hex) - 1), capital=True),)
    if plan.army_hex.distance(ours.hex) >= off or off <= THREAT_RANGE:
        return ()
    return (Target(plan.army_hex, plan.diversion,
                   f"the enemy's invading army ({plan.army_sp} SP at "
                   f"{pos.name(plan.army_hex)}), before our capital {ours.name}",
                   have=pos.near(pos.side, plan.army_hex, 2 * REACH),
                   need=OUTNUMBER * plan.army_sp),)


def _before_armies(pos: Position) -> frozenset[Hex]:
    """The hexes an invasion marches round: those with an army's worth of enemy field SP
    (`MIN_ARMY` or more, its stacks counted together) in and next to them, within its blow
    without a march. Lee went by Culpeper and the
    Shenandoah Valley, behind the Blue Ridge, not by the road past Hooker at Falmouth."""
    near: dict[Hex, int] = {}
    for at, sp in pos.mobile[pos.side.other].items():
        for h in (at, *at.neighbors()):
            near[h] = near.get(h, 0) + sp
    return frozenset(h for h, sp in near.items() if sp >= MIN_ARMY)


def _field(pos: Position, side: Side, h: Hex, radius: int) -> int:
    """The side's field SP (not garrisons) within `radius` hexes of `h`."""
    return sum(sp for at, sp in pos.mobile[side].items() if at.distance(h) <= radius)


def main_army(pos: Position, side: Side, spread: int = 1) -> tuple[Hex, int] | None:
    """The side's field army: the army HQ with the most SP within `spread` hexes of it (in and
    next to its hex: its roster goes with it, and it carries its supply), and those SP."""
    best: tuple[Hex, int] | None = None
    for hq in pos.state.hqs(side):
        if not isinstance(hq, HQ) or hq.echelon is not Echelon.ARMY or \
                not pos.terrain.map.contains(hq.hex):
            continue
        sp = _field(pos, side, hq.hex, spread)
        if best is None or sp > best[1]:
            best = (hq.hex, sp)
    return best


def _guarded(pos: Position, h: Hex) -> int:
    """The enemy SP that hold `h` or could meet us there within a week: its garrison (doubled
    by a fort that shelters it) and the enemy field troops within a week's march."""
    garrison = pos.theirs.get(h, 0)
    fort = pos.forts.get(h)
    if garrison and fort is not None and fort.side is not pos.side and fort.capacity >= garrison:
        garrison *= 2
    field = sum(sp for at, sp in pos.mobile[pos.side.other].items()
                if 0 < at.distance(h) <= REACH)
    return garrison + field


def _capital(pos: Position, side: Side) -> VictoryPlace | None:
    return next((p for p in pos.places if p.capital_of is side), None)
