"""Why each hex of a 15.4 retreat path is there: the tooltips of the retreat overlay.

For the step from hex P to hex H, every hex the unit could step to from P is ranked by the best
path through it (its step plus the best way on from it, found by the backward search). H is
*decided by* the first priority in which it beats the best other hex; when none beats it the
hexes are equally good and the owner chooses; on a path that is not the chosen one, H may be
worse, and the note says which hex was better and by which priority.
"""

from __future__ import annotations

from itertools import pairwise

from gameapp.core.hexgrid import Hex
from gameapp.core.rules.retreat.ground import unit_label
from gameapp.core.rules.retreat.result import (
    Disengagement,
    Outcome,
    PathHex,
    Reason,
    RetreatPath,
)
from gameapp.core.rules.retreat.ss15_4_graph import Key, Node, Search15_4, unpack
from gameapp.core.units import Unit

RULE = "000 15.4"
# What each place of the ranking tuple stands for, as a priority a hex may win by.
PRIORITIES = (
    Reason("keeps clear of the units that caused the retreat", f"{RULE} (1)"),
    Reason("keeps clear of other enemy units", f"{RULE} (2)"),
    Reason("gets closer to the own map edge", RULE),
    Reason("completes the retreat instead of reaching the own edge short", f"{RULE} Broken Box 1"),
    Reason("retreats no more hexes than it must", RULE),
)


class PathDescriber:
    """Turns hex tuples into explained `RetreatPath`s; paths share their steps' explanations."""

    def __init__(self, search: Search15_4, back: dict[Hex, Key]) -> None:
        self.search = search
        self.back = back
        self._steps: dict[tuple[Hex, Hex, bool], PathHex] = {}

    def step(self, prev: Hex, h: Hex, last: bool) -> PathHex:
        key = (prev, h, last)
        found = self._steps.get(key)
        if found is None:
            decided_by, ties = _decision(self.search, self.back, prev, h)
            notes = _notes(self.search, prev, h, last)
            found = PathHex(h, self.search.ground.hex_id(h), decided_by, notes, bool(ties), ties)
            self._steps[key] = found
        return found

    def path(self, hexes: tuple[Hex, ...], outcome: Outcome, total: Key) -> RetreatPath:
        ground = self.search.ground
        last = len(hexes) - 1
        steps = tuple(
            self.step(prev, h, i == last) for i, (prev, h) in enumerate(pairwise(hexes), start=1)
        )
        disengagement = []
        for h in hexes[1:-1]:
            causers, others = ground.adjacent_enemies(h)
            if causers or others:
                ids = tuple(sorted(u.id for u in (*causers, *others)))
                disengagement.append(Disengagement(h, ground.hex_id(h), ids))
        return RetreatPath(
            hexes=hexes,
            hex_ids=tuple(ground.hex_id(h) for h in hexes),
            steps=steps,
            outcome=outcome,
            penalties=unpack(total),
            disengagement=tuple(disengagement),
        )


def _decision(
    search: Search15_4, back: dict[Hex, Key], prev: Hex, h: Hex
) -> tuple[Reason, tuple[str, ...]]:
    """The priority that picked `h` after `prev`, and the ids of equally good other hexes."""
    ground = search.ground
    options = {
        n: search.step_key(prev, n) + back[n] for n in search.successors(prev) if n in back
    }
    mine = options.get(h)
    others = {n: k for n, k in options.items() if n != h}
    if mine is None or not others:
        return Reason(f"the only hex from {ground.hex_id(prev)} that leads to a legal end",
                      RULE), ()
    best = min(others.values())
    rival = min((n for n, k in others.items() if k == best), key=ground.hex_id)
    rival_id = ground.hex_id(rival)
    if mine == best:
        ties = tuple(sorted(ground.hex_id(n) for n, k in others.items() if k == mine))
        return Reason(f"as good as {', '.join(ties)}: the owner's choice", RULE), ties
    place = next(i for i, (a, b) in enumerate(zip(unpack(mine), unpack(best), strict=True))
                 if a != b)
    priority = PRIORITIES[place]
    if mine < best:
        return Reason(f"chosen over {rival_id}: {priority.text}", priority.rule), ()
    return Reason(f"{rival_id} was better: it {priority.text}", priority.rule), ()


def _notes(search: Search15_4, prev: Hex, h: Hex, last: bool) -> tuple[Reason, ...]:
    ground = search.ground
    causers, others = ground.adjacent_enemies(h)
    notes = [
        Reason(f"next to {_names(causers)}, which caused the retreat", f"{RULE} (1)")
        if causers
        else Reason("clear of the units that caused the retreat", f"{RULE} (1)"),
        Reason(f"next to other enemy units: {_names(others)}", f"{RULE} (2)")
        if others
        else Reason("clear of other enemy units", f"{RULE} (2)"),
        Reason(ground.home.describe(ground.home(prev), ground.home(h)), RULE),
    ]
    away = h.distance(search.start)
    kind = search.kind(h)
    if kind is Node.END:
        notes.append(Reason(f"ends {away} hexes from the start, with room to stack", RULE))
    elif kind is Node.EDGE:
        short = search.distance - away
        notes.append(Reason(f"own map edge reached {short} short of {search.distance} hexes",
                            f"{RULE} Broken Box 1"))
    elif away >= search.distance:
        problem = ground.overstack(h)
        why = problem[0] if problem else "overstacked"
        rule = problem[1] if problem else "000 6.1"
        notes.append(Reason(f"would be overstacked ({why}): retreats further", f"{RULE} / {rule}"))
    else:
        notes.append(Reason(f"{away} of {search.distance} hexes from the start", RULE))
    if not last and (causers or others):
        notes.append(Reason(f"leaving it draws disengagement fire from "
                            f"{_names((*causers, *others))}", f"{RULE} / 000 13.7"))
    return tuple(notes)


def _names(units: tuple[Unit, ...]) -> str:
    return ", ".join(sorted({unit_label(u) for u in units}))
