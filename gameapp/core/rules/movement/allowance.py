"""A unit's movement point allowance (MPA), as a breakdown.

Base allowance (by the scenario's column, "sharpsburg" or "r_to_w"), then the exhaustion and
command-control adjustments, then the final ones (the charge bonus, double movement). The pike
bonus (N14) depends on the path, so the reach search adds it. The charge bonus counts only for a
move that declares a charge (docs/rules.md, "Charge bonus").

Command distance is the cost in MPs, by the unit's own movement costs, of the cheapest way from
the unit to its leader, ignoring other units (docs/rules.md, "Command control").
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence
from functools import cache, partial

from gameapp.core.breakdown import Breakdown, Term
from gameapp.core.hexgrid import Hex
from gameapp.core.options import RuleOptions
from gameapp.core.rules.movement.costs import MoveCosts, mover_class
from gameapp.core.rules.movement.reach import hex_steps, pack
from gameapp.core.rules.tables import CommandLevel, Edition, MovementTables, MoverClass
from gameapp.core.terrain import Terrain
from gameapp.core.units import Formation, Side, Unit, UnitKind

COMMAND_DISTANCE_CUTOFF = 61  # one past the farthest row of the command-control table


def edition_of(options: dict[str, str | bool | int]) -> Edition:
    return _edition(RuleOptions.of(options).movement_allowances)


@cache  # an Enum call is slow, and every MPA asks
def _edition(name: str) -> Edition:
    return Edition(name)


def leader_level(leader: Unit) -> CommandLevel | None:
    """The level a leader commands: the deepest formation named on its counter."""
    d = leader.defn
    if d.brigade:
        return CommandLevel.BRIGADE
    if d.division:
        return CommandLevel.DIVISION
    if d.corps:
        return CommandLevel.CORPS
    return None


def command_of(unit: Unit, level: CommandLevel) -> tuple[str, ...] | None:
    """The command the unit belongs to at `level`, named as its leader's counter names it
    (a brigade of its division, a division of its corps, a corps); None if it names none."""
    d = unit.defn
    if level is CommandLevel.BRIGADE:
        return (d.brigade, d.division) if d.brigade else None
    if level is CommandLevel.DIVISION:
        return (d.division, d.corps) if d.division else None
    return (d.corps,) if d.corps else None


def commanded_by(unit: Unit, leader: Unit, level: CommandLevel) -> bool:
    if leader.kind is not UnitKind.LEADER or unit.side is not leader.side:
        return False
    if leader_level(leader) is not level:
        return False
    command = command_of(unit, level)
    return command is not None and command == command_of(leader, level)


class Commanders:
    """A side's leaders by the command each leads: `of(unit, level)` is the first of them, in
    the order given, that `commanded_by` says commands the unit at that level. Made once, it
    answers every unit of the side without going through the leaders again (an MPA asks for
    each level; a listing asks for every unit)."""

    def __init__(self, leaders: Sequence[Unit]) -> None:
        self.leaders = leaders
        self._first: dict[tuple[Side, CommandLevel, tuple[str, ...]], Unit] = {}
        for leader in leaders:
            level = leader_level(leader)
            if leader.kind is not UnitKind.LEADER or level is None:
                continue
            command = command_of(leader, level)
            assert command is not None  # the level is the deepest command its counter names
            self._first.setdefault((leader.side, level, command), leader)

    def of(self, unit: Unit, level: CommandLevel) -> Unit | None:
        command = command_of(unit, level)
        if command is None:
            return None
        return self._first.get((unit.side, level, command))


def commands(leader: Unit, unit: Unit) -> bool:
    """`leader` commands `unit` at some level (brigade, division or corps)."""
    return any(commanded_by(unit, leader, level) for level in CommandLevel)


ENTRY_BONUS_RULE = "002 4"


def entry_general_term(unit: Unit, general: str, costs: MoveCosts) -> Term:
    """002 4: "one extra movement factor", read as one more hex of open ground: the MPs the
    unit's mover class pays to enter clear terrain."""
    mover = mover_class(unit) or mover_class_when_moving(unit)
    mp = costs.chart.terrain_entry(Terrain.CLEAR).move_cost(mover).value
    return Term(f"general {general} on the entry hex: one more hex", mp, ENTRY_BONUS_RULE)


