"""Horse holders (5.27, 5.28, 8.56): a cavalry counter marked `horse_holders: true` in the
counters file (docs/rules.md, "Horse holders"). Worked by hand.

The position: the Confederate horse holders CS-H (4 SPs, printed ML 25) in 0604 facing S;
US-1 in 0605, south of it, charges into its front for 5 MPs (an immediate charge, 3.411).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from gameapp.core.actions import Move, RetreatBeforeCombat
from gameapp.core.counters import load_counters
from gameapp.core.dice import D66, Dice
from gameapp.core.engine import Game
from gameapp.core.events import ChargeResolved
from gameapp.core.rules.charge import Automatic
from gameapp.core.rulesets.tactical import tactical
from gameapp.core.units import Side
from tests.core.positions import N, S, blank_map, cavalry, game_on, infantry, place


def charge_on_holders(attacker_sps: int) -> Game:
    m = blank_map()
    holders = replace(cavalry("CS-H", Side.CONFEDERATE, 4), morale=25, horse_holders=True)
    return game_on(m, [place(infantry("US-1", strength=attacker_sps), m, "0605", N),
                       place(holders, m, "0604", S)])


def resolve(game: Game, dice: list[int]) -> ChargeResolved:
    m = game.map
    game.apply(Move("US-1", (m.parse("0604"),)))
    game.dice = Dice.forcing(dice)
    events = game.apply(RetreatBeforeCombat(m.parse("0604"), False))  # the holders stand
    return next(e for e in events if isinstance(e, ChargeResolved))


def test_above_three_to_two_on_horse_holders_is_an_automatic_victory() -> None:
    # 8 SPs to 4 from the front: ratio 2, column 2-1, above 1.5-1: no dice (8.56)
    game = charge_on_holders(8)
    preview = tactical(game).charge_preview(game.map.parse("0604"), ["US-1"])
    assert preview.automatic is Automatic.HORSE_HOLDERS
    (level,) = preview.defender_levels  # shown although no roll is made
    assert [(t.label, t.value, t.rule) for t in level.terms.terms] == [
        ("horse holders' morale level", 25, "5.27"),
        # fire at their 4 SPs would take 2 per SP under 6 off the roll: -4, as level +4
        ("enemy fire would subtract: target density 4 SPs (roll -4, as level)", 4,
         "FCRT DRM target density"),
        ("2-1: defender subtracts 6", -6, "8.0 odds")]
    rolled = len(game.dice.history)
    resolved = resolve(game, [])
    assert resolved.outcome.startswith("every defender routs")
    assert "8.0 odds 8 SPs to 4 (ratio 2): column 2-1 (from 2 up to 3)" in resolved.lines
    assert "8.56 odds above 3-2 against horse holders: automatic victory" in resolved.lines
    assert "8.56 CS-H routs and makes rout movement" in resolved.lines
    assert len(game.dice.history) == rolled  # Dice.forcing([]) would have raised on a roll


def test_exactly_three_to_two_on_horse_holders_resolves_normally() -> None:
    # 6 SPs to 4: ratio 1.5, column 1.5-1 (3D), not above 3-2. The holders check at their ML
    # 25, + 4 (fire at their 4 SPs would take 4 off the roll, FCRT target density), - 3: one
    # step up along d66, 26. The roll 31 > 26 routs them.
    game = charge_on_holders(6)
    preview = tactical(game).charge_preview(game.map.parse("0604"), ["US-1"])
    assert preview.automatic is None and preview.odds.column.label == "1.5-1"
    assert preview.defender_levels[0].level == D66.of(26)
    resolved = resolve(game, [31])
    assert "  5.27 horse holders' morale level 25" in resolved.lines
    assert "morale level 26" in resolved.lines
    assert "roll 31 > 26: rout and rout movement" in resolved.lines
    assert not any(line.startswith("8.56") for line in resolved.lines)


def test_horse_holders_move_sixteen_and_load_from_the_counters_file(tmp_path: Path) -> None:
    path = tmp_path / "holders.yaml"
    path.write_text(
        "name: Holders\n"
        "sides:\n"
        "  union:\n"
        "    cavalry:\n"
        "      - {id: H, name: 1st Maine horse holders, strength: 2, morale: 25, weapon: C,"
        " horse_holders: true}\n"
        "      - {id: C, name: 1st Maine, strength: 6, morale: 36, weapon: C}\n",
        encoding="utf-8",
    )
    units = load_counters(path)
    assert units["H"].horse_holders and not units["C"].horse_holders
    game = charge_on_holders(6)
    holders = game.state.units["CS-H"]
    allowance = tactical(game).movement.allowance(holders)
    assert allowance.terms[0].value == 16  # the horse holders' row of the MPA table
