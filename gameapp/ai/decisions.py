"""Answers to the engine's pending decisions (`game.pending_decision`) and the order in which
to resolve declared charges.

- retreat before combat (3.5) and retire by prolong (3.57): from the charge's exact chances
  (`tactical(game).charge_preview`): stand when the defenders' expected VP from the charge is at
  least what giving the hex up costs (its victory points if it is a victory hex we hold, plus a
  little for the ground); otherwise go.
- a retreat path: the one ending farthest from the enemy's combat units (then the first).
- one roll for a stack or one each (note 3): `stack_roll_answer`.
- who takes a casualty step (6.76): the largest unit that is not a battery (`loss_answer`).
- a strategic battle's offer to fight it out tactically: battle_offer.py.
- any decision this player does not know: the first option the engine lists.
"""

from __future__ import annotations

from gameapp.ai import battle_offer
from gameapp.ai.estimates import ROUT_VALUE
from gameapp.core.actions import (
    Action,
    ChooseRetreatPath,
    Prolong,
    RetreatBeforeCombat,
    StackRoll,
    TakeLoss,
)
from gameapp.core.breakdown import IllegalActionError
from gameapp.core.campaign.actions import BattleChoice
from gameapp.core.decisions import DecisionKind, PendingDecision
from gameapp.core.engine import Game
from gameapp.core.hexgrid import Hex
from gameapp.core.rules.charge import ChargeOutcome
from gameapp.core.rules.stack_roll import chances
from gameapp.core.rulesets.tactical import tactical
from gameapp.core.units import Side, UnitKind

GROUND = 0.3  # VP for keeping a hex that is not a victory hex
ROUTED_LOSS = 0.8


def answer_any(game: Game, side: Side) -> tuple[Action | BattleChoice, str]:
    """The answer to any pending decision, of either ruleset: a strategic battle's offer to be
    fought out (battle_offer.py), or the tactical decisions below."""
    decision = game.pending_decision
    assert decision is not None
    if decision.kind is DecisionKind.BATTLE_OFFER:
        return battle_offer.answer(game, side)
    return answer(game, side)


def answer(game: Game, side: Side) -> tuple[Action, str]:
    decision = game.pending_decision
    assert decision is not None
    actions = [o.action for o in decision.options]
    first = actions[0]
    go = next((a for a in actions if isinstance(a, RetreatBeforeCombat) and a.retreat), None) \
        or next((a for a in actions if isinstance(a, Prolong) and a.retire), None)
    stay = next((a for a in actions if isinstance(a, RetreatBeforeCombat) and not a.retreat),
                None) or next((a for a in actions if isinstance(a, Prolong) and not a.retire),
                              None)
    if go is not None and stay is not None and decision.target is not None:
        standing = stand_value(game, side, decision.target)
        if standing is None:
            return stay, "stands: the charge cannot be previewed"
        keep = _keep_value(game, side, decision.target)
        choice = stay if standing + keep >= 0 else go
        verb = "stands against" if choice is stay else "falls back from"
        return choice, (f"{verb} the charge on {game.map.hex_id(decision.target)}: "
                        f"{standing:+.2f} VP expected if it stands, the hex worth {keep:.2f}")
    rolls = [a for a in actions if isinstance(a, StackRoll)]
    if rolls:
        return stack_roll_answer(game, side, decision, rolls)
    paths = [a for a in actions if isinstance(a, ChooseRetreatPath)]
    if paths:
        best = max(paths, key=lambda a: (_safety(game, side, a.path[-1] if a.path else None),
                                         -actions.index(a)))
        verb = "routs" if decision.rout is not None else "retreats"  # 7.6 or 000 15.4
        return best, (f"{verb} {best.unit_id} along the path farthest from the enemy "
                      f"({best.to_text(game.map.numbering)})")
    losses = [a for a in actions if isinstance(a, TakeLoss)]
    if losses:
        return loss_answer(game, losses)
    return first, f"answers {decision.question}: {first.to_text(game.map.numbering)} (the first " \
                  "option)"


def loss_answer(game: Game, losses: list[TakeLoss]) -> tuple[Action, str]:
    """6.76: keep the guns served: the step goes to the largest unit that is not a battery
    (a battery only when nothing else is left)."""
    units = game.state.units
    best = max(losses, key=lambda a: (units[a.unit_id].kind is not UnitKind.ARTILLERY,
                                      units[a.unit_id].strength, -losses.index(a)))
    return best, f"gives the casualty step to {best.unit_id}, sparing the gunners (6.76)"


def stack_roll_answer(game: Game, side: Side, decision: PendingDecision,
                      rolls: list[StackRoll]) -> tuple[Action, str]:
    """Note 3. The SPs expected to rout are the same either way (each check keeps its own
    chances); only the spread differs. On a victory hex we hold: the choice less likely to
    rout the whole stack (the hex would be lost); elsewhere the one less likely to rout any
    unit. Ties: one roll."""
    target = decision.target
    held = (target is not None and game.state.holders.get(target) is side
            and target in {v.hex for v in game.scenario.victory_hexes})
    odds = {a: chances(game.state.units, decision.checks, a.one) for a in rolls}
    best = min(rolls, key=lambda a: (odds[a].routed_sps,
                                     odds[a].all_rout if held else odds[a].any_routs, not a.one))
    what = "all rout" if held else "any routs"
    risk = odds[best].all_rout if held else odds[best].any_routs
    return best, (f"{best.to_text(game.map.numbering)}: {float(odds[best].routed_sps):.2f} SPs "
                  f"expected to rout, {what} {float(risk):.1%}")


def stand_value(game: Game, side: Side, target: Hex) -> float | None:
    """The defenders' expected VP if the charge on `target` goes in: attacker routs gained,
    defender routs lost."""
    try:
        preview = tactical(game).charge_preview(target)
    except IllegalActionError:
        return None
    units = game.state.units
    value = 0.0
    for uid, p in preview.chances.attacker_routs.items():
        strength = units[uid].strength if uid in units else 0
        value += float(p) * (ROUT_VALUE * strength + ROUTED_LOSS)
    for uid, p in preview.chances.defender_routs.items():
        strength = units[uid].strength if uid in units else 0
        value -= float(p) * (ROUT_VALUE * strength + ROUTED_LOSS)
    return value


def charge_order_text(game: Game, target: Hex) -> str:
    try:
        preview = tactical(game).charge_preview(target)
    except IllegalActionError:
        return f"resolves the charge on {game.map.hex_id(target)}"
    win = float(preview.probability(ChargeOutcome.DEFENDER_ROUTS))
    lose = float(preview.probability(ChargeOutcome.ATTACKER_ROUTS))
    return (f"resolves the charge on {game.map.hex_id(target)}: {win:.0%} the defenders rout, "
            f"{lose:.0%} the attackers rout")


def charge_success(game: Game, target: Hex) -> float:
    try:
        preview = tactical(game).charge_preview(target)
        return float(preview.probability(ChargeOutcome.DEFENDER_ROUTS))
    except IllegalActionError:
        return 0.0


def _keep_value(game: Game, side: Side, target: Hex) -> float:
    points = {v.hex: v.points for v in game.scenario.victory_hexes}
    if target in points:
        return float(points[target])
    return GROUND


def _safety(game: Game, side: Side, h: Hex | None) -> int:
    if h is None:
        return 0
    return min((h.distance(u.hex) for u in game.state.side_units(side.other)
                if u.kind is not UnitKind.LEADER), default=99)
