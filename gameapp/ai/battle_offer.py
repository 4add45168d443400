"""The computer's answer to a battle's offer (docs/campaigns.md, "The offer"): fight it out on
the tactical map, or resolve it on the strategic table.

The table's result is known in chances (the battle's preview): the computer takes the table
when it expects to come out of it no worse, in SP lost against SP inflicted, and otherwise
gambles on the tactical field, where its own play may do better than the odds.
"""

from __future__ import annotations

from fractions import Fraction

from gameapp.core.campaign.actions import BattleChoice
from gameapp.core.campaign.offer import BattleOffer
from gameapp.core.engine import Game
from gameapp.core.units import Side


def table_balance(offer: BattleOffer, side: Side) -> Fraction:
    """SP the enemy is expected to lose on the table minus SP `side` is expected to lose."""
    preview = offer.preview
    attacker = sum((r.chance * r.attacker_loss for r in preview.results), Fraction(0))
    defender = sum((r.chance * r.defender_loss for r in preview.results), Fraction(0))
    return defender - attacker if side is preview.side else attacker - defender


def answer(game: Game, side: Side) -> tuple[BattleChoice, str]:
    decision = game.pending_decision
    assert decision is not None
    choices = [o.action for o in decision.options if isinstance(o.action, BattleChoice)]
    offer = game.state.battle
    assert isinstance(offer, BattleOffer) and choices
    balance = table_balance(offer, side)
    tactical = balance < 0
    choice = next(c for c in choices if c.tactical is tactical)
    how = "fights it out on the field" if tactical else "takes the strategic table"
    return choice, (f"{how}: on the table it expects {float(balance):+.2f} SP, enemy losses "
                    "less its own")
