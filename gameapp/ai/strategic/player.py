"""The strategic computer player: the generic candidate-action loop (rca.py) over the strategic
candidate actions, highest score first:

| candidate action | when | choice |
|---|---|---|
| `AnswerDecision` (tactical_cas.py) | a decision waits for this side | `decisions.answer` |
| `KeepRosters` | command phase | a unit onto an HQ's roster, or a slow one off |
| `DeclareSpans` | command phase, combat phase before a battle | the rules' proposal |
| `MoveForce` | movement phase, a force commanded | the best march or rail move |
| `MoveByWater` | movement phase, transports in its hex | embark, sail, land: if it beats marching |
| `PositionTransports` | movement phase, nothing else to do | empty transports to the troops |
| `CommandForces` | movement, combat before a battle | order or initiative for the neediest |
| `FightBattles` | combat phase | the battle worth most, above the margin |
| `AdvanceInto` | right after a battle emptied an enemy place or fort (hard) | go in at once |
| `NavalBattles` | combat phase | a naval battle the rules owe (11.11) |

When none scores it ends the phase (`end_part`), or, where the rules do not let the phase end
yet, takes the first legal action.

It reads only the public engine API and state, never the game's dice: its noise (easy) is
seeded from the seed and the side. Fog: the strategic rules hide nothing (every counter is on
the table, as in WBTS), so a player with `fog` sees what the player at the screen sees: the
whole board (docs/ai.md).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from gameapp.ai.rca import CandidateAction, Choice, check_turn, decide
from gameapp.ai.settings import Difficulty
from gameapp.ai.strategic.advance_cas import AdvanceInto
from gameapp.ai.strategic.combat_cas import FightBattles, NavalBattles
from gameapp.ai.strategic.command_cas import CommandForces, DeclareSpans, KeepRosters
from gameapp.ai.strategic.movement_cas import MoveForce
from gameapp.ai.strategic.settings import STRATEGIC_WEIGHTS
from gameapp.ai.strategic.staff import Staff
from gameapp.ai.strategic.water_cas import MoveByWater, PositionTransports
from gameapp.ai.tactical_cas import AnswerDecision
from gameapp.core.breakdown import IllegalActionError
from gameapp.core.engine import Game
from gameapp.core.rulesets.strategic.actions import StrategicAction
from gameapp.core.units import Side


@dataclass
class StrategicPlayer:
    side: Side
    seed: int = 0
    difficulty: Difficulty = Difficulty.NORMAL
    fog: bool = False  # nothing is hidden in the strategic game (see above)
    staff: Staff = field(init=False, repr=False)
    candidates: tuple[CandidateAction, ...] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        rng = random.Random(f"{self.seed}:{self.side.value}:strategic ai")
        self.staff = Staff(self.side, STRATEGIC_WEIGHTS[self.difficulty], rng)
        s = self.staff
        # MoveForce is evaluated before CommandForces: it tells the staff whether the force
        # being moved has more to do, and then no other force is weighed (5.28)
        self.candidates = (AnswerDecision(self.side), KeepRosters(s), DeclareSpans(s),
                           MoveForce(s), MoveByWater(s), CommandForces(s), FightBattles(s),
                           NavalBattles(s), PositionTransports(s), AdvanceInto(s))

    def choose(self, game: Game) -> StrategicAction:
        action: StrategicAction = self.decide(game).action
        return action

    def decide(self, game: Game) -> Choice:
        check_turn(game, self.side)
        return decide(game, self.candidates, end_part)


def end_part(game: Game) -> Choice:
    """Nothing scores: end the phase, or, while the rules do not let it end (a naval battle
    owed, 11.11), take the first legal action."""
    ender = game.ruleset.end_step_action()
    try:
        game.check(ender)
        return Choice(ender, f"ends the {game.phase.value} phase: nothing more is worth doing")
    except IllegalActionError as refusal:
        numbering = game.map.numbering
        others = sorted((a for a in game.legal_actions() if a != ender),
                        key=lambda a: a.to_text(numbering))
        if not others:
            raise
        return Choice(others[0], f"takes {others[0].to_text(numbering)}: the phase cannot end "
                                 f"yet ({refusal})")
