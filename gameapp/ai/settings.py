"""The computer player's knobs: difficulty, posture, and the weights they select.

Scores are in victory points (one per enemy strength point lost, the victory hexes' printed
points), so fire, charges and movement compare on one scale.

- easy: every score gets seeded Gaussian noise (sigma 1.5 VP); fire is one unit at a time (no
  combined fire groups); threats ignore enfilade and the enemy's next move (only the fire that
  reaches a hex now counts); objectives further than 5 hexes are not seen; every shot above
  0.05 VP is taken, whatever it spends.
- normal: no noise, combined fire groups, enfilade-aware threats, every objective, the rout
  lanes of shaken friends kept clear, charges valued with the routs they spread (7.37: since
  26 November, issue 30, as hard did already; a charge's rout cascades took 100-150 SPs a side
  in Slaughter Mountain games), shots charged the exhaustion and ammunition they spend
  (`fatigue.py`), and each enemy's fire spread over the hexes of ours it
  reaches (without it the Union on Slaughter Mountain backed out of the fields of thirty
  Confederate units and won 22% against random play; with it 52%: docs/ai.md).
- hard: normal without the spread of fire (with it hard lost more as the demo's Union against
  easy: 56% against 70%) and without the price of a shot (with it, as the demo's Union against
  easy, 29 wins of 50 against 36; as the Slaughter Mountain Union 23 against 24) and without
  the enemy's next move (it walks up to the edge of the enemy's fire and shoots first: the
  demo's hard Confederates won 42 of 50 against easy without it, 32 with it), plus charges
  valued with what the advance wins (the defenders driven off),
  on the last two turns victory hexes taken and held counted three times (what the game will
  be scored on), and a victory hex taken while enemy troops within a move can still come back
  for it counted a fifth of its swing (only the holder at the end scores it: the demo's hard
  Confederates sent the 15th South Carolina over the bridge alone, again and again, and lost
  it there; without the fifth they won 25 of 50 against easy, with it 32, both while hard
  still counted the enemy's next move). (Weighing expected losses 1.3 times made hard weaker
  against easy while it counted the enemy's approach: 64%/42% against 70%/44%.)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Difficulty(Enum):
    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"


class Posture(Enum):
    ATTACK = "attack"
    DEFEND = "defend"
    DELAY = "delay"
    HOLD = "hold"  # stand where it is: no pull toward ground, charges only when clearly won


@dataclass(frozen=True)
class Weights:
    noise: float  # standard deviation of the noise added to every score, in VP
    horizon: int  # objectives further than this many hexes are ignored
    combined_fire: bool
    enfilade_aware: bool
    charge_followup: bool  # charges count the hex the victors advance into
    endgame_turns: int  # last turns in which holding victory hexes is what counts
    caution: float = 1.0  # times the posture's weight on expected losses
    # counts the fire the enemy could bring after its next move (`influence.approach`); hard
    # does not: it walks up to the edge of the enemy's fire and shoots first (docs/ai.md)
    sees_approach: bool = True
    spreads_fire: bool = False  # an enemy's fire is shared among the hexes of ours it reaches
    avoids_rout_lanes: bool = False  # keeps out of the paths our shaken units would rout along
    counts_fatigue: bool = False  # a shot is charged the exhaustion and ammunition it spends
    # share of a victory hex's swing counted for taking it while enemy troops within a move
    # may still take it back (`Objectives.kept`)
    keeps_contested: float = 1.0
    # charges count the routs a rout spreads to the router's neighbours (7.37), ours and theirs
    # (`move_choice.followup_routs`)
    counts_spread_routs: bool = False


WEIGHTS = {
    Difficulty.EASY: Weights(noise=1.5, horizon=5, combined_fire=False, enfilade_aware=False,
                             charge_followup=False, endgame_turns=0, sees_approach=False),
    Difficulty.NORMAL: Weights(noise=0.0, horizon=40, combined_fire=True, enfilade_aware=True,
                               charge_followup=False, endgame_turns=0, avoids_rout_lanes=True,
                               spreads_fire=True, counts_fatigue=True,
                               counts_spread_routs=True),
    Difficulty.HARD: Weights(noise=0.0, horizon=40, combined_fire=True, enfilade_aware=True,
                             charge_followup=True, endgame_turns=2, avoids_rout_lanes=True,
                             keeps_contested=0.2, sees_approach=False,
                             counts_spread_routs=True),
}


@dataclass(frozen=True)
class Stance:
    """How a posture trades risk against ground."""

    caution: float  # VP per expected SP lost to enemy fire
    advance: float  # VP per hex closer to the objective it attacks
    hold: float  # VP for standing on a victory hex it holds, per point of the hex
    charge_bias: float  # added to every charge's value
    take: float  # share of a victory hex's swing that pulls toward one it may still take


STANCES = {
    Posture.ATTACK: Stance(caution=0.9, advance=0.06, hold=0.25, charge_bias=0.2, take=1.0),
    Posture.DEFEND: Stance(caution=1.0, advance=0.02, hold=0.5, charge_bias=-0.2, take=0.5),
    Posture.DELAY: Stance(caution=1.5, advance=0.0, hold=0.3, charge_bias=-0.5, take=0.25),
    # a scenario's opening (hints.Opening): the army stands on its ground, as Banks stood on
    # his ridge until 5:45 pm, whatever the score; nothing pulls it forward
    Posture.HOLD: Stance(caution=1.0, advance=0.0, hold=0.5, charge_bias=-0.5, take=0.0),
}
