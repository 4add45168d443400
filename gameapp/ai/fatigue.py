"""What a shot costs the side that fires it, beyond the unit's chance to fire elsewhere.

Two things are spent, and both last (docs/rules.md "Exhaustion" and "Ammunition"):

- Exhaustion. A brigade whose unit fires this turn gains a level at the turn's end (and forgoes
  the rest it would have had standing idle). At 5, 9 and 12 every unit of the brigade checks
  morale 6, 9 and 12 lower (7.2): under the Broken Box rule a rout usually costs the whole unit.
  A level is priced as its share of the next band's harm: the brigade's extra check costs at
  the lower morale, times the checks a unit is expected to take in the rest of the game, spread
  over the levels still to go before the band. A second unit of a brigade that has already
  fired this turn fires free.
- Ammunition. A battery that fires on doubles (1 shot in 6) drops a level, and with none left
  it cannot fire. While a battery's expected shots left are fewer than the fire phases left,
  each shot uses one it could fire later: it costs a typical shot's value times that scarcity.

Without this the Union batteries on Slaughter Mountain fired every phase at 11% chances, reached
exhaustion 10 (morale -9) by turn 9 with no ammunition left, and routed off the map.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from gameapp.ai.estimates import check_cost
from gameapp.core.engine import Game
from gameapp.core.rules.exhaustion import FIRED, brigade_of
from gameapp.core.rules.morale import EXHAUSTION_BANDS, exhaustion_term
from gameapp.core.units import Status, Unit, UnitKind

CHECKS_AHEAD = 0.5  # morale checks a unit is expected to take in the rest of a game
FULL_TURNS = 6  # with fewer turns left than this the price shrinks in proportion
SHOTS_PER_LEVEL = 6  # a level of ammunition lasts six shots on average (doubles drop it)
TYPICAL_SHOT = 0.3  # VP: what a battery's later shot is worth, for the ammunition price


@dataclass(frozen=True)
class FiringCost:
    exhaustion: float  # VP
    ammunition: float  # VP

    @property
    def total(self) -> float:
        return self.exhaustion + self.ammunition

    def text(self) -> str:
        parts = [f"{value:.2f} for {what}" for what, value in
                 (("exhaustion", self.exhaustion), ("ammunition", self.ammunition)) if value]
        return f", less {' and '.join(parts)}" if parts else ""


NO_COST = FiringCost(0.0, 0.0)


def firing_cost(game: Game, firers: Iterable[str]) -> FiringCost:
    """The lasting cost of these units firing now, in VP."""
    state = game.state
    units = [state.units[f] for f in firers if f in state.units]
    turns_left = game.scenario.clock.last_turn - state.turn + 1
    later = min(1.0, turns_left / FULL_TURNS)
    exhaustion = 0.0
    for brigade in sorted({brigade_of(u) for u in units}):
        done = state.activity.get(brigade, set())
        if FIRED in done:
            continue
        level = state.exhaustion.get(brigade, 0)
        levels = 2 if level > 0 and not done else 1  # the rest it would have had, and the gain
        members = [u for u in state.units.values()
                   if u.kind is not UnitKind.LEADER and brigade_of(u) == brigade]
        exhaustion += levels * level_price(members, level) * later
    fire_phases_left = 2 * turns_left
    ammunition = sum(TYPICAL_SHOT * ammunition_scarcity(u, fire_phases_left) for u in units
                     if u.kind is UnitKind.ARTILLERY)
    return FiringCost(exhaustion, ammunition)


def penalty(level: int) -> int:
    """The morale change at this exhaustion level, as a d66 shift (0, -6, -9 or -12): the
    morale table's own exhaustion term."""
    term = exhaustion_term(level)
    return int(term.value) if term is not None else 0


def level_price(members: list[Unit], level: int) -> float:
    """VP one more exhaustion level costs a brigade at `level`: its share of the next band."""
    band = min((low for low, _ in EXHAUSTION_BANDS if low > level), default=None)
    if band is None:
        return 0.0  # past the last band more levels change nothing
    now, then = penalty(level), penalty(band)
    harm = sum(check_cost(u, then) - check_cost(u, now) for u in members)
    return CHECKS_AHEAD * harm / (band - level)


def ammunition_scarcity(unit: Unit, fire_phases_left: int) -> float:
    """The share of the fire phases left in which the battery will have no shot left to fire."""
    if fire_phases_left <= 0:
        return 0.0
    levels = (0 if Status.NO_AMMUNITION in unit.status
              else 1 if Status.LOW_AMMUNITION in unit.status else 2)
    return max(0.0, 1.0 - SHOTS_PER_LEVEL * levels / fire_phases_left)
