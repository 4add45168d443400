"""The charge dialog: both sides' SPs step by step with their rules, the odds and the exact
chance of each outcome before the roll; Roll resolves (once) and shows what happened; Cancel
resolves nothing."""

from __future__ import annotations

from fractions import Fraction

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from gameapp.core.actions import Move
from gameapp.core.breakdown import IllegalActionError
from gameapp.core.engine import Game
from gameapp.core.rules.charge import ChargeOutcome
from gameapp.core.rulesets.tactical import tactical
from gameapp.core.units import Formation, Side
from gameapp.present.charge_text import charge_rows
from gameapp.ui.dialogs.charge_dialog import ChargeDialog
from tests.core.positions import N, S, blank_map, game_on, infantry, place


def _declared(formation: Formation = Formation.LINE) -> Game:
    """US-1 (5 SPs) moves 0607 -> 0605 and charges CS-1 (5 SPs, facing south, in line) in 0604
    from its front: declared in the movement phase (10 MPs spent: not immediate, 3.411.a)."""
    m = blank_map()
    game = game_on(m, [place(infantry("US-1"), m, "0607", N, formation),
                       place(infantry("CS-1", Side.CONFEDERATE), m, "0604", S)])
    game.apply(Move("US-1", tuple(m.parse(h) for h in ("0606", "0605", "0604"))))
    assert game.state.charges == {m.parse("0604"): ("US-1",)}
    return game


def test_the_rows_before_the_roll() -> None:
    game = _declared()
    preview = tactical(game).charge_preview(game.map.parse("0604"))
    rows = charge_rows(preview, {"US-1": "1st Union", "CS-1": "1st Rebel"})
    attacker = rows.attacker.units[0]
    assert (attacker.name, attacker.sps) == ("1st Union", "5")
    # 5 SPs, x1 from the defender's front: 5 (8.0 orientation)
    assert [(r.rule, r.operation, r.result) for r in attacker.steps] == [
        ("8.0", "=5", "5"), ("8.0 orientation", "×1", "5")]
    assert rows.defender.total == "5"
    assert rows.odds == [("8.0 odds", "5 SPs to 5 (ratio 1): column 1-1 (from 1 up to 1½)"),
                         ("8.0 odds", "NE: no effect on morale")]
    # Both check against ML 35, -4 for two open flanks (7.27), +2 for the roll fire at 5 SPs
    # would lose (FCRT target density), no odds effect at 1-1: 33. A throw above 33 routs, 21
    # of 36. The defender routs: 21/36. Else (15/36) the attacker checks: routs 21/36 of the
    # time. Attackers rout: 15/36 * 21/36 = 315/1296; both stand: 15/36 * 15/36 = 225/1296.
    assert [(r.label, r.chance) for r in rows.outcomes] == [
        ("Defenders rout", Fraction(21, 36)),
        ("Attackers rout", Fraction(315, 1296)),
        ("Both stand", Fraction(225, 1296)),
    ]
    assert sum(r.chance for r in rows.outcomes) == 1
    assert [(r.label, r.chance) for r in rows.routs] == [
        ("1st Rebel (CS-1) routs", Fraction(21, 36)),
        ("1st Union (US-1) routs", Fraction(315, 1296))]
    assert rows.automatic == "" and rows.leaders == []


def test_a_column_attacker_shows_the_multiplication_and_rounding(qtbot: QtBot) -> None:
    game = _declared(Formation.COLUMN)
    preview = tactical(game).charge_preview(game.map.parse("0604"))
    dialog = ChargeDialog(preview, "0604", lambda: ["unused"])
    qtbot.addWidget(dialog)
    text = dialog.plain_text()
    # 5 SPs x1½ in column = 7½, exactly ½ kept (the rounding rule), x1 from the front: 7½.
    # 7½ to 5 is 1½: column 1.5-1, 3D: the defender checks against 35 - 3 = 32 (d66 steps),
    # and the 22 throws above it rout: 33 to 36 (4) and 41 to 66 (18).
    column = next(s for s in preview.attacker.units[0].steps if s.op == "×")
    assert column.value == Fraction(3, 2) and column.result == Fraction(15, 2)
    assert f"{column.rule}\n{column.label}\n×1½\n→ 7½" in text
    assert "US-1 (US-1): 7½ SPs" in text and "Attacker: 7½ SPs" in text
    assert "column 1.5-1 (from 1½ up to 2)" in text
    assert "Defenders rout\n66.7%" in text  # 24/36 (tests/core/test_charge_preview.py)


def test_roll_resolves_once_and_cancel_resolves_nothing(qtbot: QtBot) -> None:
    game = _declared()
    preview = tactical(game).charge_preview(game.map.parse("0604"))
    calls: list[int] = []

    def roll() -> list[str]:
        calls.append(1)
        return ["charge on 0604 by US-1: every defender routs (1.25)", "  defender rolls 65"]

    dialog = ChargeDialog(preview, "0604", roll)
    qtbot.addWidget(dialog)
    text = dialog.plain_text()
    assert "Charge on 0604" in text
    assert "Attacker's SPs, unit by unit (8.0)" in text and "Defender: 5 SPs" in text
    assert "Defenders rout\n58.3%" in text and "Attackers rout\n24.3%" in text  # 21/36, 315/1296
    assert "Both stand\n17.4%" in text  # 225/1296
    assert ChargeOutcome.HELD.value in text
    qtbot.mouseClick(dialog.roll_button, Qt.MouseButton.LeftButton)
    dialog.roll()  # a second press does nothing
    assert calls == [1] and dialog.rolled
    assert "every defender routs (1.25)" in dialog.plain_text()
    assert dialog.roll_button.isHidden() and dialog.cancel_button.text() == "&Close"

    refused = ChargeDialog(preview, "0604",
                           lambda: IllegalActionError("not the charge phase", "1.25"))
    qtbot.addWidget(refused)
    refused.roll()
    assert not refused.rolled and "Not allowed: not the charge phase (1.25)" in \
        refused.plain_text()
    qtbot.mouseClick(refused.cancel_button, Qt.MouseButton.LeftButton)
    assert refused.result() == 0  # rejected
