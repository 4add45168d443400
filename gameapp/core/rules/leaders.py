"""Incapacitated leaders and their replacement (1.21, 9.0).

Section 9.0 itself is not among the seed documents; 1.21 says only that a side tries to replace
its incapacitated leaders in its preparation phase. Our reading (docs/rules.md, "Leaders"):

- a leader incapacitated by any rule (a charge's 66, fire at an officer, a historical event)
  leaves a vacancy (`GameState.vacancies`, the fallen leader as he was);
- while the command is vacant, every unit it commanded pays that level's largest
  command-control penalty, as if its leader were more than the farthest distance away
  (`command_penalty`);
- in its side's next preparation phase (1.21) the vacancy is filled, with no roll: a successor
  with the same command and no morale bonus appears with the unit of that command nearest to
  where the leader fell (ties by unit id). A command with no unit left is simply closed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from gameapp.core.events import Event, LeaderReplaced
from gameapp.core.rules.movement.allowance import commanded_by, leader_level
from gameapp.core.state import GameState
from gameapp.core.units import Side, Unit, UnitKind

REPLACEMENT_RULE = "1.21"


def note_vacancies(state: GameState, before: GameState, fallen: Sequence[str]) -> None:
    """Record the commands of the leaders `fallen` (ids) left vacant by an action."""
    for uid in fallen:
        leader = before.units.get(uid)
        if leader is not None and leader.kind is UnitKind.LEADER and uid not in state.units:
            state.vacancies[uid] = leader




def _successor_id(state: GameState, fallen: Unit) -> str:
    uid, n = f"{fallen.id}-successor", 2
    while uid in state.units or uid in state.vacancies:
        uid, n = f"{fallen.id}-successor-{n}", n + 1
    return uid


def replace_leaders(state: GameState, side: Side) -> list[Event]:
    """1.21: fill every vacant command of `side`."""
    events: list[Event] = []
    for uid, fallen in sorted(state.vacancies.items()):
        if fallen.side is not side:
            continue
        del state.vacancies[uid]
        level = leader_level(fallen)
        command = [u for u in state.side_units(side) if u.kind is not UnitKind.LEADER
                   and level is not None and commanded_by(u, fallen, level)]
        if not command:
            continue
        where = min(command, key=lambda u: (u.hex.distance(fallen.hex), u.id)).hex
        new_id = _successor_id(state, fallen)
        defn = replace(fallen.defn, id=new_id, name=f"{fallen.defn.name}'s successor",
                       leader_morale_bonus=0)
        state.units[new_id] = replace(fallen, defn=defn, hex=where, status=frozenset())
        events.append(LeaderReplaced(uid, new_id, where, REPLACEMENT_RULE))
    return events
