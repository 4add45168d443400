"""Retreat paths under `002` 15–17 (the scenario option `retreat: g88`).

From each hex the unit takes the first of four steps that has a hex to offer:
a. a hex outside every enemy front and free of friendly combat units: the retreat ends there;
b. a hex outside every enemy front holding friendly combat units: it moves there, back to a;
c. a hex inside an enemy front free of friendly combat units: the retreat ends there;
d. a hex inside an enemy front holding friendly combat units: it moves there, back to a.
"Enemy ZOC" is read as the enemy front (`ground.py`, docs/rules.md "The front").

Never offered: enemy-occupied hexes, impassable steps, and the hexes the unit or any other
defending unit of the battle stood in at the start (`defenders`). The endless-loop clause: a
hex already passed through during this retreat would repeat it, so it is not offered and the
sequence falls through to the next step. When no step offers anything after the unit has moved,
no step is left to break the loop: the retreat ends where it stands.

Rule 16: a retreat may not end overstacked; when that is the only way it could end, the unit
does not retreat and loses a step instead. Rule 17: artillery never retreats into woods; when
woods are the only way, it does not retreat and loses a step instead. A unit with no hex at all
cannot retreat (`Outcome.BLOCKED`; the seed says no more, the caller's rules decide).

`distance` runs the sequence that many times (in G88 a retreat is one hex: distance 1).
Every hex a step offers is as good as the others: they are the owner's choice. The branches are
explored in a fixed order (the measure home first, then printed ids, `edges.py`), and the first
that completes is the chosen path; every completed branch is listed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from gameapp.core.hexgrid import Hex
from gameapp.core.rules.retreat.ground import RetreatGround, unit_label
from gameapp.core.rules.retreat.result import Outcome, PathHex, Reason, RetreatOptions, RetreatPath
from gameapp.core.units import Unit, UnitKind

RULE = "002 15"
MAX_LEAVES = 96


class Step(Enum):
    A = ("a", False, False, True, "outside enemy ZOC, no friendly combat units: the retreat ends")
    B = ("b", False, True, False, "outside enemy ZOC, friendly combat units: goes on from here")
    C = ("c", True, False, True, "in enemy ZOC, no friendly combat units: the retreat ends")
    D = ("d", True, True, False, "in enemy ZOC, friendly combat units: goes on from here")

    def __init__(self, letter: str, zoc: bool, friendly: bool, ends: bool, text: str) -> None:
        self.letter = letter
        self.zoc = zoc
        self.friendly = friendly
        self.ends = ends
        self.text = text

    @property
    def reason(self) -> Reason:
        return Reason(f"step {self.letter}: {self.text}", f"{RULE}{self.letter}")


@dataclass
class Offer:
    """What one hex offers: the hexes of each step, and those left out and why."""

    steps: dict[Step, list[Hex]] = field(default_factory=lambda: {s: [] for s in Step})
    defenders: list[Hex] = field(default_factory=list)  # held by a defending unit at the start
    loops: list[Hex] = field(default_factory=list)  # already passed through: a loop
    woods: list[Hex] = field(default_factory=list)  # woods, for artillery (17)
    overstacked: list[Hex] = field(default_factory=list)  # it would end overstacked (16)

    def first(self) -> tuple[Step, list[Hex]] | None:
        return next(((s, hexes) for s, hexes in self.steps.items() if hexes), None)


@dataclass(frozen=True)
class Branch:
    hexes: tuple[Hex, ...]
    steps: tuple[PathHex, ...]
    hops_left: int
    hop_origin: int  # index in `hexes` of the hex this hop of the sequence started from


@dataclass(frozen=True)
class Leaf:
    branch: Branch
    outcome: Outcome
    reason: Reason


class Sequence88:
    def __init__(self, ground: RetreatGround, distance: int, forbidden: frozenset[Hex]) -> None:
        self.ground = ground
        self.distance = distance
        self.forbidden = forbidden

    def offer(self, h: Hex, passed: frozenset[Hex]) -> Offer:
        g = self.ground
        offer = Offer()
        for direction in range(6):
            n = h.neighbor(direction)
            if g.enemy_occupied(n) or g.step_block(h, direction, False) is not None:
                continue
            if n in self.forbidden:
                offer.defenders.append(n)
                continue
            if n in passed:
                offer.loops.append(n)
                continue
            if g.is_artillery and g.wooded(n):
                offer.woods.append(n)
                continue
            zoc, friendly = g.in_enemy_front(n), g.friendly_combat(n)
            step = next(s for s in Step if s.zoc == zoc and s.friendly == friendly)
            if step.ends and g.overstack(n) is not None:
                offer.overstacked.append(n)
                continue
            offer.steps[step].append(n)
        for hexes in offer.steps.values():
            hexes.sort(key=self.order)
        return offer

    def order(self, h: Hex) -> tuple[int, str]:
        return self.ground.home(h), self.ground.hex_id(h)

    def explore(self) -> tuple[list[Leaf], bool]:
        start = Branch((self.ground.start,), (), self.distance, 0)
        stack = [start]
        leaves: list[Leaf] = []
        while stack:
            if len(leaves) >= MAX_LEAVES:
                return leaves, True
            branch = stack.pop()
            here = branch.hexes[-1]
            offer = self.offer(here, frozenset(branch.hexes))
            found = offer.first()
            if found is None:
                leaves.append(self.stuck(branch, offer))
                continue
            step, hexes = found
            grown = []
            for n in hexes:
                others = tuple(self.ground.hex_id(o) for o in hexes if o != n)
                path_hex = PathHex(n, self.ground.hex_id(n), step.reason,
                                   self.notes(n, offer, step), bool(others), others)
                hexes_now = (*branch.hexes, n)
                steps_now = (*branch.steps, path_hex)
                if not step.ends:
                    grown.append(Branch(hexes_now, steps_now, branch.hops_left, branch.hop_origin))
                elif branch.hops_left == 1:
                    leaves.append(Leaf(Branch(hexes_now, steps_now, 0, 0), Outcome.COMPLETED,
                                       Reason(f"ends at {path_hex.hex_id}", step.reason.rule)))
                else:
                    grown.append(
                        Branch(hexes_now, steps_now, branch.hops_left - 1, len(hexes_now) - 1)
                    )
            stack.extend(reversed(grown))
        return leaves, False

    def stuck(self, branch: Branch, offer: Offer) -> Leaf:
        """No step offers a hex: end here, or lose a step, or stay blocked."""
        g = self.ground
        here = branch.hexes[-1]
        here_id = g.hex_id(here)
        if here != g.start and g.overstack(here) is None:
            why = "no step offers a hex" + self._left_out(offer)
            if len(branch.hexes) - 1 > branch.hop_origin:
                return Leaf(branch, Outcome.COMPLETED,
                            Reason(f"ends at {here_id}: {why}; stopping breaks the loop",
                                   f"{RULE} endless loop"))
            return Leaf(branch, Outcome.COMPLETED, Reason(f"ends at {here_id}: {why}", RULE))
        if offer.woods:
            ids = ", ".join(g.hex_id(h) for h in offer.woods)
            return Leaf(branch, Outcome.STEP_LOSS,
                        Reason(f"artillery whose only retreat is into woods ({ids}) does not "
                               f"retreat: it loses a step instead", "002 17"))
        if here != g.start or offer.overstacked:
            where = [here_id] if here != g.start else [g.hex_id(h) for h in offer.overstacked]
            return Leaf(branch, Outcome.STEP_LOSS,
                        Reason(f"its only retreat would overstack {', '.join(where)}: it does "
                               f"not retreat and loses a step instead", "002 16"))
        why = "no hex to retreat into" + self._left_out(offer)
        return Leaf(branch, Outcome.BLOCKED, Reason(why, RULE))

    def _left_out(self, offer: Offer) -> str:
        parts = []
        if offer.defenders:
            ids = ", ".join(self.ground.hex_id(h) for h in offer.defenders)
            parts.append(f"{ids} held by defending units at the start")
        if offer.loops:
            ids = ", ".join(self.ground.hex_id(h) for h in offer.loops)
            parts.append(f"{ids} already passed through")
        return f" ({'; '.join(parts)})" if parts else ""

    def notes(self, n: Hex, offer: Offer, step: Step) -> tuple[Reason, ...]:
        g = self.ground
        zoc = "in an enemy front (ZOC)" if step.zoc else "outside every enemy front (ZOC)"
        notes = [Reason(zoc, f"{RULE} ZOC read as the enemy front")]
        if step.zoc:
            enemies = [u for m in n.neighbors() for u in g.enemies.get(m, ())]
            notes.append(Reason(f"enemy next to it: {_names(enemies)}", RULE))
        if step.friendly:
            friends = [u for u in g.friends.get(n, ()) if u.kind is not UnitKind.LEADER]
            notes.append(Reason(f"friendly combat units here: {_names(friends)}", RULE))
        for hexes, text, rule in (
            (offer.defenders, "held by a defending unit at the start: never re-entered", RULE),
            (offer.loops, "already passed through: skipped to break the loop",
             f"{RULE} endless loop"),
            (offer.woods, "woods: artillery does not retreat there", "002 17"),
            (offer.overstacked, "would be overstacked: the retreat may not end there", "002 16"),
        ):
            if hexes:
                ids = ", ".join(g.hex_id(h) for h in hexes)
                notes.append(Reason(f"{ids} {text}", rule))
        return tuple(notes)


def retreat_g88(
    ground: RetreatGround, distance: int, defenders: frozenset[Hex]
) -> RetreatOptions:
    forbidden = frozenset({ground.start, *defenders})
    if distance == 0:
        leaves: list[Leaf] = [Leaf(Branch((ground.start,), (), 0, 0), Outcome.COMPLETED,
                                   Reason("no retreat: a distance of 0 hexes", RULE))]
        truncated = False
    else:
        leaves, truncated = Sequence88(ground, distance, forbidden).explore()
    done = [leaf for leaf in leaves if leaf.outcome is Outcome.COMPLETED]
    first = done[0] if done else leaves[0]
    paths = tuple(_path(ground, leaf) for leaf in done)
    return RetreatOptions(
        unit_id=ground.unit.id,
        start=ground.start,
        distance=distance,
        option="g88",
        paths=paths,
        choices=paths,
        outcome=first.outcome,
        reason=first.reason,
        truncated=truncated,
    )


def _names(units: list[Unit]) -> str:
    return ", ".join(sorted({unit_label(u) for u in units}))


def _path(ground: RetreatGround, leaf: Leaf) -> RetreatPath:
    hexes = leaf.branch.hexes
    return RetreatPath(
        hexes=hexes,
        hex_ids=tuple(ground.hex_id(h) for h in hexes),
        steps=leaf.branch.steps,
        outcome=leaf.outcome,
    )
