"""tests/data/scenarios/options_all.yaml: every option no shipped scenario uses, switched on at
once in a scenario file, loads through the schema and plays to the end (issue 24: every option
usable from a scenario file)."""

from __future__ import annotations

from pathlib import Path

from gameapp.core.events import ClosingRoll, Event
from gameapp.core.options import RuleOptions
from gameapp.core.scenario import load_scenario
from gameapp.core.units import GunType
from gameapp.headless import make_players, play

SCENARIO = Path(__file__).resolve().parent.parent / "data" / "scenarios" / "options_all.yaml"
ISSUE_24 = ("g88_zoc", "drm_cap", "off_map_not_eliminated", "generals_hold",
            "general_entry_bonus", "bridges_by_road", "artillery_retreats_limbered",
            "opening_volley", "closing_rolls", "artillery_duels")


def test_the_file_sets_every_option_and_the_counters_no_shipped_file_has() -> None:
    scenario = load_scenario(SCENARIO)
    options = RuleOptions.of(scenario.options)
    assert all(getattr(options, name) is True for name in ISSUE_24)
    assert (options.movement_allowances, options.retreat) == ("r_to_w", "g88")
    assert set(scenario.los_conventions) == {"highest_point", "woods_add_to_crests",
                                             "short_range_units_block",
                                             "long_artillery_over_units"}
    counters = list(scenario.order_of_battle.values())
    assert any(c.horse_holders for c in counters)
    assert {GunType.W, GunType.MN} <= {c.gun for c in counters}


def test_it_plays_to_the_end_with_the_computer_on_both_sides() -> None:
    seen: list[Event] = []
    outcome = play(SCENARIO, 3, players=make_players(3, "both"),
                   on_action=lambda game, events: seen.extend(events))
    assert outcome.game.is_over
    # seed 3: the computer charges, so closing rolls are made (003 3.5, some without a roll
    # under 3.5a)
    rolls = [e for e in seen if isinstance(e, ClosingRoll)]
    assert rolls and any(e.roll is not None for e in rolls)


def test_the_new_game_dialog_offers_every_new_option() -> None:
    """The dialog lists `option_choices` (gameapp/core/newgame.py), read from the schema."""
    from gameapp.core.newgame import option_choices

    demo = load_scenario(SCENARIO.parents[3] / "scenarios" / "demo.yaml")
    offered = {c.name: c for c in option_choices(demo)}
    assert set(ISSUE_24) <= offered.keys()
    assert all(offered[name].default is False for name in ISSUE_24)
