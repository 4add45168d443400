"""The owner's pick among equally good retreat or rout paths (000 15.4; 3.5, 3.57, 7.6).

`path_decision` builds the RETREAT_PATH question from what the retreat-path engine found;
`picked_path` finds the owner's pick among the paths found again when the answer comes (the
first best path when the pick is no longer among them); `hold_advance` makes a charge's victors
wait for the rout paths their defenders' owner still has to pick (8.54), and `hold_rally` the
rally phase's remaining attempts (7.35); `hold_end_step` the end of the phase.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import replace

from gameapp.core.actions import ChooseRetreatPath
from gameapp.core.decisions import DecisionKind, DecisionOption, PendingDecision, RoutPick
from gameapp.core.hexgrid import Hex
from gameapp.core.rules.retreat import RetreatOptions, RetreatPath
from gameapp.core.state import GameState
from gameapp.core.units import Unit

PATH_RULE = "000 15.4"
ROUT_CAUSE = "7.6"


def path_decision(unit: Unit, found: RetreatOptions, target: Hex | None = None,
                  cause: str = "", rout: RoutPick | None = None) -> PendingDecision:
    """The owner's pick among the equally good paths `found.choices`; `rout` for a rout."""
    options = []
    for path in found.choices:
        action = ChooseRetreatPath(unit.id, path.hexes[1:])
        text = f"retreat-path {unit.id} {'>'.join(path.hex_ids[1:])}"
        why = "; ".join(str(step.decided_by) for step in path.steps)
        options.append(DecisionOption(action, text, f"{path.describe()}: {why}", PATH_RULE))
    verb = "routs" if rout is not None else "retreats"
    return PendingDecision(
        unit.side, DecisionKind.RETREAT_PATH,
        f"{unit.id} {verb}: the rules leave a choice of paths", tuple(options), PATH_RULE,
        target, (unit.id,), tuple(p.hexes for p in found.choices), cause, rout)


def rout_decision(unit: Unit, found: RetreatOptions, causers: Collection[Unit]
                  ) -> PendingDecision:
    return path_decision(unit, found, None, ROUT_CAUSE, RoutPick(tuple(causers)))


def picked_path(found: RetreatOptions, picked: Sequence[Hex]) -> RetreatPath | None:
    """The path of `found.choices` entering exactly `picked` (start excluded), else the first
    best path: the position changed since the question was asked."""
    wanted = tuple(picked)
    return next((p for p in found.choices if p.hexes[1:] == wanted), found.chosen)


def hold_advance(state: GameState, to: Hex, victors: tuple[str, ...], rule: str) -> bool:
    """Attach the victors' advance into `to` to the rout path decisions still waiting for
    units standing there; True when there are any (the advance then waits for the last)."""
    held = False
    for i, decision in enumerate(state.decisions):
        unit = state.units.get(decision.unit_ids[0]) if decision.unit_ids else None
        if decision.rout is None or unit is None or unit.hex != to:
            continue
        pick = replace(decision.rout, advance=victors, advance_rule=rule)
        state.decisions[i] = replace(decision, target=to, rout=pick)
        held = True
    return held


def hold_rally(state: GameState, rest: tuple[tuple[str, bool], ...]) -> bool:
    """Leave the rally attempts `rest` (and the phase's HM markers) to the last rout path
    decision waiting, if the last decision is one; True when they wait."""
    last = state.decisions[-1] if state.decisions else None
    if last is None or last.rout is None:
        return False
    state.decisions[-1] = replace(last, rout=replace(last.rout, rally_left=rest))
    return True


def hold_end_step(state: GameState) -> bool:
    """Let the last decision, if it is a rout path's or a change on the advance (8.54), end
    the phase once it is answered."""
    last = state.decisions[-1] if state.decisions else None
    if last is not None and last.rout is not None:
        state.decisions[-1] = replace(last, rout=replace(last.rout, end_step=True))
        return True
    if last is not None and last.reform is not None:
        state.decisions[-1] = replace(last, reform=replace(last.reform, end_step=True))
        return True
    return False


def advance_waits(state: GameState, to: Hex) -> bool:
    """Whether a rout path decision holding an advance into `to` is still waiting."""
    return any(d.rout is not None and d.rout.advance and d.target == to
               for d in state.decisions)
