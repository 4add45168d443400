"""What a battle or the supply net would be now, for the window (no state is changed): the
attacks the rules list on a hex, a battle's preview before the die (odds, shifts, every
outcome's chance), and where each of a side's pieces traces its supply."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gameapp.core.breakdown import IllegalActionError
from gameapp.core.engine import Game
from gameapp.core.hexgrid import Hex
from gameapp.core.ruleset import RuleContext
from gameapp.core.rulesets.strategic.actions import Attack
from gameapp.core.rulesets.strategic.combat import AttackHandler
from gameapp.core.rulesets.strategic.odds import BattlePreview
from gameapp.core.rulesets.strategic.queries import strategic_state
from gameapp.core.rulesets.strategic.supply import SupplyNet, needs_supply, supply_net
from gameapp.core.units import Side


def read_context(game: Game) -> RuleContext:
    """A context for the rules' read-only helpers (the supply net, previews), for the window
    and the computer player: it never ends a step."""

    def refuse() -> list[Any]:
        raise IllegalActionError("a look at the game cannot end a step", "R&C actions")

    return RuleContext(game.state, game.scenario, game.rules, game.dice, game.step, refuse)


def attacks_on(game: Game, target: Hex) -> list[Attack]:
    """The attacks on `target` the rules list now (one a commanded force: the strongest pair
    of hexes next to it)."""
    strategic_state(game)
    return [a for a in game.legal_actions() if isinstance(a, Attack) and a.target == target]


def battle_preview(game: Game, action: Attack) -> BattlePreview:
    """The battle `action` would fight, before the die: odds, shifts, modifiers, supply and
    each outcome with its chance (the handler's own preview, as `game.apply` resolves it)."""
    side = game.acting_side
    assert side is not None
    return AttackHandler().preview(read_context(game), action, side)


@dataclass(frozen=True)
class SupplyPicture:
    """A side's supply now: the hexes of its pieces that need supply, in and out of it, and
    the net (what each hex traces to, and the path there)."""

    side: Side
    supplied: frozenset[Hex]
    unsupplied: frozenset[Hex]
    net: SupplyNet

    def path(self, h: Hex) -> tuple[Hex, ...]:
        return self.net.path(h)


def supply_picture(game: Game, side: Side) -> SupplyPicture:
    state = strategic_state(game)
    net = supply_net(read_context(game), side)
    hexes = {p.hex for p in state.pieces.values()
             if p.side is side and needs_supply(p) and game.map.contains(p.hex)}
    return SupplyPicture(side, frozenset(h for h in hexes if h in net.reach),
                         frozenset(h for h in hexes if h not in net.reach), net)
