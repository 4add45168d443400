"""The computer player: a candidate-action (RCA) player, after Wesnoth's AI.

Each time it is asked (`decide`), it lists candidate actions for the phase, scores each in VP
and returns the best, with one line explaining it; when no candidate scores above zero it ends
its part of the phase (EndPhase, or Pass in the fire phase).

- movement: each unit's best candidate (`move_choice`: moves, facing, formation, charges,
  leaders to routed units) is kept between decisions and worked out again only for the units
  near what last moved (and a brigade's units when its leader moved); a unit acts once a phase,
  except that after a move it may still change formation with the MPs it has left
  (`follow_up_candidates`: a column crossing a bridge forms line on the far bank).
- fire: `fire_choice` groups, scored from `FireRules.plan`'s exact odds.
- decisions the engine asks for (`game.pending_decision`): `decisions.answer`;
- the charge phase: the declared charges one at a time, the likeliest to succeed first;
- other phases, and actions this player does not know: the first legal action other than
  ending the phase, in notation order, else ending it.

It reads only the public engine API and state, never the game's dice: its own random stream
(easy's noise) is seeded from the seed and the side, so a seed replays the same game.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from gameapp.ai.candidates import Candidate
from gameapp.ai.decisions import answer, charge_order_text, charge_success
from gameapp.ai.fire_choice import MIN_VALUE, FireCandidate, FireMemo, fire_candidates
from gameapp.ai.fog import SideView, side_view
from gameapp.ai.hints import SideHints, load_hints, posture_now
from gameapp.ai.influence import Influence
from gameapp.ai.move_choice import MoveContext, follow_up_candidates, unit_candidates
from gameapp.ai.objectives import Objectives
from gameapp.ai.random_player import NotMyTurnError
from gameapp.ai.settings import STANCES, WEIGHTS, Difficulty, Posture, Weights
from gameapp.core.actions import Action, EndPhase, Move, Pass, ResolveCharge
from gameapp.core.breakdown import IllegalActionError
from gameapp.core.engine import Game
from gameapp.core.hexgrid import Hex
from gameapp.core.phases import Phase
from gameapp.core.units import Side, Unit, UnitKind

NEIGHBOURHOOD = 1  # hexes: a move changes the scores of units this close to where it went


@dataclass(frozen=True)
class Choice:
    action: Action
    why: str


@dataclass
class AIPlayer:
    side: Side
    seed: int = 0
    difficulty: Difficulty = Difficulty.NORMAL
    posture: Posture | None = None  # None: the hints file's, else attack when behind on score
    fog: bool = False  # it sees only what its side can see (fog.py)
    _rng: random.Random = field(init=False, repr=False)
    _phase_key: tuple[int, int] | None = field(default=None, init=False, repr=False)
    _ctx: MoveContext | None = field(default=None, init=False, repr=False)
    _best: dict[str, Candidate | None] = field(default_factory=dict, init=False, repr=False)
    _done: set[str] = field(default_factory=set, init=False, repr=False)
    _moved: set[str] = field(default_factory=set, init=False, repr=False)
    _seen: dict[str, Unit] = field(default_factory=dict, init=False, repr=False)
    _fire_memo: FireMemo = field(default_factory=FireMemo, init=False, repr=False)
    _hints: SideHints | None = field(default=None, init=False, repr=False)
    _view: SideView | None = field(default=None, init=False, repr=False)

    def __post_init__(self) -> None:
        self._rng = random.Random(f"{self.seed}:{self.side.value}:ai")

    @property
    def weights(self) -> Weights:
        return WEIGHTS[self.difficulty]

    def choose(self, game: Game) -> Action:
        return self.decide(game).action

    def decide(self, game: Game) -> Choice:
        acting = game.acting_side
        if acting is not self.side:
            whose = f"{acting.label}'s turn" if acting else "no side's turn"
            raise NotMyTurnError(f"{self.side.label} was asked to act, but it is {whose}")
        if self.fog:  # from here on it scores what its side sees; legality stays real
            game = self._view = side_view(game, self.side, self._view)
        key = (game.state.turn, game.state.step_index)
        if key != self._phase_key:
            self._phase_key = key
            self._ctx, self._best, self._done, self._seen = None, {}, set(), {}
            self._moved = set()
        if game.pending_decision is not None:
            action, why = answer(game, self.side)
            return Choice(action, why)
        if game.phase is Phase.FIRE:
            return self._fire(game)
        if game.phase is Phase.MOVEMENT:
            return self._movement(game)
        return self._other(game)

    # --- fire -------------------------------------------------------------------------------
    def _fire(self, game: Game) -> Choice:
        w = self.weights
        candidates = fire_candidates(game, self.side, w.combined_fire, self._fire_memo,
                                     w.counts_fatigue)
        if w.noise:
            candidates = sorted(
                candidates, key=lambda c: -(c.net + self._rng.gauss(0.0, w.noise)))
        for c in candidates:
            if c.worth <= MIN_VALUE and not w.noise:
                continue
            if c.action in game.legal_actions():
                return Choice(c.action, self._fire_text(game, c))
        return Choice(Pass(), "passes: no shot is worth taking")

    def _fire_text(self, game: Game, c: FireCandidate) -> str:
        action = c.action
        defenders = [u for u in game.state.units_at(action.target)
                     if u.side is not self.side and u.kind is not UnitKind.LEADER]
        names = ", ".join(u.defn.name for u in defenders)
        firers = ", ".join(game.state.units[f].defn.name for f in action.firers)
        return (f"{firers} fire{'s' if len(action.firers) == 1 else ''} at {names} "
                f"({game.map.hex_id(action.target)}): {c.hit:.0%} chance of a hit, "
                f"{c.value:.2f} VP expected{c.cost.text()}")

    # --- movement ---------------------------------------------------------------------------
    def _movement(self, game: Game) -> Choice:
        ctx = self._context(game)
        self._invalidate(game)
        ctx.refresh()
        for uid in sorted(u.id for u in game.state.side_units(self.side)):
            if uid not in self._best and uid not in self._done:
                self._best[uid] = self._unit_best(ctx, game.state.units[uid])
        refreshed: set[str] = set()
        while True:
            live = [c for uid, c in self._best.items()
                    if c is not None and uid not in self._done and c.score > 0]
            if not live:
                return Choice(EndPhase(), "ends the movement phase: no move scores above zero")
            best = max(live, key=lambda c: (c.score, _text(game, c.action)))
            uid = best.action.unit_id  # type: ignore[union-attr]
            try:
                game.check(best.action)
            except IllegalActionError:
                fallback = self._legal_variant(game, best)
                if fallback is None:
                    # what moved since may have made it illegal: this unit's best legal choice
                    unit = game.state.units[uid]
                    ctx.reaches.pop(unit, None)
                    self._best[uid] = None if uid in refreshed else \
                        self._unit_best(ctx, unit, legal_only=True)
                    refreshed.add(uid)
                    continue
                best = fallback
            if isinstance(best.action, Move) and uid not in self._moved \
                    and _destination(best.action) not in ctx.enemy_hexes:
                self._moved.add(uid)  # it may still change formation with the MPs left
                del self._best[uid]
            else:
                self._done.add(uid)
            return Choice(best.action, best.why)

    def _legal_variant(self, game: Game, c: Candidate) -> Candidate | None:
        """A move that would be legal without its facing change."""
        if isinstance(c.action, Move) and c.action.facing is not None:
            plain = Move(c.action.unit_id, c.action.path)
            if plain in game.legal_actions():
                return Candidate(plain, c.score, c.explain)
        return None

    def _unit_best(self, ctx: MoveContext, unit: Unit, legal_only: bool = False
                   ) -> Candidate | None:
        """The unit's best candidate; with `legal_only`, the best the engine accepts now."""
        candidates = follow_up_candidates(ctx, unit) if unit.id in self._moved \
            else unit_candidates(ctx, unit)
        noise = self.weights.noise
        if noise:
            candidates = [c.noisy(self._rng.gauss(0.0, noise)) for c in candidates]
        ranked = sorted(candidates, key=lambda c: (c.score, _text(ctx.game, c.action)),
                        reverse=True)
        for c in ranked:
            if c.score <= 0:
                return None
            if not legal_only:
                return c
            try:
                ctx.game.check(c.action)
            except IllegalActionError:
                continue
            return c
        return None

    def _context(self, game: Game) -> MoveContext:
        if self._ctx is None:
            w = self.weights
            influence = Influence.build(game, self.side, w.spreads_fire)
            hints = self.hints(game)
            if self.posture is None and not hints.given:
                hints = SideHints(posture_now(game, self.side), hints.attack, hints.hold)
            objectives = Objectives.build(game, self.side, hints, STANCES[hints.posture],
                                          w.horizon, w.endgame_turns, w.keeps_contested)
            self._ctx = MoveContext.build(game, self.side, influence, objectives, w)
            self._seen = dict(game.state.units)
        return self._ctx

    def hints(self, game: Game) -> SideHints:
        if self._hints is None:
            given = load_hints(game.scenario)[self.side]
            posture = self.posture or given.posture
            self._hints = SideHints(posture, given.attack, given.hold,
                                    given.given or self.posture is not None)
        return self._hints

    def _invalidate(self, game: Game) -> None:
        """Forget the candidates that what changed since the last decision may have spoiled:
        those of units next to it, and those whose best move ends next to it."""
        now = game.state.units
        changed: list[Unit] = []
        for uid in set(self._seen) | set(now):
            before, after = self._seen.get(uid), now.get(uid)
            if before != after:
                changed += [u for u in (before, after) if u is not None]
        if not changed:
            return
        spots = {u.hex for u in changed}
        for uid in list(self._best):
            unit = now.get(uid)
            best = self._best[uid]
            ends = _destination(best.action) if best is not None else None
            if unit is None or any(unit.hex.distance(h) <= NEIGHBOURHOOD
                                   or (ends is not None and ends.distance(h) <= NEIGHBOURHOOD)
                                   for h in spots):
                del self._best[uid]
        self._seen = dict(now)

    # --- everything else --------------------------------------------------------------------
    def _other(self, game: Game) -> Choice:
        numbering = game.map.numbering
        legal = sorted(game.legal_actions(), key=lambda a: a.to_text(numbering))
        charges = [a for a in legal if isinstance(a, ResolveCharge)]
        if charges:
            best = max(charges, key=lambda a: (charge_success(game, a.target),
                                               -charges.index(a)))
            return Choice(best, charge_order_text(game, best.target))
        others = [a for a in legal if not isinstance(a, EndPhase | Pass)]
        if others:
            return Choice(others[0], f"takes {others[0].to_text(numbering)} (first choice)")
        ender = next((a for a in legal if isinstance(a, EndPhase | Pass)), EndPhase())
        return Choice(ender, f"ends the {game.phase.value} phase")


def _text(game: Game, action: Action) -> str:
    return action.to_text(game.map.numbering)


def _destination(action: Action) -> Hex | None:
    return action.path[-1] if isinstance(action, Move) and action.path else None
