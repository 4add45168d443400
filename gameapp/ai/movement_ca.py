"""The tactical AI's movement candidate action: in its side's movement phase, the best move of
any unit (`move_choice`: moves, facing, formation, charges, leaders to routed units).

Each unit's best candidate is kept between decisions and worked out again only for the units
near what last moved (and a brigade's units when its leader moved); a unit acts once a phase,
except that after a move it may still change formation with the MPs it has left
(`follow_up_candidates`: a column crossing a bridge forms line on the far bank), and a battery
that limbers may still move with them (limbering costs 0 MPs, 4 in an enemy field of fire, of
its 24): it weighs the hexes it can reach limbered against unlimbering again where it stands.
Until session 10 a battery that limbered "to pull out" stood limbered in its hex until the next
phase, where the enemy charged it as a column on the flank (issue 30: the Slaughter Mountain
hard Union lost most of its guns so). What it keeps lasts one movement phase: the player calls
`forget` when a new step begins.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from gameapp.ai.candidates import Candidate
from gameapp.ai.hints import SideHints
from gameapp.ai.influence import Influence
from gameapp.ai.move_choice import MoveContext, follow_up_candidates, unit_candidates
from gameapp.ai.objectives import Objectives
from gameapp.ai.rca import Choice
from gameapp.ai.settings import STANCES, Weights
from gameapp.core.actions import Action, ChangeFormation, Move
from gameapp.core.breakdown import IllegalActionError
from gameapp.core.engine import Game
from gameapp.core.hexgrid import Hex
from gameapp.core.phases import Phase
from gameapp.core.units import Formation, Side, Unit, UnitKind

NEIGHBOURHOOD = 1  # hexes: a move changes the scores of units this close to where it went
MOVE_SCORE = 10.0  # the RCA priority of moving a unit (only in the movement phase)


@dataclass
class MoveUnits:
    side: Side
    weights: Weights
    rng: random.Random  # easy's noise, shared with the player's other candidate actions
    hints: Callable[[Game], SideHints]  # the posture and goals to play now
    name: str = "move a unit"
    _ctx: MoveContext | None = field(default=None, init=False, repr=False)
    _best: dict[str, Candidate | None] = field(default_factory=dict, init=False, repr=False)
    _done: set[str] = field(default_factory=set, init=False, repr=False)
    _moved: set[str] = field(default_factory=set, init=False, repr=False)
    _limbered: set[str] = field(default_factory=set, init=False, repr=False)  # may still move
    _seen: dict[str, Unit] = field(default_factory=dict, init=False, repr=False)
    _chosen: Candidate | None = field(default=None, init=False, repr=False)

    def forget(self) -> None:
        """A new step: what was worked out for the last one no longer holds."""
        self._ctx, self._best, self._done, self._seen = None, {}, set(), {}
        self._moved, self._limbered = set(), set()

    def evaluate(self, game: Game) -> float:
        self._chosen = None
        if game.pending_decision is not None or game.phase is not Phase.MOVEMENT:
            return 0.0
        self._chosen = self._best_legal(game)
        return MOVE_SCORE if self._chosen is not None else 0.0

    def execute(self, game: Game) -> Choice:
        best = self._chosen
        assert best is not None, "execute without a winning evaluate"
        uid = best.action.unit_id  # type: ignore[union-attr]
        ctx = self._context(game)
        if isinstance(best.action, Move) and uid not in self._moved \
                and _destination(best.action) not in ctx.enemy_hexes:
            self._moved.add(uid)  # it may still change formation with the MPs left
            del self._best[uid]
        elif _limbers(game, best.action) and uid not in self._moved | self._limbered:
            self._limbered.add(uid)  # it may still move, or unlimber again where it stands
            del self._best[uid]
        else:
            self._done.add(uid)
        return Choice(best.action, best.why)

    def _best_legal(self, game: Game) -> Candidate | None:
        """The best-scoring unit candidate the engine accepts now; None when none scores."""
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
                return None
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
            return best

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
            candidates = [c.noisy(self.rng.gauss(0.0, noise)) for c in candidates]
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
            objectives = Objectives.build(game, self.side, hints, STANCES[hints.posture],
                                          w.horizon, w.endgame_turns, w.keeps_contested)
            freed = None
            if hints.freed is not None and hints.opening is not None and hints.opening.within:
                freed = (hints.opening.within, Objectives.build(
                    game, self.side, replace(hints, posture=hints.freed), STANCES[hints.freed],
                    w.horizon, w.endgame_turns, w.keeps_contested))
            self._ctx = MoveContext.build(game, self.side, influence, objectives, w, freed)
            self._seen = dict(game.state.units)
        return self._ctx

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


def _limbers(game: Game, action: Action) -> bool:
    """Is `action` a battery limbering (to pull out, or to go where it can fire)?"""
    return isinstance(action, ChangeFormation) and action.formation is Formation.LIMBERED \
        and game.state.units[action.unit_id].kind is UnitKind.ARTILLERY


def _text(game: Game, action: Action) -> str:
    return action.to_text(game.map.numbering)


def _destination(action: Action) -> Hex | None:
    return action.path[-1] if isinstance(action, Move) and action.path else None
