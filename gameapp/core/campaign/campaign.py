"""A campaign: a strategic game and the tactical battles fought out inside it (docs/campaigns.md).

    campaign = Campaign(Game.from_scenario("scenarios/east_1862.yaml", seed=3))
    campaign.game                 # the game the players play now: the battle while one is on
    campaign.apply(action)        # to that game; a battle starts and ends by itself
    campaign.battle               # the battle being fought: site, conversion in, tactical game
    campaign.fought               # battles fought out: their tactical logs and results

When both sides agree to fight a battle out (offer.py), the strategic game waits on a decision
that only the battle's result answers. `Campaign` builds the tactical game from the forces
present (convert_in.py), hands every action to it until it is over, then answers the strategic
game with the tactical result (`TacticalResult`, one logged strategic action); the strategic
rules carry it back (convert_out.py).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from gameapp.core.campaign.actions import TacticalResult
from gameapp.core.campaign.convert_in import ConversionIn, convert_in, formation_of, shares
from gameapp.core.campaign.offer import BattleOffer, find_site
from gameapp.core.campaign.sites import BattleSite
from gameapp.core.decisions import DecisionKind
from gameapp.core.engine import Game, LogEntry
from gameapp.core.rules.victory import losses_by_unit
from gameapp.core.rulesets.strategic.pieces import Division
from gameapp.core.rulesets.strategic.state import StrategicState
from gameapp.core.units import Side, UnitDef, UnitKind

MEN_PER_TACTICAL_SP = 100  # infantry and cavalry (counters/cedar_mountain.yaml's scale)
MEN_PER_GUN = 20  # DESIGN: a six-gun battery had about 120 men; a gun lost costs its detachment


@dataclass
class Battle:
    """A battle being fought out (or just fought): where, the conversion in, the game."""

    site: BattleSite
    offer: BattleOffer
    conversion: ConversionIn
    game: Game
    turn: int  # the strategic week it was fought in
    seed: int


@dataclass(frozen=True)
class FoughtBattle:
    """A battle fought out, kept for the campaign's save and replay."""

    site: str
    turn: int
    seed: int
    log: tuple[LogEntry, ...]  # the tactical game's log, with its dice
    result: TacticalResult
    game: Game | None = field(default=None, compare=False, repr=False)  # to replay it

    @property
    def actions(self) -> tuple[str, ...]:
        return tuple(entry.notation for entry in self.log)


@dataclass
class Campaign:
    strategic: Game
    battle: Battle | None = None
    fought: list[FoughtBattle] = field(default_factory=list)

    @property
    def game(self) -> Game:
        """The game played now: the tactical battle while one is on, else the campaign."""
        return self.battle.game if self.battle is not None else self.strategic

    def apply(self, action: Any) -> list[Any]:
        """Apply an action to the game played now; a battle agreed starts, a battle over ends
        and its result goes back to the strategic game (its events follow the action's)."""
        if self.battle is None:
            events = self.strategic.apply(action)
            self.resume_battle()
            return events
        events = self.battle.game.apply(action)
        if self.battle.game.is_over:
            events += self.finish()
        return events

    def finish(self) -> list[Any]:
        """The tactical game is over: answer the strategic game with its result."""
        battle = self.battle
        assert battle is not None and battle.game.is_over
        result = tactical_result(battle, self.strategic.state)
        self.fought.append(FoughtBattle(
            battle.site.id, battle.turn, battle.seed, tuple(battle.game.log), result,
            battle.game))
        self.battle = None
        return answer_with(self.strategic, result)

    def resume_battle(self) -> None:
        """Build the tactical game if both sides have agreed to fight it out (the campaign's
        start, a replay and every strategic action call it)."""
        decision = self.strategic.pending_decision
        if self.battle is not None or decision is None:
            return
        if decision.kind is not DecisionKind.TACTICAL_BATTLE:
            return
        offer = self.strategic.state.battle
        assert isinstance(offer, BattleOffer)
        site = find_site(self.strategic._context(), offer.site)
        conversion = convert_in(site, self.strategic.state, offer)
        seed = battle_seed(self.strategic)
        game = Game.from_scenario(conversion.scenario, seed=seed)
        self.battle = Battle(site, offer, conversion, game, self.strategic.state.turn, seed)


def battle_seed(strategic: Game) -> int:
    """The tactical game's seed: the campaign's seed and the place in its log, so a replay of
    the campaign fights the same battle with the same dice."""
    return strategic.dice.seed * 1_000_003 + len(strategic.log)


def answer_with(strategic: Game, result: TacticalResult) -> list[Any]:
    """The strategic game's wait (offer.BattleUnderWay) answered by the battle's `result`."""
    decision = strategic.pending_decision
    assert decision is not None and decision.kind is DecisionKind.TACTICAL_BATTLE
    return strategic.apply(result)


def _men(defn: UnitDef, lost: int) -> int:
    """Men a tactical unit's lost strength stands for: 100 an infantry or cavalry SP, 20 a gun."""
    if defn.kind is UnitKind.ARTILLERY:
        return lost * MEN_PER_GUN
    return 0 if defn.kind is UnitKind.LEADER else lost * MEN_PER_TACTICAL_SP


def men_lost(battle: Battle) -> dict[Side, int]:
    """Men each side lost in the tactical game: 100 a lost infantry or cavalry SP, 20 a gun."""
    game = battle.game
    men = dict.fromkeys(Side, 0)
    for defn, lost in losses_by_unit(game.state, game.scenario).values():
        men[defn.side] += _men(defn, lost)
    return men


def men_by_division(battle: Battle, state: StrategicState) -> tuple[tuple[str, int], ...]:
    """Men each strategic division's formations lost, by division id; a formation standing for
    several divisions shares its men in proportion to their SP (largest remainders)."""
    game = battle.game
    by_formation: dict[str, int] = defaultdict(int)
    for defn, lost in losses_by_unit(game.state, game.scenario).values():
        by_formation[formation_of(defn)] += _men(defn, lost)
    bled: dict[str, int] = defaultdict(int)
    for formation in battle.conversion.formations:
        men = by_formation.get(formation.name, 0)
        divisions = [d for d in (state.pieces.get(i) for i in formation.divisions)
                     if isinstance(d, Division)]
        for division, share in zip(divisions, shares([d.sp for d in divisions], men),
                                   strict=True):
            bled[division.id] += share
    return tuple(sorted((division, men) for division, men in bled.items() if men))


def leaders_lost(battle: Battle) -> tuple[str, ...]:
    """The strategic leaders whose tactical counters fell (incapacitated or taken)."""
    state = battle.game.state
    printed = battle.game.scenario.order_of_battle
    fallen = set(state.vacancies) | {  # successors made in the battle are not printed
        unit_id for unit_id in state.entered if unit_id not in state.units
        and unit_id in printed and printed[unit_id].kind is UnitKind.LEADER}
    links = [link for side in Side for link in battle.site.sides[side].leaders]
    return tuple(link.strategic for link in links if link.tactical in fallen)


def tactical_result(battle: Battle, state: StrategicState) -> TacticalResult:
    """The battle's result for the strategic game (`state`: the campaign before it)."""
    score = battle.game.result()
    men = men_lost(battle)
    level = score.level if score.winner is not None and score.level else "draw"
    winner = score.winner if level != "draw" else None
    return TacticalResult(battle.offer.preview.target, winner, level, men[Side.UNION],
                          men[Side.CONFEDERATE], leaders_lost(battle),
                          men_by_division(battle, state))
