"""Back to the campaign (docs/campaigns.md, "Back to the campaign"): what a tactical battle's
end does to the strategic game. The tactical game sends its facts (`TacticalResult`: winner,
level, men lost, strategic leaders lost); these rules turn them into strategic results:

- R&C campaign losses: each side loses its men lost / 1,000 strategic SP, rounded half up, no
  more than the SP its formations brought, shared over the divisions that fought in proportion
  to the men their formations lost (largest remainders, ties to the stronger division), at most
  a division's SP each; what the divisions that bled cannot take, and a result that says
  nothing of where the men fell, is shared by 8.16.
- R&C campaign retreat: the loser retreats 2 hexes after a decisive defeat, 1 after a
  substantive one, none after a marginal one or a draw (as 9.32's retreats, all its units in the
  battle with their leaders, HQs and trains; the winner does not advance, as after a table
  battle).
- R&C campaign leaders lost: a strategic leader whose tactical counter fell is out of the
  campaign (22.5: to the leader pool).

The result is one strategic action in the campaign's log, so the campaign's replay repeats it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from gameapp.core.breakdown import Term
from gameapp.core.campaign.actions import TacticalResult
from gameapp.core.campaign.convert_in import shares
from gameapp.core.campaign.offer import BattleOffer, battle_units, matched
from gameapp.core.campaign.sites import BattleSite
from gameapp.core.ruleset import RuleContext
from gameapp.core.rulesets.strategic.combat import _lone_pieces, _retreat, attack_key
from gameapp.core.rulesets.strategic.losses import LossLine, share_losses
from gameapp.core.rulesets.strategic.movement import remove_piece
from gameapp.core.rulesets.strategic.odds import attack_hexes
from gameapp.core.rulesets.strategic.pieces import Division, Leader
from gameapp.core.rulesets.strategic.sequence import StrategicPhase
from gameapp.core.rulesets.strategic.state import StrategicState
from gameapp.core.rulesets.strategic.supply import apply_losses
from gameapp.core.units import Side

LOSSES = "R&C campaign losses"
RETREAT = "R&C campaign retreat"
LEADERS_LOST = "R&C campaign leaders lost"
MEN_PER_SP = 1000
RETREATS = {"decisive": 2, "substantive": 1, "marginal": 0, "draw": 0}


@dataclass(frozen=True)
class TacticalBattleSettled:
    """The battle's result carried back, term by term."""

    site: str
    name: str
    result: TacticalResult
    terms: tuple[Term, ...]
    lines: tuple[LossLine, ...]  # where each SP fell


def sp_lost(men: int, engaged: int) -> int:
    """Men lost / 1,000, rounded half up, and no more than the SP engaged."""
    return min(engaged, math.floor(Fraction(men, MEN_PER_SP) + Fraction(1, 2)))


def share_by_bleeding(fought: list[Division], bled: dict[str, int], loss: int
                      ) -> list[LossLine]:
    """Where `loss` SP fall among the divisions that `fought`: in proportion to the men their
    formations lost (`bled`), each at most its SP; the rest by 8.16's even sharing."""
    order = sorted((u for u in fought if bled.get(u.id, 0) > 0),
                   key=lambda u: (-bled[u.id], -u.sp, u.id))
    weight = sum(bled[u.id] for u in order)
    taken = dict.fromkeys((u.id for u in order), 0)
    open_ = order
    while open_ and sum(taken.values()) < loss:
        left = loss - sum(taken.values())
        for unit, share in zip(open_, shares([bled[u.id] for u in open_], left), strict=True):
            taken[unit.id] += min(share, unit.sp - taken[unit.id])
        open_ = [u for u in open_ if taken[u.id] < u.sp]
    lines = [LossLine(u.id, taken[u.id], f"its formations lost {bled[u.id]:,} of the side's "
                      f"{weight:,} men on the field: {taken[u.id]} of the {loss} SP (in "
                      "proportion, largest remainders)", LOSSES)
             for u in order if taken[u.id]]
    rest = loss - sum(taken.values())
    if rest:
        spared = [replace(u, sp=u.sp - taken.get(u.id, 0)) for u in fought
                  if u.sp > taken.get(u.id, 0)]
        lines += share_losses(spared, [], rest)
    return lines


def settle(ctx: RuleContext, offer: BattleOffer, site: BattleSite,
           result: TacticalResult) -> list[Any]:
    state: StrategicState = ctx.state
    preview = offer.preview
    terms: list[Term] = []
    lines: list[LossLine] = []
    for side in Side:
        units = battle_units(state, preview, side)
        claimed = {i for ids in matched(site.sides[side].formations, units).values() for i in ids}
        fought = [u for u in units if u.id in claimed]
        engaged = sum(u.sp for u in fought)
        loss = sp_lost(result.men(side), engaged)
        ratio = Fraction(result.men(side), MEN_PER_SP)
        terms.append(Term(f"{side.label}: {result.men(side):,} men lost / {MEN_PER_SP:,} = "
                          f"{float(ratio):g}, rounded half up (at most the {engaged} SP that "
                          f"fought): {loss} SP lost", loss, LOSSES))
        shared = share_by_bleeding(fought, dict(result.bled), loss)
        apply_losses(state, shared, "battle")
        lines += shared
    for leader_id in result.leaders:
        leader = state.pieces.get(leader_id)
        if isinstance(leader, Leader):
            remove_piece(state, leader_id, "leader pool")
            terms.append(Term(f"{leader.name} fell at {site.name}: out of the campaign "
                              "(22.5: to the leader pool)", 1, LEADERS_LOST))
    events: list[Any] = []
    after = _retreats(ctx, offer, result, terms)
    for unit_id in preview.attackers:
        state.attacked.add(attack_key(unit_id, ctx.step.phase))
        if ctx.step.phase is StrategicPhase.MOVEMENT:
            state.halted.add(unit_id)
    state.battles += 1
    events.append(TacticalBattleSettled(site.id, site.name, result, tuple(terms), tuple(lines)))
    return events + after


def _retreats(ctx: RuleContext, offer: BattleOffer, result: TacticalResult,
              terms: list[Term]) -> list[Any]:
    state: StrategicState = ctx.state
    preview = offer.preview
    hexes = RETREATS[result.level] if result.winner is not None else 0
    loser = result.winner.other if result.winner is not None else None
    if loser is None:
        terms.append(Term("a draw: nobody retreats", 0, RETREAT))
        return []
    unit = "hex" if hexes == 1 else "hexes"
    terms.append(Term(f"{result.winner.label if result.winner else ''} {result.level} "
                      f"victory: {loser.label} retreats {hexes} {unit}", hexes, RETREAT))
    left = [u for u in battle_units(state, preview, loser) if isinstance(u, Division)]
    if loser is not preview.side:  # the defenders
        if not left:
            return _lone_pieces(ctx, loser, preview.target)
        return _retreat(ctx, loser, preview.target, hexes, left) if hexes else []
    events: list[Any] = []
    if hexes:
        for h in attack_hexes(state, tuple(u.id for u in left)):
            group = [u for u in left if u.hex == h]
            events += _retreat(ctx, loser, h, hexes, group, avoid=(preview.target,))
    return events
