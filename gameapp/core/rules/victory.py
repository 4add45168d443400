"""Victory: who holds the scenario's victory hexes, what each side has lost, and the result.

- A victory hex is held by the side that last had a combat unit alone in it (with the option
  `generals_hold`, any unit, a lone leader too: 002 31); at the start it is held by the
  scenario's `holder` (or by nobody).
- Each side scores the points of the victory hexes it holds, and one point for every strength
  point its enemy has lost, counting only units that entered play (002 rule 30: reinforcements
  never brought on count for nobody). Eliminated units count their whole strength, and so do
  units on the Broken Track, unless the option `off_map_not_eliminated` (002 29) counts a unit
  that retreated or routed off its own edge (Broken Box 1) only for what it had lost before.
- A scenario's `victory_points` (victorypoints.py) may score a battery SP (one gun's crew) at
  less than a point, each gun lost (destroyed or taken) at a point more, and multiply the
  outnumbered side's points by what its numbers let the enemy expect (`R&C victory
  expectation`).
- The side with more points wins; equal points are a draw. The breakdown lists every term.
- The level of victory comes from the ratio of the winner's points to the loser's (docs/rules.md
  "Levels of victory and sudden death"); a sudden-death condition met (suddendeath.py) ends the
  game at once with a decisive victory for its side, whatever the points.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gameapp.core.breakdown import Breakdown, Term
from gameapp.core.hexgrid import Hex
from gameapp.core.options import RuleOptions
from gameapp.core.scenario import Scenario, VictoryHex
from gameapp.core.state import GameState
from gameapp.core.suddendeath import SuddenDeath
from gameapp.core.units import Side, UnitDef, UnitKind
from gameapp.core.victorypoints import VictoryPoints

# (lowest ratio of winner's to loser's points, level), highest first; a loser's 0 counts as 1
LEVELS: tuple[tuple[float, str], ...] = ((2.5, "decisive"), (1.5, "substantive"),
                                         (0.0, "marginal"))
LEVEL_RULE = "R&C levels of victory"
VICTORY_RULE = "R&C victory"
EXPECTATION_RULE = "R&C victory expectation"


@dataclass(frozen=True)
class VictoryResult:
    points: dict[Side, Breakdown]
    winner: Side | None  # None: a draw
    level: str = ""  # "marginal", "substantive" or "decisive"; "" for a draw
    level_terms: Breakdown = field(default_factory=Breakdown)  # the ratio and its threshold
    sudden_death: SuddenDeath | None = None  # the condition that ended the game, if one did

    @property
    def title(self) -> str:
        """'Union decisive victory', 'draw'."""
        return result_title(self.winner, self.level)

    def lines(self) -> list[str]:
        ended = self.sudden_death.name if self.sudden_death is not None else None
        return result_lines(self.points, self.winner, self.level, self.level_terms, ended)


def result_title(winner: Side | None, level: str) -> str:
    """A game's result in a few words, for the tactical and the strategic game alike."""
    if winner is None:
        return "draw"
    return f"{winner.label} {level} victory".replace("  ", " ")


def result_lines(points: dict[Side, Breakdown], winner: Side | None, level: str,
                 level_terms: Breakdown, sudden_death: str | None) -> list[str]:
    """A result term by term: each side's points, what ended the game early, the level."""
    out = []
    for side, breakdown in points.items():
        out.append(f"{side.label}: {breakdown.total:g} points")
        out += [f"  {term}" for term in breakdown]
    if sudden_death is not None:
        out.append(f"sudden death: {sudden_death}")
    if level:
        out.append(f"level: {level}")
        out += [f"  {term}" for term in level_terms]
    out.append("draw" if winner is None else f"{winner.label} victory")
    return out


OFF_MAP_RULE = "002 29"
OFF_MAP_BOX = "Broken Box 1"  # off the map by its own edge: retreated off the board


def update_holders(state: GameState, victory_hexes: list[Hex], generals_hold: bool = False
                   ) -> None:
    """A victory hex changes hands when combat units of one side alone stand in it; with
    `generals_hold` (002 31) a leader alone holds it too."""
    for h in victory_hexes:
        sides = {u.side for u in state.units_at(h)
                 if generals_hold or u.kind is not UnitKind.LEADER}
        if len(sides) == 1:
            state.holders[h] = sides.pop()


