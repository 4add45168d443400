"""Scenario special rules a scenario turns on in its `options` (docs/strategic-rules.md,
"Scenario rules").

- 26.4 (`confined`): a leader may not leave his map sheet (Lee stays on map C): a march or rail
  move of his that ends on another sheet is refused.
- 19.74 (`capital_guard`): while the named leader (or any of those named: Johnston, then Lee)
  stands north of a hexrow (Lee above xx12),
  the side keeps at least so many SP within so many hexes of its capital (our numbers, after
  wbts.md 7.9): a march or rail move that would take it below is refused.
- 22.22 (`hq_deployment`): at the end of the months listed, the side rolls a die; on a 1 it
  rolls again and that many corps HQs (as the counter mix allows) come into play at its army
  HQ, without commanders until a leader is given one. With an `option` named (the scenarios'
  `hq_roll`, off by default) the rolls are made only while that option is on, and then the
  schedule's corps HQs of the side do not come (schedule.py).
- 22.6 (`militia_demobilisation`): at the end of the months listed, a die of 1 or 2 sends home
  half the side's militia SP on the map, any fraction a whole point; ours: from the largest
  militia unit first.
- 22.5: a leader taken (10.34) goes to the leader pool: out of this game, recorded in
  `state.gone`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from gameapp.core.breakdown import IllegalActionError, Term
from gameapp.core.hexgrid import Hex
from gameapp.core.ruleset import ActionHandler, RuleContext
from gameapp.core.rulesets.strategic.actions import March, Rail
from gameapp.core.rulesets.strategic.losses import LossLine
from gameapp.core.rulesets.strategic.movement import ground_units
from gameapp.core.rulesets.strategic.organisation import mix_problem
from gameapp.core.rulesets.strategic.pieces import HQ, Arm, Echelon, Leader
from gameapp.core.rulesets.strategic.schedule import HQ_ROLL, hq_roll_on
from gameapp.core.rulesets.strategic.state import StrategicState
from gameapp.core.rulesets.strategic.supply import apply_losses
from gameapp.core.units import Side

CONFINED = "004 26.4"
GUARD = "004 19.74"
MILITIA = "004 22.6"


def _row(ctx: RuleContext, h: Hex) -> int:
    """A hex's row number, the id's last two digits (hexrow xx12)."""
    return int(ctx.scenario.map.hex_id(h)[-2:])


def _sheet(ctx: RuleContext, h: Hex) -> str:
    hex_id = ctx.scenario.map.hex_id(h)
    return hex_id[0] if hex_id[0].isalpha() else ""


def move_problem(ctx: RuleContext, action: March | Rail, side: Side | None) -> str | None:
    """Why a scenario rule forbids this march or rail move (None when none does)."""
    state: StrategicState = ctx.state
    piece = state.pieces.get(action.piece)
    if piece is None or side is None:
        return None
    end = action.path[-1] if isinstance(action, March) else action.to
    options = ctx.scenario.options
    sheet = dict(options.get("confined", {})).get(piece.id)
    if sheet is not None and _sheet(ctx, end) != sheet:
        return f"{getattr(piece, 'name', piece.id)} may not leave map {sheet}"
    guard = options.get("capital_guard")
    if isinstance(guard, dict) and guard["side"] == side.value:
        return _guard_problem(ctx, guard, piece.id, end)
    return None


def _guard_problem(ctx: RuleContext, guard: dict[str, Any], piece_id: str,
                   end: Hex) -> str | None:
    state: StrategicState = ctx.state
    named = guard["leader"]
    watched = next((p for i in ([named] if isinstance(named, str) else named)
                    if isinstance(p := state.pieces.get(i), Leader)
                    and _row(ctx, p.hex) < guard["north_of_row"]), None)
    if watched is None:  # none of the watched leaders stands north of the row
        return None
    try:
        capital = ctx.scenario.map.place(guard["place"]).hex
    except KeyError:
        return None
    near = guard["within"]
    side = Side(guard["side"])
    moving = ground_units(state, state.pieces[piece_id])
    leaving = sum(u.sp for u in moving
                  if u.hex.distance(capital) <= near and end.distance(capital) > near)
    if not leaving:
        return None
    left = sum(u.sp for u in state.divisions(side) if u.aboard is None
               and u.hex.distance(capital) <= near) - leaving
    if left < guard["sp"]:
        return (f"while {watched.name} stands north of hexrow xx{guard['north_of_row']:02d}, "
                f"{guard['sp']} SP stay within {near} hexes of {guard['place']} ({left} would)")
    return None


class ScenarioRulesCheck:
    """Wraps the march and rail handlers with the scenario's special rules."""

    def __init__(self, inner: ActionHandler) -> None:
        self.inner = inner

    def legal(self, ctx: RuleContext, side: Side | None) -> Iterator[Any]:
        options = ctx.scenario.options
        listed = iter(self.inner.legal(ctx, side))
        if "confined" not in options and "capital_guard" not in options:
            return listed  # no special rule: nothing to filter (and no generator between)
        return (action for action in listed if not isinstance(action, March | Rail)
                or move_problem(ctx, action, side) is None)

    def check(self, ctx: RuleContext, action: Any, side: Side | None) -> None:
        if isinstance(action, March | Rail):
            problem = move_problem(ctx, action, side)
            if problem is not None:
                rule = CONFINED if "may not leave map" in problem else GUARD
                raise IllegalActionError(problem, rule)
        self.inner.check(ctx, action, side)

    def execute(self, ctx: RuleContext, action: Any, side: Side | None) -> list[Any]:
        return self.inner.execute(ctx, action, side)


