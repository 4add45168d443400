"""Every strategic event has its words (gameapp/present/strategic_words.py, merged into
event_words.WORDS): each event class of the strategic ruleset is in the table, and every event
random games on the test maps produce says something, with its rule."""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import pkgutil
import random
from pathlib import Path

import pytest

import gameapp.core.rulesets.strategic as strategic
from gameapp.core.engine import Game
from gameapp.core.rulesets.strategic.actions import Attack, EndPhase
from gameapp.present.event_words import STRATEGIC_EVENTS, WORDS, report_lines, words
from gameapp.present.strategic_words import STRATEGIC_WORDS

TESTS = Path(__file__).resolve().parents[1] / "rulesets" / "strategic"
# modules of values, not events
NOT_EVENT_MODULES = {"actions", "pieces", "state", "scenario", "tables", "crt", "terrain", "zoc",
                     "paths"}
# dataclasses of the other modules that are not events: previews, queries, start effects,
# the loaded schedule and victory terms, the supply net and its picture, the result
NOT_EVENTS = {"LossLine", "BattlePreview", "ResultChance", "_Look", "CommandChoice",
              "MarchOption", "RetreatPath", "StrategicRules", "Scheduled", "ScheduledWeek",
              "MonthlyInterphase", "NewPhase", "RollForFirst", "SupplyCheck", "CombatSupply",
              "SupplyNet", "SupplyPicture", "AttackerChoice", "StrategicResult",
              "SuddenDeathLoss", "VictoryPlace", "VictoryTerms", "Par", "Balance", "Shot",
              "TransitTables"}


def strategic_dataclasses() -> list[type]:
    found = []
    for info in pkgutil.iter_modules(strategic.__path__):
        if info.name in NOT_EVENT_MODULES:
            continue
        module = importlib.import_module(f"{strategic.__name__}.{info.name}")
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if cls.__module__ == module.__name__ and dataclasses.is_dataclass(cls):
                found.append(cls)
    return found


def test_every_strategic_event_class_has_words() -> None:
    events = [c for c in strategic_dataclasses() if c.__name__ not in NOT_EVENTS]
    assert len(events) >= 29  # the events listed when this test was written
    missing = [c.__name__ for c in events if c not in WORDS]
    assert not missing, f"strategic events without words: {missing}"


def test_every_strategic_event_is_found_by_its_package() -> None:
    """event_words imports these words only for an event of the strategic package (so that
    a tactical game never imports the strategic rules): an event that lives elsewhere would
    go without words."""
    outside = [kind.__name__ for kind in STRATEGIC_WORDS
               if not kind.__module__.startswith(STRATEGIC_EVENTS)]
    assert not outside
    assert set(STRATEGIC_WORDS) <= set(WORDS)


@pytest.mark.parametrize("scenario", ["hazel.yaml", "west_skirmish.yaml"])
def test_every_event_of_random_play_says_something(scenario: str) -> None:
    game = Game.from_scenario(TESTS / scenario, seed=3)
    rng = random.Random(3)
    seen: set[str] = set()
    events = list(game.opening_events)
    for _ in range(300):
        if game.is_over:
            break
        legal = list(game.legal_actions())
        attacks = [a for a in legal if isinstance(a, Attack)]
        ends = EndPhase() in legal
        action = (rng.choice(attacks) if attacks and rng.random() < 0.5 else
                  EndPhase() if ends and rng.random() < 0.15 else rng.choice(legal))
        events += game.apply(action)
    for event in events:
        said = words(event, game.map.hex_id)
        assert said and all(line.strip() for line in said), event
        seen.add(type(event).__name__)
    assert {"InitiativeDecided", "Marched"} <= seen
    assert report_lines(events, game.map.hex_id)  # the log's lines
