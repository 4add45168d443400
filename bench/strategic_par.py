"""Saved strategic games judged again by their scenario's victory rules as they stand now
(bench/history.py --load --rescore): the AI does not read the level, so a game saved before a
rule of victory changed (the par, R&C strategic par) is the same game; only its verdict changes.
A game's saved totals and the holders of its places are all the verdict needs."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gameapp.core.breakdown import Breakdown, Term
from gameapp.core.rulesets.strategic.scenario import load_strategic
from gameapp.core.units import Side


def judged(scenario_path: Path, union: float, confed: float,
           holders: dict[str, Side | None]) -> tuple[Side | None, str, float | None]:
    """(winner, level, the Union's distance from par or None without a par) for a game that
    ended with these totals and these holders of the scenario's places."""
    from gameapp.core.rulesets.strategic.victory import from_par

    scenario: Any = load_strategic(scenario_path)
    terms = scenario.victory
    if terms is None or terms.par is None:
        raise SystemExit(f"{scenario_path}: no par to judge the saved games by")
    fallen = sudden_death_winner(scenario, holders)
    if fallen is not None:
        return fallen, "decisive", None
    scored = {Side.UNION: Breakdown.of([Term("saved", union, "")]),
              Side.CONFEDERATE: Breakdown.of([Term("saved", confed, "")])}
    verdict = from_par(scored, terms, terms.par)
    return verdict.winner, verdict.level, verdict.level_terms.total


def sudden_death_winner(scenario: Any, holders: dict[str, Side | None]) -> Side | None:
    """The side that won at once (R&C strategic sudden death): the enemy of a sudden-death
    place's first holder, if a saved game ended with that place in other hands."""
    for place in scenario.victory.places:
        home = scenario.home[place.hex]
        if place.sudden_death and holders.get(place.name, home) is not home:
            return Side(home.other)
    return None
