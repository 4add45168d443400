"""Fire candidates: who fires at what, scored by expected value from the engine's exact odds.

For each enemy hex some of our unfired units can hit, the candidate group is built greedily:
the firer with the best shot there first, then each other firer that adds more than half of what
it could do at its own best other target (combining moves the attack up the FCRT columns, but
spends the firer). A group is scored by `FireRules.plan`'s odds, the fire dialog's own figures:
expected casualty steps (VP), morale checks forced, officers hit. Normal also charges a
group what firing spends for good (`fatigue.firing_cost`: exhaustion and ammunition). The best
group whose value less that cost is above `MIN_VALUE` fires; none: pass.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from gameapp.ai.estimates import fire_value
from gameapp.ai.fatigue import NO_COST, FiringCost, firing_cost
from gameapp.core.actions import Fire
from gameapp.core.breakdown import IllegalActionError
from gameapp.core.engine import Game
from gameapp.core.hexgrid import Hex
from gameapp.core.rules.fire.field import reach
from gameapp.core.rules.fire.phase import FirePlan
from gameapp.core.rulesets.tactical import tactical
from gameapp.core.units import Side, Unit, UnitKind

MIN_VALUE = 0.05  # VP: below this a shot is not worth taking
SPEND = 0.5  # share of a firer's best other shot a group must beat to take it


@dataclass(frozen=True)
class FireCandidate:
    action: Fire
    value: float  # VP expected
    hit: float  # chance of at least one casualty step
    net: float  # value less what the firers give up elsewhere and what firing spends
    cost: FiringCost = NO_COST  # exhaustion and ammunition spent

    @property
    def worth(self) -> float:
        """What the shot itself gains: its expected value less what firing spends."""
        return self.value - self.cost.total


class FireMemo:
    """Targets and scores already worked out, kept until something they depend on changes.

    Each entry is keyed by the firers and the defenders as they are (units are immutable
    values). A unit moving, turning, losing a step or leaving the map changes its old and its
    new hex; `refresh` drops only the entries those hexes can touch (`_touches`): a firer's
    targets when the hex lies within its reach (its field of fire and the enemies in it), a
    plan when the hex lies near the line of fire (sight blocked by units, friends in the line)
    or next to a firer (the officer with it, the enemy that stops an artillery duel). What the
    whole board shares (the light, declared charges, exhaustion, held units) drops everything.
    Decisions are the same as without the memo (tests/ai/test_fire_memo.py)."""

    def __init__(self) -> None:
        self.targets: dict[tuple[Unit], list[Hex]] = {}
        self.scores: dict[ScoreKey, FireCandidate | None] = {}
        self.units: dict[str, Unit] = {}
        self.board: tuple[object, ...] = ()

    def refresh(self, game: Game) -> None:
        state = game.state
        board = (tactical(game).fire.light, _frozen(state.charges), _frozen(state.exhaustion),
                 _frozen(state.held))
        if board != self.board:
            self.board = board
            self.targets.clear()
            self.scores.clear()
        else:
            changed = _changed_hexes(self.units, state.units)
            if changed:
                self.targets = {k: v for k, v in self.targets.items()
                                if not _reach_touches(k[0], changed)}
                self.scores = {k: v for k, v in self.scores.items()
                               if not _plan_touches(k, changed)}
        self.units = dict(state.units)


ScoreKey = tuple[tuple[Unit, ...], Hex, tuple[Unit, ...]]
LINE_MARGIN = 2  # hexes off the straight line of fire that still count as near it


def _frozen(mapping: Mapping[Any, Any]) -> frozenset[tuple[Any, Any]]:
    return frozenset(mapping.items())


def _changed_hexes(before: Mapping[str, Unit], after: Mapping[str, Unit]) -> set[Hex]:
    """Every hex where a unit arrived, left or changed between the two boards."""
    changed: set[Hex] = set()
    for uid, unit in after.items():
        old = before.get(uid)
        if old is unit:
            continue
        if old is None or old != unit:
            changed.add(unit.hex)
            if old is not None:
                changed.add(old.hex)
    for uid, old in before.items():
        if uid not in after:
            changed.add(old.hex)
    return changed


def _reach_touches(unit: Unit, changed: set[Hex]) -> bool:
    """A unit's targets read the units within its reach: what blocks its sight, whom it sees."""
    far = reach(unit.defn)
    return any(unit.hex.distance(h) <= far for h in changed)