# --- the monthly rolls -------------------------------------------------------------------------
@dataclass(frozen=True)
class HQsDeployed:
    side: Side
    rolls: tuple[int, ...]
    deployed: tuple[str, ...]
    chances: dict[int, Fraction]  # HQs deployed -> chance, before the dice
    rule: str


@dataclass(frozen=True)
class MilitiaDemobilised:
    side: Side
    roll: int
    chance: Fraction  # of sending militia home, before the die
    loss: int
    lines: tuple[LossLine, ...]
    terms: tuple[Term, ...]
    rule: str


def _months(ctx: RuleContext, option: str, side: Side) -> list[int]:
    listed = ctx.scenario.options.get(option, {})
    return list(listed.get(side.value, [])) if isinstance(listed, dict) else []


def month_rolls(ctx: RuleContext) -> list[Any]:
    """The monthly interphase's scenario rolls (22.22, 22.6)."""
    state: StrategicState = ctx.state
    month = state.turn // 4
    events: list[Any] = []
    deployment = ctx.scenario.options.get("hq_deployment", {})
    for side in Side:
        rolls = "option" not in deployment or hq_roll_on(ctx.scenario.options, side)
        if rolls and month in _months(ctx, "hq_deployment", side):
            events.append(deploy_hqs(ctx, side))
        if month in _months(ctx, "militia_demobilisation", side):
            events.append(demobilise(ctx, side))
    return events


def deploy_hqs(ctx: RuleContext, side: Side) -> HQsDeployed:
    state: StrategicState = ctx.state
    chances = {0: Fraction(5, 6), **{n: Fraction(1, 36) for n in range(1, 7)}}
    first = ctx.dice.d6(f"{side.value} HQ deployment")
    rolls: tuple[int, ...] = (first,)
    deployed: list[str] = []
    if first == 1:
        count = ctx.dice.d6(f"{side.value} HQs deployed")
        rolls = (first, count)
        home = next((hq.hex for hq in state.hqs(side) if hq.echelon is Echelon.ARMY),
                    next((p.hex for p in state.leaders(side)), None))
        for _ in range(count):
            if home is None or mix_problem(ctx, side, "hqs") is not None:
                break
            number = 1
            while f"{side.value}-corps-{number}" in state.pieces:
                number += 1
            hq_id = f"{side.value}-corps-{number}"
            state.put(HQ(hq_id, side, f"Corps HQ {number}", Echelon.CORPS, home))
            deployed.append(hq_id)
    return HQsDeployed(side, rolls, tuple(deployed), chances, HQ_ROLL)


def demobilise(ctx: RuleContext, side: Side) -> MilitiaDemobilised:
    state: StrategicState = ctx.state
    roll = ctx.dice.d6(f"{side.value} militia demobilisation")
    militia = sorted((u for u in state.divisions(side) if u.arm is Arm.MILITIA),
                     key=lambda u: (-u.sp, u.id))
    total = sum(u.sp for u in militia)
    loss = -(-total // 2) if roll <= 2 else 0
    terms = (Term("die: 1 or 2 sends half the militia home", roll, MILITIA),
             Term(f"half of {total} militia SP, a fraction a whole point", loss, MILITIA))
    lines: list[LossLine] = []
    left = {u.id: u.sp for u in militia}
    for _ in range(loss):
        biggest = min(militia, key=lambda u: (-left[u.id], u.id))
        left[biggest.id] -= 1
        lines.append(LossLine(biggest.id, 1, "the largest militia unit first", MILITIA))
    apply_losses(state, lines, "demobilised")
    return MilitiaDemobilised(side, roll, Fraction(2, 6), loss, tuple(lines), terms, MILITIA)

