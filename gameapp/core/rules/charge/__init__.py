"""Charge resolution (1.25, section 8), as pure functions that explain every step.

    tables.py      data/charge.yaml: multipliers, rounding, odds, casualties, horse holders
    geometry.py    front, flank or rear of the defender; the slope the attacker charges up
    strength.py    each side's SPs: stacking cap, formation, orientation, terrain, rounding
    odds.py        the odds column and its effect on morale (AR, nA, NE, nD)
    check.py       the 7.33 morale check that resolves a charge
    casualties.py  8.52 and 8.53
    plan.py        what is fixed before the dice (odds, automatic results, morale levels)
    resolve.py     resolve_charge: the rolls, checks, routs, casualties and the advance
    chances.py     odds_probabilities: the exact chance of each outcome before the roll
    preview.py     ChargePreview: strengths, odds and chances together, for the window

The decisions the seed leaves open are in docs/rules.md.
"""

from gameapp.core.rules.charge.casualties import Casualty, pursuit_casualties, rout_casualties
from gameapp.core.rules.charge.chances import ChargeChances, odds_probabilities
from gameapp.core.rules.charge.check import ChargeCheck, charge_morale_check
from gameapp.core.rules.charge.geometry import Grade, Position, charged_slope, position
from gameapp.core.rules.charge.odds import Odds, charge_odds
from gameapp.core.rules.charge.plan import Automatic, ChargeOutcome, Situation
from gameapp.core.rules.charge.preview import ChargePreview, preview_charge
from gameapp.core.rules.charge.resolve import (
    Advance,
    ChargeResult,
    LeaderLoss,
    Rout,
    resolve_charge,
)
from gameapp.core.rules.charge.strength import (
    SideStrength,
    Step,
    UnitSps,
    attacker_strength,
    defender_strength,
    reference_defender,
)
from gameapp.core.rules.charge.tables import ChargeTables, charge_tables, round_sps

__all__ = [
    "Advance",
    "Automatic",
    "Casualty",
    "ChargeChances",
    "ChargeCheck",
    "ChargeOutcome",
    "ChargePreview",
    "ChargeResult",
    "ChargeTables",
    "Grade",
    "LeaderLoss",
    "Odds",
    "Position",
    "Rout",
    "SideStrength",
    "Situation",
    "Step",
    "UnitSps",
    "attacker_strength",
    "charge_morale_check",
    "charge_odds",
    "charge_tables",
    "charged_slope",
    "defender_strength",
    "odds_probabilities",
    "position",
    "preview_charge",
    "pursuit_casualties",
    "reference_defender",
    "resolve_charge",
    "round_sps",
    "rout_casualties",
]
