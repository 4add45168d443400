"""The tactical AI's candidate actions besides movement (movement_ca.py), and how it ends its
part of a phase when none of them scores.

Their scores are priorities, as the scores of Wesnoth's default candidate actions are: each
returns its fixed score when it has something to do and 0 otherwise, and the VP arithmetic
that chooses *what* to do stays inside it. At most one of movement, fire and the charge
phase's two applies at a time (each belongs to its phase), so the order only matters for the
engine's questions, which come first, and in the charge phase, where resolving a charge comes
before anything else.

| candidate action | when | choice |
|---|---|---|
| `AnswerDecision` | a decision waits for this side | `decisions.answer` |
| `MoveUnits` (movement_ca.py) | the movement phase | the best unit candidate |
| `FireBest` | the fire phase | the first `fire_choice` group worth its price |
| `ResolveCharges` | the charge phase, charges declared | the likeliest to succeed |
| `FirstLegal` | any other phase | the first legal action in notation order |

When none scores: `end_part` (EndPhase, or Pass in the fire phase).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from gameapp.ai.decisions import answer, charge_order_text, charge_success
from gameapp.ai.fire_choice import MIN_VALUE, FireCandidate, FireMemo, fire_candidates
from gameapp.ai.rca import Choice
from gameapp.ai.settings import Weights
from gameapp.core.actions import Action, EndPhase, Pass, ResolveCharge
from gameapp.core.engine import Game
from gameapp.core.phases import Phase
from gameapp.core.units import Side, UnitKind

DECISION_SCORE = 1000.0  # the engine waits for the answer: nothing else is legal meanwhile
CHARGE_SCORE = 20.0
FIRE_SCORE = 10.0
FIRST_LEGAL_SCORE = 1.0  # the fallback: anything a dedicated candidate action wants goes first
DEDICATED = (Phase.MOVEMENT, Phase.FIRE)  # phases whose candidate action also ends them


@dataclass
class _Found:
    """What a candidate action's `evaluate` found, for its `execute`."""

    choice: Choice | None = None

    def keep(self, choice: Choice | None, score: float) -> float:
        self.choice = choice
        return score if choice is not None else 0.0

    def take(self) -> Choice:
        assert self.choice is not None, "execute without a winning evaluate"
        return self.choice


@dataclass
class AnswerDecision:
    """Retreat before combat, prolong, a retreat path, a stack roll (`decisions.py`)."""

    side: Side
    name: str = "answer a decision"

    def evaluate(self, game: Game) -> float:
        return DECISION_SCORE if game.pending_decision is not None else 0.0

    def execute(self, game: Game) -> Choice:
        action, why = answer(game, self.side)
        return Choice(action, why)


@dataclass
class FireBest:
    """The best target's group of firers (`fire_choice`), scored from `FireRules.plan`'s exact
    odds; easy takes them in a noisy order and anything it may take."""

    side: Side
    weights: Weights
    rng: random.Random  # easy's noise, shared with the player's other candidate actions
    name: str = "fire"
    memo: FireMemo = field(default_factory=FireMemo, repr=False)
    _found: _Found = field(default_factory=_Found, repr=False)

    def evaluate(self, game: Game) -> float:
        if game.pending_decision is not None or game.phase is not Phase.FIRE:
            return self._found.keep(None, 0.0)
        return self._found.keep(self._shot(game), FIRE_SCORE)

    def execute(self, game: Game) -> Choice:
        return self._found.take()

    def _shot(self, game: Game) -> Choice | None:
        w = self.weights
        candidates = fire_candidates(game, self.side, w.combined_fire, self.memo,
                                     w.counts_fatigue)
        if w.noise:
            candidates = sorted(
                candidates, key=lambda c: -(c.net + self.rng.gauss(0.0, w.noise)))
        for c in candidates:
            if c.worth <= MIN_VALUE and not w.noise:
                continue
            if c.action in game.legal_actions():
                return Choice(c.action, self._text(game, c))
        return None

    def _text(self, game: Game, c: FireCandidate) -> str:
        action = c.action
        defenders = [u for u in game.state.units_at(action.target)
                     if u.side is not self.side and u.kind is not UnitKind.LEADER]
        names = ", ".join(u.defn.name for u in defenders)
        firers = ", ".join(game.state.units[f].defn.name for f in action.firers)
        return (f"{firers} fire{'s' if len(action.firers) == 1 else ''} at {names} "
                f"({game.map.hex_id(action.target)}): {c.hit:.0%} chance of a hit, "
                f"{c.value:.2f} VP expected{c.cost.text()}")


@dataclass
class ResolveCharges:
    """The declared charges one at a time, the likeliest to succeed first (`charge_preview`)."""

    name: str = "resolve a charge"
    _found: _Found = field(default_factory=_Found, repr=False)

    def evaluate(self, game: Game) -> float:
        if game.pending_decision is not None or game.phase is not Phase.CHARGE:
            return self._found.keep(None, 0.0)
        legal = _legal_by_notation(game)
        charges = [a for a in legal if isinstance(a, ResolveCharge)]
        if not charges:
            return self._found.keep(None, 0.0)
        best = max(charges, key=lambda a: (charge_success(game, a.target), -charges.index(a)))
        return self._found.keep(Choice(best, charge_order_text(game, best.target)),
                                CHARGE_SCORE)

    def execute(self, game: Game) -> Choice:
        return self._found.take()


@dataclass
class FirstLegal:
    """In a phase no dedicated candidate action plays, an action this player does not know:
    the first legal action other than ending the phase, in notation order."""

    name: str = "first legal action"
    _found: _Found = field(default_factory=_Found, repr=False)

    def evaluate(self, game: Game) -> float:
        if game.pending_decision is not None or game.phase in DEDICATED:
            return self._found.keep(None, 0.0)
        others = [a for a in _legal_by_notation(game) if not _ends_part(a)]
        if not others:
            return self._found.keep(None, 0.0)
        text = others[0].to_text(game.map.numbering)
        return self._found.keep(Choice(others[0], f"takes {text} (first choice)"),
                                FIRST_LEGAL_SCORE)

    def execute(self, game: Game) -> Choice:
        return self._found.take()


def end_part(game: Game) -> Choice:
    """No candidate action scores: end this side's part of the phase."""
    if game.phase is Phase.FIRE:
        return Choice(Pass(), "passes: no shot is worth taking")
    if game.phase is Phase.MOVEMENT:
        return Choice(EndPhase(), "ends the movement phase: no move scores above zero")
    ender = next((a for a in _legal_by_notation(game) if _ends_part(a)), EndPhase())
    return Choice(ender, f"ends the {game.phase.value} phase")


def _legal_by_notation(game: Game) -> list[Action]:
    numbering = game.map.numbering
    return sorted(game.legal_actions(), key=lambda a: a.to_text(numbering))


def _ends_part(action: Action) -> bool:
    return isinstance(action, EndPhase | Pass)
