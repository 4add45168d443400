"""ChargePreview's morale level of every unit that checks (8.41 defenders, 8.42 attackers), as
the 7.33 check will compute it, term by term. Worked by hand along the d66 sequence."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from gameapp.core.dice import D66
from gameapp.core.rules.charge import ChargeOutcome
from gameapp.core.rulesets.tactical import tactical
from gameapp.core.units import Formation, Side
from tests.core.positions import N, S, blank_map, game_on, infantry, leader, place


def test_each_checking_unit_has_its_level_with_every_modifier() -> None:
    m = blank_map()
    us = place(infantry("US-1"), m, "0607", N, Formation.COLUMN)
    general = place(leader("US-G"), m, "0605")  # bonus 1, with US-1 once it stops in 0605
    cs = replace(place(infantry("CS-1", Side.CONFEDERATE), m, "0604", S), losses=2)
    game = game_on(m, [us, general, cs])
    preview = tactical(game).charge_preview(m.parse("0604"), ["US-1"], {"US-1": m.parse("0605")})
    # 5 × 1½ (column) = 7½ against 3 SPs left: 2½, column 2-1, 6D
    assert preview.odds.column.label == "2-1"
    (defender,) = preview.defender_levels
    terms = [(t.label, t.value, t.rule) for t in defender.terms.terms]
    assert terms == [
        ("printed morale level", 35, "7.0"),
        ("Confederate unit lost a third", -6, "7.2 casualties"),  # 2 of 5 SPs lost
        ("left flank 0704: no formed unit", -2, "7.27"),  # in line, alone: open flanks
        ("right flank 0504: no formed unit", -2, "7.27"),
        # fire at its 3 SPs would subtract 2 per SP under 6 from the roll: -6, as level +6
        ("enemy fire would subtract: target density 3 SPs (roll -6, as level)", 6,
         "FCRT DRM target density"),
        ("2-1: defender subtracts 6", -6, "8.0 odds"),
    ]
    # 35 - 6 - 4 + 6 - 6 = 35 - 10 steps along d66: 34 33 32 31 26 25 24 23 22 21
    assert defender.level == D66.of(21) and not defender.attacker
    (attacker,) = preview.attacker_levels  # the leader does not check
    # in column: no open flanks; 5 SPs: fire would take 2 off the roll (level +2)
    assert [(t.label, t.value) for t in attacker.terms.terms] == [
        ("printed morale level", 35), ("officer's morale bonus", 1),
        ("enemy fire would subtract: target density 5 SPs (roll -2, as level)", 2)]
    assert attacker.level == D66.of(42) and attacker.attacker  # 36 41 42
    # the levels are the ones the chances use: 29 throws of 36 are above 21
    assert preview.chances.defender_routs["CS-1"] == Fraction(29, 36)
    assert preview.probability(ChargeOutcome.DEFENDER_ROUTS) == Fraction(29, 36)
    assert ("CS-1: morale level 21 = 35 (printed morale level, 7.0) -6 (Confederate unit lost "
            "a third, 7.2 casualties) -2 (left flank 0704: no formed unit, 7.27) -2 (right "
            "flank 0504: no formed unit, 7.27) +6 (enemy fire would subtract: target density 3 "
            "SPs (roll -6, as level), FCRT DRM target density) -6 (2-1: defender subtracts 6, "
            "8.0 odds)") in preview.lines()
