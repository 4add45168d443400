"""The strategic computer player's difficulties (docs/ai.md, "The strategic computer player").

Scores are in victory points, as the strategic game counts them: a place's printed points, and
half a point for every SP lost (1 point per 2 SP the enemy lost).

- easy: every march and battle score gets seeded Gaussian noise; it sees objectives only within
  `horizon` hexes; it gives its orders to the first leaders it looks at and rolls for the rest;
  it does not weigh the danger of where it ends (so it does not withdraw from a hopeless
  position); it never moves by rail; it attacks at any odds the table allows when it expects to
  lose no more than it takes, plus a margin (`attack_margin` below zero: reckless).
- normal: no noise, every objective, orders to the forces that gain most from a sure command,
  danger weighed (it withdraws from a hopeless position, covers its capital), rail moves to mass
  where the objectives are, attacks only with a positive expectation.
- hard: normal, plus the last weeks' places counted more (what the game is scored on), a
  stronger pull to mass (concentration), and attacks only where the expectation is clearly
  positive. Since session 11 (issue 29: hard won 6 of 20 as the West '62 Union against easy)
  it also charges a march out of the supply net two weeks' attrition, not one
  (`hunger_weeks`: a force that marches out of its net stays out, and its attacks go in at
  half strength), and tries each attack also with only the SP the supply within reach feeds
  at full strength (`feeds_attacks`; combat_cas.fed_part). Normal keeps both as they were:
  the scenarios' balances were measured between normal players. Session 12 set `hunger_weeks`
  back to 1: charged two weeks, hard's Union stood off the places easy's stubborn Confederates
  hold out of supply (West '62 against easy, seeds 21-40: 12 of 20 won with 1).
  Session 13 (issue 29, West '62's hard Union against easy, where New Orleans stayed
  Confederate in every lost game read): hard counts a force aboard ship near the enemy places
  it may land at, and weighs a force all aboard by its best voyage for its command
  (`counts_afloat`: Butler's 12 SP, arriving aboard at the Head of Passes, felt none of New
  Orleans's pull, landed two hexes above it, and waited on his roll to sail); it advances
  after a battle into the enemy place or fort its attack emptied (`advances`;
  advance_cas.AdvanceInto), so a battle that drives the defenders off a place is worth the
  place's whole swing when the attackers outnumber them by half again; a force's need of an
  order to march leaves out the hexes the enemy holds (`marches_round_enemy`: no march
  enters them), so the week's orders are not spent walking Butler away from New Orleans; and
  the movement phase leaves an order for each force next to the enemy with a battle worth
  fighting whose general's roll may fail (`keeps_orders`: a week's orders serve both
  phases). Normal keeps all four off (the balances).
  Session 14 (issue 29, East '62's hard Confederacy against easy): the cover of our capital
  counts the troops in its works twice, up to the SP its fort shelters, as the invasion's
  reading of the same capital does (`counts_works`): a battle against them is shifted as if
  they were twice as many. Without it Richmond's cover asked half as many SP again as the
  Union had within two weeks' march of it, and never had them (seed 1, weeks 10, 20 and 25:
  64, 81 and 80 SP against 69, 102 and 115.5 asked), so its whole worth drew every Confederate
  unit toward Richmond to the end, and northern Virginia's places were left to the Union.
  Normal keeps it off (the balances).
  Session 15 (that row, and West '62's hard Union): hard's places and its capital's cover
  ask as many SP as the enemy has near them before they spare a unit, not half as many
  again (`guard_ratio` 1.0; `OUTNUMBER`, 1.5, is what it asks to go for an enemy stack). A
  place is held when an attack on it gains the enemy nothing: at even odds the table costs
  attacker and defender alike (1:1, 13 and 14 % over the die), and works, a city or rough
  ground shift the battle further the defender's way. Asking 1.5 kept Richmond's guard short
  all game and drew the troops beyond it toward Richmond, as `counts_works` found; at 1.0
  they go for the places and the enemy's stacks. Normal keeps 1.5 (the balances).
"""

from __future__ import annotations

from dataclasses import dataclass

from gameapp.ai.settings import Difficulty


@dataclass(frozen=True)
class StrategicWeights:
    noise: float  # standard deviation of the noise added to scores, in VP
    horizon: int  # objectives further than this many hexes are not seen
    weighs_danger: bool  # where it ends is scored by the enemy that can reach it
    uses_rail: bool
    ranks_orders: bool  # orders to the forces that gain most; else to the first listed
    attack_margin: float  # a battle is fought when its expected VP exceed this
    concentration: float  # VP per friendly SP already in a hex a unit joins (massing)
    endgame_turns: int  # the last weeks in which places held are counted twice
    hunger_weeks: float = 1.0  # weeks of attrition a march out of the supply net is charged
    feeds_attacks: bool = False  # also tries an attack with only the SP its supply can feed
    counts_afloat: bool = False  # troops aboard ship count toward an enemy place's grasp
    advances: bool = False  # advances into an enemy place or fort a battle emptied
    marches_round_enemy: bool = False  # a force's march need leaves out enemy-held hexes
    keeps_orders: bool = False  # keeps the week's orders a ready attack needs for combat
    counts_works: bool = False  # our capital's guard counts its works' garrison twice
    guard_ratio: float = 1.5  # our places and our capital's cover ask this many times the
    # enemy SP near them before they spare a unit


STRATEGIC_WEIGHTS = {
    Difficulty.EASY: StrategicWeights(noise=1.0, horizon=6, weighs_danger=False, uses_rail=False,
                                      ranks_orders=False, attack_margin=-1.0, concentration=0.0,
                                      endgame_turns=0),
    Difficulty.NORMAL: StrategicWeights(noise=0.0, horizon=99, weighs_danger=True, uses_rail=True,
                                        ranks_orders=True, attack_margin=0.1,
                                        concentration=0.005, endgame_turns=0),
    Difficulty.HARD: StrategicWeights(noise=0.0, horizon=99, weighs_danger=True, uses_rail=True,
                                      ranks_orders=True, attack_margin=0.3, concentration=0.01,
                                      endgame_turns=3, feeds_attacks=True,
                                      counts_afloat=True, advances=True,
                                      marches_round_enemy=True, keeps_orders=True,
                                      counts_works=True, guard_ratio=1.0),
}
