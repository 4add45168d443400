"""What must hold after every action of every game (issue 6, issue 23), shared by
tests/core/test_game_invariants.py and the soak bench (bench/soak.py):

- no unit stands on a hex its mover class may not enter (TEC "P"), unless it is in road column on
  a road there (the road carries it, N11);
- no unit's SPs are negative, or above its printed strength;
- every unit of the scenario is in exactly one place: on the map, on the Broken Track, removed
  (eliminated, or an officer incapacitated, tallied from the events `apply` returns) or still to
  arrive;
- no hex holds more than its stacking limit (TEC N1 and N9, or 000 6.1) after any action. The
  rules allow no over-stack that outlives an action (docs/rules.md, "Over-stacking"): a move is
  one action and is checked where it ends, reinforcements come on where they fit (002 6), the
  victors of a charge advance while the hex has room (8.54 with 000 6.1), and retreats and routs
  end where they may stack (000 15.4's extension). The one exception is named by its rule in
  PERMITTED: reinforcements that find no edge hex with room come on at their entry hex.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from gameapp.core.engine import Game
from gameapp.core.events import Event, OfficerIncapacitated, ReinforcementsArrived, UnitEliminated
from gameapp.core.hexgrid import Hex
from gameapp.core.rules.movement.costs import mover_class
from gameapp.core.rules.movement.stacking import stacking_problem
from gameapp.core.rules.tables import terrain_effects
from gameapp.core.terrain import RoadGrade
from gameapp.core.units import Formation, Unit

# the rule that permits an over-stack to outlive the action that made it, by how it was made
PERMITTED = {"arrival without room": "002 6 (no edge hex with room: they come on at the entry "
                                     "hex and must move on)"}


def removed_by(events: Iterable[Event]) -> set[str]:
    return {e.unit_id for e in events if isinstance(e, UnitEliminated | OfficerIncapacitated)}


def every_unit_id(game: Game) -> list[str]:
    ids = [u.id for u in game.scenario.units]
    ids += [u.id for r in game.scenario.reinforcements for u in r.units]
    return ids


def prohibited_placements(game: Game) -> list[str]:
    chart = terrain_effects()
    found = []
    for unit in game.state.units.values():
        if not game.map.contains(unit.hex):
            found.append(f"{unit.id} is off the map at {unit.hex}")
            continue
        mover = mover_class(unit)
        if mover is None:  # cannot move as it stands (square, unlimbered): it was not moved here
            continue
        terrain = game.map.terrain_at(unit.hex)
        if not chart.terrain_entry(terrain).move_cost(mover).prohibited:
            continue
        on_road = unit.formation is Formation.ROAD_COLUMN and any(
            game.map.road_at(unit.hex, d) is not RoadGrade.NONE for d in range(6))
        if not on_road:
            found.append(f"{unit.id} ({mover.value}) stands in {terrain.label} at "
                         f"{game.map.hex_id(unit.hex)}")
    return found


def strength_problems(units: Iterable[Unit]) -> list[str]:
    return [f"{u.id} has {u.strength} SPs of {u.defn.strength}"
            for u in units if not 0 <= u.strength <= u.defn.strength]


def accounting_problems(game: Game, removed: set[str]) -> list[str]:
    state = game.state
    problems = []
    for uid in every_unit_id(game):
        places = [name for name, here in (
            ("map", uid in state.units),
            ("broken", uid in state.broken),
            ("removed", uid in removed),
            ("to arrive", uid not in state.entered),
        ) if here]
        if len(places) != 1:
            problems.append(f"{uid} is in {places or 'nowhere'}")
    return problems


@dataclass(frozen=True)
class Overstack:
    hex_id: str
    units: tuple[str, ...]
    reason: str
    limit_rule: str
    permitted_by: str | None  # the rule that permits it, None: a violation

    def __str__(self) -> str:
        allowed = f"; permitted by {self.permitted_by}" if self.permitted_by else ""
        return f"{self.hex_id} ({', '.join(self.units)}): {self.reason} [{self.limit_rule}]" \
               f"{allowed}"


def overstacks(game: Game, arrived_without_room: set[Hex] | None = None) -> list[Overstack]:
    """Every hex over its stacking limit now, each with the rule that permits it or None."""
    option = str(game.scenario.options.get("stacking", "tec_sl"))
    by_hex: dict[Hex, list[Unit]] = {}
    for unit in game.state.units.values():
        by_hex.setdefault(unit.hex, []).append(unit)
    found = []
    for h, units in by_hex.items():
        problem = stacking_problem(h, units, game.map, terrain_effects(), option)
        if problem:
            permitted = PERMITTED["arrival without room"] if h in (arrived_without_room or ()) \
                else None
            found.append(Overstack(game.map.hex_id(h), tuple(sorted(u.id for u in units)),
                                   problem[0], problem[1], permitted))
    return found


class Watch:
    """Checks every invariant after each action of one game; `problems` collects violations."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.removed = removed_by(game.opening_events)
        self.crowded_entries: set[Hex] = set()  # 002 6: came on where there was no room
        self._crowded_in: tuple[int, int] | None = None  # ...in this step only
        self.problems: list[str] = []
        self.permitted: list[str] = []
        self.actions = 0
        self.check("the opening", [])

    def after(self, events: list[Event]) -> None:
        self.actions += 1
        entry = self.game.log[-1] if self.game.log else None
        text = f"action {self.actions} ({entry.notation}, turn {entry.turn})" if entry else "?"
        self.check(text, events)

    def check(self, after: str, events: list[Event]) -> None:
        game = self.game
        gone = removed_by(events)
        twice = gone & self.removed
        self.removed |= gone
        step = (game.state.turn, game.state.step_index)
        if any(isinstance(e, ReinforcementsArrived) for e in events):
            self.crowded_entries = {e.hex for e in events if isinstance(e, ReinforcementsArrived)
                                    and self._crowded(e.hex)}
            self._crowded_in = step
        elif step != self._crowded_in:  # temporary: the step they came on in is over
            self.crowded_entries = set()
        found = [f"{sorted(twice)} removed twice"] if twice else []
        found += prohibited_placements(game)
        found += strength_problems([*game.state.units.values(),
                                    *(b.unit for b in game.state.broken.values())])
        found += accounting_problems(game, self.removed)
        for over in overstacks(game, self.crowded_entries):
            if over.permitted_by:
                self.permitted.append(f"{after}: {over}")
            else:
                found.append(f"over-stacked {over}")
        self.problems += [f"after {after}: {p}" for p in found]

    def _crowded(self, h: Hex) -> bool:
        option = str(self.game.scenario.options.get("stacking", "tec_sl"))
        here = self.game.state.units_at(h)
        return stacking_problem(h, here, self.game.map, terrain_effects(), option) is not None
