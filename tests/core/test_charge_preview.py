"""tactical(game).charge_preview (1.25, 8.0): the breakdowns, the odds and the exact chances before
the roll, for a declared charge and for the charge a move would declare. Worked by hand."""

from __future__ import annotations

from fractions import Fraction

import pytest

from gameapp.core.actions import Move
from gameapp.core.breakdown import IllegalActionError
from gameapp.core.rules.charge import Automatic, ChargeOutcome
from gameapp.core.rulesets.tactical import tactical
from gameapp.core.units import Formation, Side
from tests.core.positions import N, S, blank_map, game_on, infantry, place


def test_a_declared_charge_at_one_to_one() -> None:
    m = blank_map()
    us = place(infantry("US-1"), m, "0607", N)
    cs = place(infantry("CS-1", Side.CONFEDERATE), m, "0604", S)
    game = game_on(m, [us, cs])
    game.apply(Move("US-1", tuple(m.parse(h) for h in ("0606", "0605", "0604"))))
    preview = tactical(game).charge_preview(m.parse("0604"))
    assert preview.declared and preview.attacker_ids == ("US-1",)
    assert preview.defender_ids == ("CS-1",)
    # 5 SPs to 5, from CS-1's front (it faces south, US-1 stands south of it): 1-1, NE
    assert preview.attacker.total == 5 and preview.defender.total == 5
    assert preview.odds.column.label == "1-1" and preview.automatic is None
    # Each side's level: ML 35, two open flanks (7.27: -2 each, no formed unit beside it) and
    # the 2 that fire at 5 SPs would take off the roll (FCRT target density, as level +2):
    # 35 - 4 + 2 = 33. The defender routs on a roll above 33: 21 throws of 36. Otherwise (15)
    # the attacker throws against 33: 21 rout, 15 hold.
    assert preview.probability(ChargeOutcome.DEFENDER_ROUTS) == Fraction(21, 36)
    assert preview.probability(ChargeOutcome.ATTACKER_ROUTS) == Fraction(15 * 21, 36 * 36)
    assert preview.probability(ChargeOutcome.HELD) == Fraction(15 * 15, 36 * 36)
    assert "8.0 odds 5 SPs to 5 (ratio 1): column 1-1 (from 1 up to 1½)" in preview.lines()


def test_a_column_charge_a_move_would_declare() -> None:
    m = blank_map()
    us = place(infantry("US-1"), m, "0607", N, Formation.COLUMN)
    cs = place(infantry("CS-1", Side.CONFEDERATE), m, "0604", S)
    game = game_on(m, [us, cs])
    # from 0605, where a move 0606>0605>0604 would stop it
    preview = tactical(game).charge_preview(m.parse("0604"), ["US-1"], {"US-1": m.parse("0605")})
    assert not preview.declared
    # 5 × 1½ (8.13) = 7½, exactly ½ kept; × 1 from the front = 7½
    terms = [(t.label, t.value, t.rule) for t in preview.attacker_terms]
    assert terms == [
        ("US-1: 5 SPs", 5.0, "8.0"),
        ("US-1: charging in column ×", 1.5, "8.13"),
        ("US-1: exactly ½ is keep", 0.0, "8.0 rounding"),
        ("US-1: from the defender's front (0605) ×", 1.0, "8.0 orientation"),
    ]
    assert [(t.label, t.value) for t in preview.defender_terms] == [("CS-1: 5 SPs", 5.0)]
    # 7½ to 5 = 1.5: column 1.5-1, 3D. The defender's ML 35, -4 for two open flanks (7.27),
    # +2 for the roll fire at its 5 SPs would lose (FCRT target density), -3: 35 - 5 = 26
    # along d66 (34 33 32 31 26). 24 throws are above 26. If it holds (12/36) the attacker,
    # in column (no open flanks), checks at 35 + 2 = 41: 17 rout, 19 hold.
    assert preview.odds.column.label == "1.5-1"
    assert preview.probability(ChargeOutcome.DEFENDER_ROUTS) == Fraction(24, 36)
    assert preview.probability(ChargeOutcome.ATTACKER_ROUTS) == Fraction(12 * 17, 36 * 36)
    assert preview.probability(ChargeOutcome.HELD) == Fraction(12 * 19, 36 * 36)
    assert game.state.units["US-1"].hex == m.parse("0607")  # nothing changed


def test_an_ar_charge_is_decided_without_dice() -> None:
    m = blank_map()
    us = place(infantry("US-1", strength=1), m, "0605", N)
    cs = place(infantry("CS-1", Side.CONFEDERATE, strength=8), m, "0604", S)
    game = game_on(m, [us, cs])
    preview = tactical(game).charge_preview(m.parse("0604"), ["US-1"])
    # 1 to 8 = 1/8, below 1/3: AR
    assert preview.automatic is Automatic.ATTACKER_ROUTS
    assert preview.probability(ChargeOutcome.ATTACKER_ROUTS) == 1


def test_no_charge_to_preview_is_refused() -> None:
    m = blank_map()
    us = place(infantry("US-1"), m, "0605", N)
    cs = place(infantry("CS-1", Side.CONFEDERATE), m, "0604", S)
    game = game_on(m, [us, cs])
    with pytest.raises(IllegalActionError, match="no charge is declared on 0604"):
        tactical(game).charge_preview(m.parse("0604"))
    with pytest.raises(IllegalActionError, match="nothing to charge in 0606"):
        tactical(game).charge_preview(m.parse("0606"), ["US-1"])
