"""FCRT DRM target movement: fire at units that have declared a regular charge (001 fire
combat modifiers; docs/rules.md "Fire combat in play")."""

from gameapp.core.actions import EndPhase, Fire, Move, RetreatBeforeCombat
from gameapp.core.engine import Game
from gameapp.core.phases import Phase
from gameapp.core.rulesets.tactical import tactical
from gameapp.core.units import Side
from tests.core.positions import N, S, blank_map, game_on, infantry, place


def charged_from_0605(extra_union: int = 0) -> Game:
    """US-1 (5 SPs) walks 0607 -> 0606 -> 0605 (10 MPs, over 3.411's 9) and into CS-1's
    0604: a regular charge, declared and left for the charge phase. CS-1 stands (3.5)."""
    m = blank_map()
    units = [place(infantry("US-1"), m, "0607", N),
             place(infantry("CS-1", Side.CONFEDERATE), m, "0604", S)]
    if extra_union:
        units.append(place(infantry("US-2", strength=extra_union), m, "0605", N))
    game = game_on(m, units)
    game.apply(Move("US-1", tuple(m.parse(h) for h in ("0606", "0605", "0604"))))
    game.apply(RetreatBeforeCombat(m.parse("0604"), False))
    game.apply(EndPhase())  # into the Union fire phase: the Confederates shoot first
    assert game.phase is Phase.FIRE and game.state.charges == {m.parse("0604"): ("US-1",)}
    return game


def test_fire_at_a_unit_that_declared_a_regular_charge_adds_four() -> None:
    # CS-1 (5 SPs, rifles) fires at US-1 in 0605, 1 hex away: 5 FP. Modifiers:
    #   target density 5 SPs: one under the standard 6 -> -2 (FCRT DRM target density)
    #   target has declared a regular charge -> +4 (FCRT DRM target movement)
    # total +2.
    game = charged_from_0605()
    plan = tactical(game).fire.plan(Fire(("CS-1",), game.map.parse("0605")), Side.CONFEDERATE)
    assert [(t.label, t.value, t.rule) for t in plan.modifiers] == [
        ("target density 5 SPs", -2, "FCRT DRM target density"),
        ("target regular charge", 4, "FCRT DRM target movement"),
    ]
    assert plan.modifiers.total == 2


def test_the_charging_units_must_hold_most_of_the_target_s_sps() -> None:
    # 0605 holds US-1 (5 SPs, charging) and US-2 (6 SPs, not): 11 SPs, 6 of them not charging,
    # so by 6.63 the hex is not a charging target: density 11 SPs is 5 over 6 -> +5, and no
    # target-movement term. With US-2 at 5 SPs (density 10: +4) it is a tie of 5 and 5 SPs, which
    # goes to the defender: no +4.
    for strength, density in ((6, 5), (5, 4)):
        game = charged_from_0605(extra_union=strength)
        plan = tactical(game).fire.plan(Fire(("CS-1",), game.map.parse("0605")),
                                        Side.CONFEDERATE)
        assert [(t.label, t.value) for t in plan.modifiers] == [
            (f"target density {5 + strength} SPs", density)]


def test_a_move_that_declares_no_charge_adds_no_term() -> None:
    # The same walk stopping at 0605 declares no charge: only the density term (-2).
    m = blank_map()
    game = game_on(m, [place(infantry("US-1"), m, "0607", N),
                       place(infantry("CS-1", Side.CONFEDERATE), m, "0604", S)])
    game.apply(Move("US-1", (m.parse("0606"), m.parse("0605"))))
    game.apply(EndPhase())
    plan = tactical(game).fire.plan(Fire(("CS-1",), m.parse("0605")), Side.CONFEDERATE)
    assert [(t.label, t.value) for t in plan.modifiers] == [("target density 5 SPs", -2)]