def losses_by_unit(state: GameState, scenario: Scenario) -> dict[str, tuple[UnitDef, int]]:
    """Every unit that entered play and lost strength points: its printed counter and the SPs
    lost (all of them when it is no longer on the map, but see `off_map_not_eliminated`)."""
    printed = {d.id: d for d in scenario.order_of_battle.values()} or {
        u.id: u.defn for u in scenario.units}
    retreated_off = RuleOptions.of(scenario.options).off_map_not_eliminated
    out: dict[str, tuple[UnitDef, int]] = {}
    for unit_id in sorted(state.entered):
        defn = printed.get(unit_id)
        if defn is None:
            continue
        now = state.units.get(unit_id)
        off = state.broken.get(unit_id)
        if now is None and retreated_off and off is not None and off.box == OFF_MAP_BOX:
            now = off.unit  # 002 29: it left the board, it was not eliminated
        lost = defn.strength - (now.strength if now is not None else 0)
        if lost:
            out[unit_id] = (defn, lost)
    return out


def losses(state: GameState, scenario: Scenario, side: Side) -> int:
    """Strength points `side` has lost among its units that entered play."""
    return sum(lost for defn, lost in losses_by_unit(state, scenario).values()
               if defn.side is side)


def spared_off_map(state: GameState, scenario: Scenario, side: Side) -> int:
    """002 29 (option off_map_not_eliminated): the SPs of `side`'s units that retreated off
    the board (Broken Box 1), which would otherwise count as lost."""
    if not RuleOptions.of(scenario.options).off_map_not_eliminated:
        return 0
    return sum(entry.unit.strength for entry in state.broken.values()
               if entry.box == OFF_MAP_BOX and entry.unit.side is side
               and entry.unit.kind is not UnitKind.LEADER)


@dataclass(frozen=True)
class BrigadeLosses:
    side: Side
    brigade: str  # the brigade's name, or the unit's own outside any brigade
    lost: int  # SPs lost
    printed: int  # SPs of its units that entered play, as printed


def losses_by_brigade(state: GameState, scenario: Scenario) -> list[BrigadeLosses]:
    """SPs lost by each brigade that entered play, by side, then most lost first."""
    printed = {d.id: d for d in scenario.order_of_battle.values()} or {
        u.id: u.defn for u in scenario.units}
    lost = {unit_id: n for unit_id, (_, n) in losses_by_unit(state, scenario).items()}
    totals: dict[tuple[Side, str], list[int]] = {}
    for unit_id in state.entered:
        defn = printed.get(unit_id)
        if defn is None or defn.kind is UnitKind.LEADER:
            continue
        total = totals.setdefault((defn.side, defn.brigade or defn.name), [0, 0])
        total[0] += lost.get(unit_id, 0)
        total[1] += defn.strength
    rows = [BrigadeLosses(side, name, n, of) for (side, name), (n, of) in totals.items()]
    return sorted(rows, key=lambda r: (r.side is not Side.UNION, -r.lost, r.brigade))


def guns_lost(state: GameState, scenario: Scenario, unit_id: str) -> int:
    """The guns a battery that entered play has lost: those destroyed or taken while it is on
    the map or on the Broken Track (it routed away with the rest), all of them once it is
    eliminated or taken whole."""
    if unit_id in state.units:
        return state.units[unit_id].guns_lost
    if unit_id in state.broken:
        return state.broken[unit_id].unit.guns_lost
    defn = scenario.order_of_battle.get(unit_id)
    return defn.strength if defn is not None and unit_id in state.entered else 0


@dataclass(frozen=True)
class Lost:
    """What one side has lost, as the points count it."""

    sps: int  # strength points of infantry and cavalry
    crews: int  # battery strength points (a gun and its crew each)
    guns: int  # guns destroyed or taken


def lost_by(state: GameState, scenario: Scenario, loser: Side) -> Lost:
    by_unit = [(unit_id, defn, n) for unit_id, (defn, n) in
               losses_by_unit(state, scenario).items() if defn.side is loser]
    batteries = [(unit_id, n) for unit_id, defn, n in by_unit
                 if defn.kind is UnitKind.ARTILLERY]
    return Lost(sum(n for _, defn, n in by_unit if defn.kind is not UnitKind.ARTILLERY),
                sum(n for _, n in batteries),
                sum(guns_lost(state, scenario, unit_id) for unit_id, _ in batteries))


