"""Exhaustion (section 10 is not in the seeds; docs/rules.md "Exhaustion" defines it).

Each brigade has an exhaustion level, 0 at the start unless the scenario says otherwise. At the
turn conclusion (1.3) it changes by what the brigade did and suffered during the turn:

    +1  one of its units fired
    +1  one of its units took casualties
    +1  for each full tenth of the brigade's printed strength lost this turn
    +1  one of its units made a double move
    -1  rest: none of its units moved, fired, took casualties or stood in an enemy front

It never falls below 0. Units outside any brigade keep a level of their own.
"""

from __future__ import annotations

from gameapp.core.breakdown import Breakdown, Term
from gameapp.core.state import GameState
from gameapp.core.units import Unit, UnitKind

RULE = "R&C exhaustion"
FIRED, HIT, MOVED, DOUBLE, IN_FRONT = "fired", "hit", "moved", "double", "in front"


def brigade_of(unit: Unit) -> str:
    """The key of the unit's brigade in `GameState.exhaustion`: side and brigade name (or the
    unit's own id outside any brigade), such as "union/Nagle's Brigade"."""
    return f"{unit.side.value}/{unit.defn.brigade or unit.id}"


def level_of(state: GameState, unit: Unit) -> int:
    return state.exhaustion.get(brigade_of(unit), 0)


def note(state: GameState, unit: Unit, what: str, losses: int = 0) -> None:
    """Record what a unit did or suffered this turn, for its brigade's exhaustion."""
    key = brigade_of(unit)
    state.activity.setdefault(key, set()).add(what)
    if losses:
        state.turn_losses[key] = state.turn_losses.get(key, 0) + losses


def conclude_turn(state: GameState, printed_strength: dict[str, int],
                  in_front: set[str]) -> dict[str, Breakdown]:
    """Adjust every brigade's exhaustion; returns the changes, term by term, by brigade."""
    for brigade in in_front:
        state.activity.setdefault(brigade, set()).add(IN_FRONT)
    brigades = {brigade_of(u) for u in state.units.values() if u.kind is not UnitKind.LEADER}
    changes: dict[str, Breakdown] = {}
    for brigade in sorted(brigades):
        did = state.activity.get(brigade, set())
        terms = []
        if FIRED in did:
            terms.append(Term("fired", 1, RULE))
        if HIT in did:
            terms.append(Term("took casualties", 1, RULE))
        lost, printed = state.turn_losses.get(brigade, 0), printed_strength.get(brigade, 0)
        tenths = lost * 10 // printed if printed else 0
        if tenths:
            terms.append(Term(f"lost {lost} of {printed} SPs this turn", tenths, RULE))
        if DOUBLE in did:
            terms.append(Term("double move", 1, RULE))
        level = state.exhaustion.get(brigade, 0)
        if not did and level > 0:
            terms.append(Term("rest", -1, RULE))
        if terms:
            state.exhaustion[brigade] = max(0, level + int(sum(t.value for t in terms)))
            changes[brigade] = Breakdown.of(terms)
    state.activity.clear()
    state.turn_losses.clear()
    return changes


def printed_strengths(units: list[Unit]) -> dict[str, int]:
    totals: dict[str, int] = {}
    for unit in units:
        if unit.kind is not UnitKind.LEADER:
            totals[brigade_of(unit)] = totals.get(brigade_of(unit), 0) + unit.defn.strength
    return totals