def _plan_touches(key: ScoreKey, changed: set[Hex]) -> bool:
    """A plan reads the firers and defenders (in its key), the units on and next to each line of
    fire (sight, friends in the line) and those at and next to each firer (its officer, an
    adjacent enemy)."""
    firers, target, _ = key
    for firer in firers:
        span = firer.hex.distance(target) + LINE_MARGIN
        for h in changed:
            if h.distance(firer.hex) + h.distance(target) <= span or h.distance(firer.hex) <= 1:
                return True
    return False


def fire_candidates(game: Game, side: Side, combined: bool,
                    memo: FireMemo | None = None, fatigue: bool = False) -> list[FireCandidate]:
    """Every target's best group, best first (ties by the action's notation); with `fatigue`
    each group is charged what firing spends (exhaustion, ammunition)."""
    memo = memo or FireMemo()
    memo.refresh(game)
    fired = game.state.fired
    shooters = sorted((u for u in game.state.side_units(side)
                       if u.kind is not UnitKind.LEADER and u.id not in fired
                       and game.state.held.get(u.id) is not False), key=lambda u: u.id)
    singles: dict[Hex, dict[str, FireCandidate]] = defaultdict(dict)
    for unit in shooters:
        key = (unit,)
        if key not in memo.targets:
            targets = tactical(game).fire.targets(unit.id)
            memo.targets[key] = sorted(targets, key=lambda h: (h.q, h.r))
        for target in memo.targets[key]:
            candidate = _score(game, side, (unit.id,), target, memo)
            if candidate is not None:
                singles[target][unit.id] = candidate
    best_elsewhere: dict[tuple[str, Hex], float] = {}
    for target, by_unit in singles.items():
        for uid in by_unit:
            best_elsewhere[(uid, target)] = max(
                (c[uid].value for t, c in singles.items() if t != target and uid in c),
                default=0.0)
    out: list[FireCandidate] = []
    for target, by_unit in singles.items():
        order = sorted(by_unit.values(), key=lambda c: (-c.value, c.action.firers))
        group = order[0]
        cost = best_elsewhere[(group.action.firers[0], target)] * SPEND
        if combined:
            for single in order[1:]:
                uid = single.action.firers[0]
                bigger = _score(game, side, (*group.action.firers, uid), target, memo)
                give_up = best_elsewhere[(uid, target)] * SPEND
                if bigger is not None and bigger.value - group.value > give_up:
                    group, cost = bigger, cost + give_up
        spent = firing_cost(game, group.action.firers) if fatigue else NO_COST
        out.append(FireCandidate(group.action, group.value, group.hit,
                                 group.value - cost - spent.total, spent))
    out.sort(key=lambda c: (-c.net, c.action.to_text(game.map.numbering)))
    return out


def _score(game: Game, side: Side, firers: tuple[str, ...], target: Hex,
           memo: FireMemo) -> FireCandidate | None:
    units = game.state.units
    key: ScoreKey = (tuple(units[f] for f in firers), target, tuple(game.state.units_at(target)))
    if key not in memo.scores:
        memo.scores[key] = _plan_score(game, side, firers, target)
    return memo.scores[key]


def _plan_score(game: Game, side: Side, firers: tuple[str, ...], target: Hex
                ) -> FireCandidate | None:
    action = Fire(firers, target)
    try:
        plan: FirePlan = tactical(game).fire.plan(action, side)
    except IllegalActionError:
        return None
    value, hit = fire_value(plan.odds, plan.target.units, plan.points.artillery_only)
    return FireCandidate(action, value, hit, value)