def loss_terms(scale: VictoryPoints, loser: Side, lost: Lost) -> list[Term]:
    """What `loser`'s losses score for its enemy: one point a strength point, or, with the
    scenario's `victory_points`, a point an infantry or cavalry SP (about 100 men), its
    `battery_sp` a battery SP (a gun's crew) and its `gun` a gun lost (the trophy)."""
    if scale.plain:
        total = lost.sps + lost.crews
        return [Term(f"{loser.label} strength points lost", total, VICTORY_RULE)] if total else []
    terms = []
    if lost.sps:
        terms.append(Term(f"{loser.label} infantry and cavalry strength points lost", lost.sps,
                          VICTORY_RULE))
    if lost.crews and scale.battery_sp:
        terms.append(Term(f"{loser.label} battery strength points lost: {lost.crews} at "
                          f"{scale.battery_sp:g}", round(lost.crews * scale.battery_sp, 4),
                          VICTORY_RULE))
    if lost.guns and scale.gun:
        terms.append(Term(f"{loser.label} guns lost: {lost.guns} at {scale.gun:g}",
                          round(lost.guns * scale.gun, 4), VICTORY_RULE))
    return terms


def side_points(scenario: Scenario, side: Side, held: list[VictoryHex], enemy_lost: Lost,
                notes: list[Term] | None = None) -> Breakdown:
    """A side's points: the victory hexes it holds, its enemy's losses, `notes` (terms worth
    nothing that explain), and the expectation when the scenario names this side."""
    terms = [Term(f"holds {v.name or 'a victory hex'}", v.points, "R&C victory hexes")
             for v in held]
    terms += loss_terms(scenario.victory_points, side.other, enemy_lost)
    terms += notes or []
    expected = scenario.victory_points.expectation
    if expected is not None and expected.side is side:
        more = round(sum(t.value for t in terms) * (expected.times - 1), 4)
        terms.append(Term(f"{expected.name}: the {side.label} points count "
                          f"{expected.times:g} times", more, EXPECTATION_RULE))
    return Breakdown.of(terms)


def on_points(points: dict[Side, Breakdown]) -> VictoryResult:
    """The winner and level by the points alone (no sudden death)."""
    union, confederate = (points[s].total for s in (Side.UNION, Side.CONFEDERATE))
    if union == confederate:
        return VictoryResult(points, None)
    winner = Side.UNION if union > confederate else Side.CONFEDERATE
    level, reasons = level_of(points[winner].total, points[winner.other].total)
    return VictoryResult(points, winner, level, reasons)


def sudden_death(state: GameState, scenario: Scenario) -> SuddenDeath | None:
    """The first of the scenario's sudden-death conditions that is met now, if any."""
    for condition in scenario.sudden_death:
        if condition.enemy_losses is not None:
            if losses(state, scenario, condition.winner.other) >= condition.enemy_losses:
                return condition
        elif condition.holds and all(state.holders.get(h) is condition.winner
                                     for h in condition.holds):
            return condition
    return None


def score(state: GameState, scenario: Scenario) -> VictoryResult:
    points: dict[Side, Breakdown] = {}
    for side in Side:
        held = [v for v in scenario.victory_hexes if state.holders.get(v.hex) is side]
        spared = spared_off_map(state, scenario, side.other)
        notes = [Term(f"{spared} {side.other.label} strength points retreated off the board, "
                      "not eliminated", 0, OFF_MAP_RULE)] if spared else []
        enemy_lost = lost_by(state, scenario, side.other)
        points[side] = side_points(scenario, side, held, enemy_lost, notes)
    ended = sudden_death(state, scenario)
    if ended is not None:
        why = Term(f"sudden death: {ended.describe(scenario.map.hex_id)}", 1,
                   "R&C sudden death")
        return VictoryResult(points, ended.winner, "decisive", Breakdown((why,)), ended)
    return on_points(points)


def level_of(winner_points: float, loser_points: float) -> tuple[str, Breakdown]:
    """The level of a victory on points, with the ratio and the threshold it reached."""
    ratio = winner_points / max(loser_points, 1)
    threshold, level = next((t, name) for t, name in LEVELS if ratio >= t)
    terms = [Term(f"ratio {winner_points:g} to {max(loser_points, 1):g}", round(ratio, 2),
                  LEVEL_RULE)]
    if threshold:
        terms.append(Term(f"{level} from {threshold:g} to 1", threshold, LEVEL_RULE))
    return level, Breakdown.of(terms)
