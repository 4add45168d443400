"""What the window shows of a retreat about to happen, read from the engine's public API: the
paths of the units that would rout now (while the fire or charge dialog waits for its roll),
and the owner's choice among equally good retreat or rout paths when `game.pending_decision`
asks for it. Pure Python: the charge presenter and the tests share it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from gameapp.core.actions import ChooseRetreatPath, Decision
from gameapp.core.decisions import DecisionKind, PendingDecision
from gameapp.core.engine import Game
from gameapp.core.hexgrid import Hex
from gameapp.core.rules.retreat import Outcome, PathHex, Reason, RetreatOptions, RetreatPath
from gameapp.core.rules.rout import ROUT_DISTANCE
from gameapp.core.rulesets.tactical import tactical
from gameapp.core.units import UnitKind


def rout_preview(game: Game, unit_ids: Sequence[str],
                 causer_ids: Sequence[str] | None = None) -> RetreatOptions | None:
    """The rout paths the combat units of `unit_ids` still on the map would take if they
    routed now (7.6, ROUT_DISTANCE hexes), away from `causer_ids` (the firers, the charging
    units; by default the nearest enemy), as one set for the overlay: the largest unit's paths
    first, its chosen path bold, then any other path another unit of the stack would have."""
    units = [game.state.units[i] for i in unit_ids if i in game.state.units]
    troops = sorted((u for u in units if u.kind is not UnitKind.LEADER),
                    key=lambda u: -u.strength)
    found = [tactical(game).retreat_options(u.id, ROUT_DISTANCE, causer_ids) for u in troops]
    if not found:
        return None
    first = found[0]
    seen = {p.hexes for p in first.paths}
    extra = []
    for other in found[1:]:
        for path in other.paths:
            if path.hexes not in seen:
                seen.add(path.hexes)
                extra.append(path)
    return replace(first, paths=first.paths + tuple(extra)) if extra else first


def path_decision(game: Game) -> PendingDecision | None:
    decision = game.pending_decision
    if decision is None or decision.kind is not DecisionKind.RETREAT_PATH:
        return None
    return decision


def decision_options(game: Game, decision: PendingDecision) -> RetreatOptions | None:
    """The retreat whose path the owner must pick, as the overlay draws it: the engine's own
    explanation of each hex when its retreat from here has exactly these paths among its
    equally good ones, else the decision's paths with the decision's reason."""
    paths = tuple(p for p in decision.paths if p)
    if not paths or not decision.unit_ids:
        return None
    unit_id, start = decision.unit_ids[0], paths[0][0]
    distance = ROUT_DISTANCE if decision.rout is not None else max(
        start.distance(p[-1]) for p in paths)
    if unit_id in game.state.units:
        causers = [u.id for u in decision.rout.causers] if decision.rout is not None else None
        found = tactical(game).retreat_options(unit_id, distance, causers)
        by_hexes = {p.hexes: p for p in found.choices}
        if found.start == start and all(p in by_hexes for p in paths):
            choices = tuple(by_hexes[p] for p in paths)
            rest = tuple(p for p in found.paths if p.hexes not in set(paths))
            return RetreatOptions(unit_id, start, distance, found.option, choices + rest,
                                  choices, found.outcome, found.reason, found.truncated)
    reason = Reason(f"one of the paths the rules leave to the owner: {decision.question}",
                    decision.rule)
    choices = tuple(_bare_path(game, p, reason) for p in paths)
    return RetreatOptions(unit_id, start, distance, "", choices, choices, Outcome.COMPLETED,
                          Reason(decision.question, decision.rule))


def _bare_path(game: Game, hexes: tuple[Hex, ...], reason: Reason) -> RetreatPath:
    ids = tuple(game.map.hex_id(h) for h in hexes)
    steps = tuple(PathHex(h, i, reason, owner_choice=True) for h, i in zip(hexes[1:], ids[1:],
                                                                           strict=True))
    return RetreatPath(hexes, ids, steps, Outcome.COMPLETED)


def choice_action(decision: PendingDecision, path: RetreatPath) -> Decision | None:
    """The decision's option that takes `path` (None when it offers no such path)."""
    for option in decision.options:
        action = option.action
        if isinstance(action, ChooseRetreatPath) and action.path == path.hexes[1:]:
            return action
    return None
