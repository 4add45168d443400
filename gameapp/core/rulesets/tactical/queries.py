"""What the window, the AI and the tests ask of a tactical game, beside playing it.

    tactical(game).movement.reachable("usa-5ct")     # MovementRules on the game's state now
    tactical(game).fire.targets("usa-5ct")           # FireRules, with the turn's light
    tactical(game).charge_preview(target)            # a charge's odds before its dice
    tactical(game).retreat_options("csa-21va")       # the retreat paths it would have

`TacticalRules` is what one tactical game keeps between actions (the movement step costs of its
map); `TacticalQueries` puts it together with a state, the game's or a handler's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from gameapp.core.breakdown import IllegalActionError
from gameapp.core.hexgrid import Hex
from gameapp.core.options import RuleOptions
from gameapp.core.rules.charge.preview import ChargePreview, preview_charge
from gameapp.core.rules.chargephase import charge_parties
from gameapp.core.rules.fire.phase import FireRules
from gameapp.core.rules.movement.costs import MoveCosts
from gameapp.core.rules.movement.phase import MovementRules
from gameapp.core.rules.opening_volley import VOLLEY_RULE, volley_note
from gameapp.core.rules.retreat import RetreatOptions, retreat_paths
from gameapp.core.scenario import Scenario
from gameapp.core.state import GameState
from gameapp.core.units import UnitKind

if TYPE_CHECKING:
    from gameapp.core.engine import Game
    from gameapp.core.ruleset import RuleContext


class TacticalRules:
    """What one tactical game keeps between actions."""

    def __init__(self, scenario: Scenario) -> None:
        self.costs = MoveCosts(scenario.map,
                               bridges_by_road=RuleOptions.of(scenario.options).bridges_by_road)


@dataclass(frozen=True)
class TacticalQueries:
    """The tactical rules on one state (cheap to make: build one per question)."""

    scenario: Scenario
    state: GameState
    rules: TacticalRules

    @classmethod
    def of(cls, ctx: RuleContext) -> TacticalQueries:
        return cls(ctx.scenario, ctx.state, ctx.rules)

    @property
    def costs(self) -> MoveCosts:
        return self.rules.costs

    @property
    def movement(self) -> MovementRules:
        return MovementRules(self.scenario.map, self.scenario.options, self.state,
                             self.rules.costs, self.scenario.los_conventions)

    @property
    def fire(self) -> FireRules:
        light = self.scenario.clock.light_of(self.state.turn)
        return FireRules(self.scenario.map, self.scenario.los_conventions, self.state, light,
                         RuleOptions.of(self.scenario.options))

    def charge_preview(self, target: Hex, attacker_ids: Sequence[str] | None = None,
                       positions: Mapping[str, Hex] | None = None) -> ChargePreview:
        """The charge on `target` before its dice: both sides' SPs step by step, the odds and
        the exact chance of each outcome. Nothing changes.

        Without `attacker_ids`: the charge declared on `target` (the charge phase, or a
        non-immediate charge during movement). With them: the charge those units would make
        together with any already declared on `target`, each from where it stands or from
        `positions[unit_id]` (the hex a charge move would stop it in). IllegalActionError when
        there is no such charge to preview.

            preview = tactical(game).charge_preview(game.map.parse("0604"))
            preview.odds.column.label, preview.probability(ChargeOutcome.DEFENDER_ROUTS)
        """
        hex_id = self.scenario.map.hex_id
        declared = self.state.charges.get(target, ())
        ids = (*declared, *(i for i in attacker_ids or () if i not in declared))
        if not ids:
            raise IllegalActionError(f"no charge is declared on {hex_id(target)}", "1.25")
        unknown = [i for i in ids if i not in self.state.units]
        if unknown:
            raise IllegalActionError(f"there is no unit {unknown[0]} on the map", "R&C actions")
        parties = charge_parties(self.state, target, ids, positions, self.scenario.map)
        if parties is None:
            raise IllegalActionError(f"nothing to charge in {hex_id(target)}: no unrouted "
                                     "charging unit or no enemy combat unit", "1.25")
        charging, defenders, situation = parties
        preview = preview_charge(charging, defenders, self.scenario.map, situation,
                                 declared=set(ids) <= set(declared))
        if RuleOptions.of(self.scenario.options).opening_volley:  # 003 5.4, an option
            where = self.state.copy()
            where.units.update({u.id: u for u in charging})
            note = volley_note(where, self.fire, target, ids)
            if note is not None:
                preview = replace(preview, notes=((VOLLEY_RULE, note),))
        return preview

    def retreat_options(self, unit_id: str, distance: int = 2,
                        causer_ids: Sequence[str] | None = None) -> RetreatOptions:
        """The retreat paths `unit_id` would have if it had to retreat `distance` hexes now,
        away from the units `causer_ids` (by default the nearest enemy combat units), under the
        scenario's `retreat` and `stacking` options (what the window highlights; nothing
        changes). IllegalActionError if the unit is not on the map."""
        unit = self.state.units.get(unit_id)
        if unit is None:
            raise IllegalActionError(f"there is no unit '{unit_id}'", "R&C actions")
        enemies = [u for u in self.state.units.values()
                   if u.side is not unit.side and u.kind is not UnitKind.LEADER]
        nearest = min((unit.hex.distance(u.hex) for u in enemies), default=0)
        causers = [u for u in enemies if unit.hex.distance(u.hex) == nearest]
        if causer_ids is not None:
            causers = [self.state.units[i] for i in causer_ids if i in self.state.units]
        options = RuleOptions.of(self.scenario.options)
        return retreat_paths(unit, distance, causers, self.state.units, self.scenario.map,
                             options.retreat, options.stacking_rule, costs=self.rules.costs)


def tactical(game: Game) -> TacticalQueries:
    """The tactical rules of `game` on its state now. TypeError if `game` plays another ruleset."""
    rules = game.rules
    if not isinstance(rules, TacticalRules):
        raise TypeError(f"{game.scenario.name!r} is not played with the tactical rules")
    return TacticalQueries(game.scenario, game.state, rules)
