"""Listing every move, facing, formation and cover change open to a side (1.22), fast.

`list_actions` lists each facing, formation and cover change that `MovementRules.plan` would
accept, asking the checks themselves without making a plan of each (`in_place.facings_open`,
`formations_open`, `cover_open`), a move to every hex the reach search finds, and every charge
(`charges.charge_moves`), the moves' paths read off each search in one pass
(`MovementRules.listed_paths`). It does so on a `MovementRules.lister()`, which keeps for as long as
the listing runs what the listing would otherwise work out again and again on the same state
(`ListingMemo`). A charger's plain and charge-bonus reach come from one search
(`MovementRules.reachable_both`).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from gameapp.core.actions import Action, ChangeFormation, Cover, Face, listed_moves
from gameapp.core.breakdown import Breakdown
from gameapp.core.hexgrid import Hex
from gameapp.core.options import RuleOptions
from gameapp.core.rules.movement.allowance import Commanders
from gameapp.core.rules.movement.charges import CHARGERS, charge_moves, charge_targets
from gameapp.core.rules.movement.enemy_fire import FireCoverage
from gameapp.core.rules.movement.in_place import cover_open, facings_open, formations_open
from gameapp.core.rules.movement.reach import pack
from gameapp.core.state import GameState
from gameapp.core.units import FORMATIONS_BY_KIND, Formation, Side, Status, Unit, UnitKind

if TYPE_CHECKING:
    from gameapp.core.rules.movement.phase import MovementRules


def list_actions(rules: MovementRules, side: Side) -> Iterator[Action]:
    """Every move, facing, formation and cover change open to `side`, lazily, on the state as
    it is when the listing begins."""
    lister = rules.lister()
    targets = charge_targets(rules.state, side)
    # a charger's charge reach matters only where a charge may stop (`charge_moves`)
    charge_stops = frozenset(pack(h) for h in targets.beside)
    for unit in rules.state.side_units(side):
        if _may_change_in_place(unit, rules.state):
            for facing in facings_open(lister, unit):
                yield Face(unit.id, facing)
            for formation in formations_open(lister, unit, _formations_taken(unit)):
                yield ChangeFormation(unit.id, formation)
            if cover_open(lister, unit):
                yield Cover(unit.id, Status.COVER not in unit.status)
        if Status.CHARGE in unit.status:
            continue  # it has declared a charge: it moves no further (3.4, `plan`)
        charger = unit.kind in CHARGERS
        paths, charging = lister.listed_paths(unit, charge_stops if charger else None)
        yield from listed_moves(unit.id, paths)
        if charger:
            yield from charge_moves(lister, unit, charging, targets)


def _may_change_in_place(unit: Unit, state: GameState) -> bool:
    """Whether the unit may spend MPs at all (`plan`'s first checks)."""
    return not (Status.ROUTED in unit.status or Status.SHAKEN in unit.status
                or unit.id in state.held)


def _formations_taken(unit: Unit) -> list[Formation]:
    """The formations worth asking about: not those `plan` refuses whatever the state (the
    unit's own, one its kind never takes, `formations.change_terms`)."""
    taken = FORMATIONS_BY_KIND[unit.kind]
    return [f for f in Formation if f is not unit.formation and f in taken]


class ListingMemo:
    """What one listing keeps while it runs, all of one state that does not change meanwhile:
    each unit's MPA, the enemy fields of fire, each side's leaders (also by command), who may
    end a move where (stacking), the units by hex and by side. What outlasts a
    listing is kept with the game's move costs (the MPAs, fields of fire and searches, each
    with what it read) or with the map."""

    def __init__(self, state: GameState, rule_options: RuleOptions) -> None:
        self.rule_options = rule_options  # the options as the rules read them
        self.allowances: dict[tuple[int, bool, bool], tuple[Unit, Breakdown]] = {}
        self.remaining: dict[tuple[int, bool, bool], tuple[Unit, int]] = {}  # MPs left, alike
        self.coverage: dict[Side, FireCoverage] = {}  # each side's enemy fields of fire
        self.leaders: dict[Side, list[Unit]] = {}
        self.commanders: dict[Side, Commanders] = {}
        # (hex, kind, formation, SPs) -> may such a unit, from elsewhere, end its move there?
        self.stacks: dict[tuple[Hex, UnitKind, Formation, int], bool] = {}
        # (stacking ground, kind, formation, SPs) -> may such a unit stand alone on such ground?
        self.alone: dict[tuple[int, UnitKind, Formation, int], bool] = {}
        self._by_hex: dict[Hex, list[Unit]] = {}
        self.side_units: dict[Side, list[Unit]] = {side: [] for side in Side}
        for unit in state.units.values():
            self._by_hex.setdefault(unit.hex, []).append(unit)
            self.side_units[unit.side].append(unit)

    def units_at(self, h: Hex) -> list[Unit]:
        return self._by_hex.get(h, [])

    def occupied(self, unit: Unit) -> set[Hex]:
        """The hexes holding a unit other than `unit`."""
        hexes = set(self._by_hex)
        if [u.id for u in self._by_hex.get(unit.hex, [])] == [unit.id]:
            hexes.discard(unit.hex)
        return hexes
