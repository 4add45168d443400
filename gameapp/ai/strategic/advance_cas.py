"""The advance after a battle (docs/ai.md, "Advancing after a battle"; the rule: R&C strategic
advance): a player with `advances` (hard) follows a battle that emptied an enemy victory place
or an enemy fort by going into it at once with the surviving attackers, the strongest that fit
together (the rules' first proposal). The advance must be the very next action, so it scores
above every battle (BATTLE_SCORE). It takes the place (3.23) or the empty fort (13.15) this
week, where a march next week might find the defenders back: Butler's men, driving Lovell's
garrison out of New Orleans, walk in the same day, as they did on 1 May 1862. Other ground is
left: an advance there only stands the attackers next to the beaten enemy."""

from __future__ import annotations

from dataclasses import dataclass

from gameapp.ai.rca import Choice
from gameapp.ai.strategic.position import Position
from gameapp.ai.strategic.staff import Staff
from gameapp.core.breakdown import IllegalActionError
from gameapp.core.engine import Game
from gameapp.core.hexgrid import Hex
from gameapp.core.rulesets.strategic.actions import Advance
from gameapp.core.rulesets.strategic.ruleset import ROUTES

ADVANCE_SCORE = 13.0  # before the next battle (BATTLE_SCORE): the chance is gone after it


def worth_taking(pos: Position, h: Hex) -> str:
    """What an emptied enemy hex is worth going into at once, for the log ("" if nothing): an
    enemy victory place or an enemy fort."""
    place = next((p for p in pos.places if p.hex == h), None)
    if place is not None and place.holder is not pos.side:
        return f"takes {place.name} ({place.points} pt, 3.23)"
    fort = pos.forts.get(h)
    if fort is not None and fort.side is not pos.side:
        return f"takes the empty fort {fort.id} (13.15)"
    return ""


@dataclass
class AdvanceInto:
    staff: Staff
    name: str = "advance into the place a battle emptied"
    _choice: Choice | None = None

    def evaluate(self, game: Game) -> float:
        self._choice = None
        if not self.staff.weights.advances or game.pending_decision is not None:
            return 0.0
        if game.state.advance is None:
            return 0.0
        handler = ROUTES.get(game.phase, {}).get(Advance)
        if handler is None:
            return 0.0
        pos = self.staff.look(game)
        for action in handler.legal(pos.ctx, pos.side):
            what = worth_taking(pos, action.target)
            if not what:
                return 0.0
            try:
                game.check(action)
            except IllegalActionError:
                continue
            self._choice = Choice(action, f"advances {', '.join(action.units)} into "
                                          f"{pos.name(action.target)}, emptied by the battle: "
                                          f"{what}")
            return ADVANCE_SCORE
        return 0.0

    def execute(self, game: Game) -> Choice:
        assert self._choice is not None, "execute without a winning evaluate"
        return self._choice