def allowance_before_final(
    unit: Unit,
    commanders: Commanders,
    options: dict[str, str | bool | int],
    exhaustion: int,
    tables: MovementTables,
    costs: MoveCosts,
    vacancies: Sequence[Unit] = (),
    entry_general: str | None = None,
) -> tuple[Term, ...]:
    """The MPA's terms before the final adjustments (`final_allowance`): the same whether the
    move charges or doubles, so worked out once for all of them."""
    edition = edition_of(options)
    horse = unit.kind is UnitKind.ARTILLERY and unit.defn.horse_artillery
    kind = UnitKind.INFANTRY if unit.formation is Formation.DISMOUNTED else unit.kind
    holders = unit.defn.horse_holders and kind is UnitKind.CAVALRY  # 16 MPs
    base = tables.movement_allowance(kind, edition, horse_artillery=horse, horse_holders=holders)
    terms = [Term(f"{unit.kind.value} allowance ({edition.value})", base, "MPA basic")]
    adjustment = tables.exhaustion_adjustment(unit.kind, exhaustion)
    if adjustment.mp:
        terms.append(Term(f"exhaustion level {exhaustion}", adjustment.mp, adjustment.rule))
    terms += _command_terms(unit, commanders, tables, costs, vacancies)
    if entry_general is not None:
        terms.append(entry_general_term(unit, entry_general, costs))
    return tuple(terms)


def final_allowance(unit: Unit, before: tuple[Term, ...], exhaustion: int,
                    tables: MovementTables, double: bool = False, charge: bool = False
                    ) -> Breakdown:
    """The MPA: the terms `before` and the final adjustments, the charge bonus or double
    movement."""
    terms = list(before)
    kind = UnitKind.INFANTRY if unit.formation is Formation.DISMOUNTED else unit.kind
    bonus = tables.charge_bonus(kind)
    if (charge and not double and bonus
            and tables.exhaustion_adjustment(unit.kind, exhaustion).charge_bonus):
        terms.append(Term(f"charge bonus ({kind.value})", bonus, "MPA final"))
    if double:
        subtotal = sum(t.value for t in terms)
        factor = tables.double_movement_factor
        terms.append(Term(f"double movement x{factor}", subtotal * (factor - 1), "MPA final"))
    return Breakdown.of(terms)


def _command_terms(
    unit: Unit, commanders: Commanders, tables: MovementTables, costs: MoveCosts,
    vacancies: Sequence[Unit] = (),
) -> list[Term]:
    """The command-control terms, level by level. A command whose leader is incapacitated and
    not yet replaced (`vacancies`, 1.21) costs the level's largest penalty (docs/rules.md)."""
    if unit.kind is UnitKind.LEADER or tables.command_control_exempt(
        unit.kind, unit.side, detachment=unit.defn.detachment, regular=unit.defn.regular
    ):
        return []
    terms = []
    for level in CommandLevel:
        leader = commanders.of(unit, level)
        if leader is None:
            fallen = next((u for u in vacancies if commanded_by(unit, u, level)), None)
            if fallen is not None:
                worst = tables.command_control_adjustment(level, COMMAND_DISTANCE_CUTOFF,
                                                          unit.kind)
                terms.append(Term(f"{level.value} leader {fallen.id} incapacitated, not yet "
                                  "replaced (1.21)", worst.mp, worst.rule))
            continue
        distance = command_distance(unit, leader.hex, costs)
        adjustment = tables.command_control_adjustment(level, distance, unit.kind)
        if adjustment.mp:
            far = "over 60" if distance >= COMMAND_DISTANCE_CUTOFF else str(distance)
            label = f"{level.value} leader {far} MPs away"
            terms.append(Term(label, adjustment.mp, adjustment.rule))
    return terms


def command_distance(unit: Unit, target: Hex, costs: MoveCosts) -> int:
    """The cheapest MP cost from the unit to `target`, capped at COMMAND_DISTANCE_CUTOFF.

    Dijkstra over packed hexes, on the steps the reach search keeps for the unit's mover
    (`MoveCosts.table`), so the two share their priced steps."""
    mover = mover_class(unit) or mover_class_when_moving(unit)
    by_road = unit.formation is Formation.ROAD_COLUMN
    key = (unit.hex, target, mover, by_road)
    cached = costs.distances.get(key)
    if cached is not None:
        return cached
    table = costs.table(mover, by_road)
    steps_out = partial(costs.steps_out, mover=mover, by_road=by_road)
    start, goal = pack(unit.hex), pack(target)
    best = {start: 0}
    queue = [(0, start)]
    result = COMMAND_DISTANCE_CUTOFF
    while queue:
        spent, here = heapq.heappop(queue)
        if here == goal:
            result = spent
            break
        if spent > best.get(here, COMMAND_DISTANCE_CUTOFF):
            continue
        steps = table.get(here) or hex_steps(table, steps_out, here)
        for _, there, mp, _, _ in steps.steps:
            total = spent + mp
            if total < best.get(there, COMMAND_DISTANCE_CUTOFF):
                best[there] = total
                heapq.heappush(queue, (total, there))
    costs.distances[key] = result
    return result


def mover_class_when_moving(unit: Unit) -> MoverClass:
    """The class a unit that cannot move as it stands (square, unlimbered) moves by once it
    changes formation: used only to measure command distance."""
    if unit.kind is UnitKind.ARTILLERY:
        return MoverClass.ARTILLERY
    return MoverClass.INFANTRY_LINE
