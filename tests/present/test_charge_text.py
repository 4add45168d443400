"""The charge preview's morale levels in words (8.41, 8.42): each checking unit's printed level,
then each modifier with the level it leaves, along the d66 sequence. The position is
tests/core/test_charge_preview_levels.py's (2-1, CS-1 with a third lost, US-1 with its
officer)."""

from __future__ import annotations

from dataclasses import replace

from gameapp.core.rules.charge.preview import ChargePreview
from gameapp.core.rulesets.tactical import tactical
from gameapp.core.units import Formation, Side
from gameapp.present.charge_text import charge_rows
from gameapp.present.fire_text import StepRow
from tests.core.positions import N, S, blank_map, game_on, infantry, leader, place


def preview() -> ChargePreview:
    m = blank_map()
    us = place(infantry("US-1"), m, "0607", N, Formation.COLUMN)
    general = place(leader("US-G"), m, "0605")
    cs = replace(place(infantry("CS-1", Side.CONFEDERATE), m, "0604", S), losses=2)
    game = game_on(m, [us, general, cs])
    return tactical(game).charge_preview(m.parse("0604"), ["US-1"], {"US-1": m.parse("0605")})


def test_each_checking_unit_is_shown_step_by_step() -> None:
    rows = charge_rows(preview(), {"CS-1": "1st Texas"})
    defender, attacker = rows.levels
    assert (defender.title, defender.level) == ("Defender 1st Texas (CS-1), 8.41", "21")
    # the dialog names the position's terms: open flanks (7.27) and what fire would subtract
    assert defender.steps == [
        StepRow("7.0", "printed morale level", "=35", "35"),
        StepRow("7.2 casualties", "Confederate unit lost a third", "-6", "25"),  # 34..26 25
        StepRow("7.27", "left flank 0704: no formed unit", "-2", "23"),
        StepRow("7.27", "right flank 0504: no formed unit", "-2", "21"),
        StepRow("FCRT DRM target density",
                "enemy fire would subtract: target density 3 SPs (roll -6, as level)", "+6",
                "31"),  # 22 23 24 25 26 31
        StepRow("8.0 odds", "2-1: defender subtracts 6", "-6", "21"),
    ]
    assert (attacker.title, attacker.level) == ("Attacker US-1 (US-1), 8.42", "42")
    assert attacker.steps[-2] == StepRow("7.2 officers", "officer's morale bonus", "+1", "36")
    assert attacker.steps[-1] == StepRow(
        "FCRT DRM target density",
        "enemy fire would subtract: target density 5 SPs (roll -2, as level)", "+2", "42")


def test_no_levels_when_no_check_is_rolled() -> None:
    m = blank_map()
    game = game_on(m, [place(infantry("US-1", strength=1), m, "0605", N),
                       place(infantry("CS-1", Side.CONFEDERATE, strength=8), m, "0604", S)])
    rows = charge_rows(tactical(game).charge_preview(m.parse("0604"), ["US-1"]))  # 1 to 8: AR
    assert rows.automatic and rows.levels == []
