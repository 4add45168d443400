"""The option `drm_cap`: no fire roll is modified by more than 10 (002 14; docs/rules.md,
"The DRM cap")."""

from __future__ import annotations

from gameapp.core.actions import EndPhase, Fire
from gameapp.core.engine import Game
from gameapp.core.phases import Phase
from gameapp.core.rules.fire.phase import FirePlan
from gameapp.core.rulesets.tactical import tactical
from gameapp.core.units import Side
from tests.core.positions import N, S, blank_map, game_on, infantry, leader, place


def fire_at_officer(**options: bool) -> FirePlan:
    """US-1 (5 SPs, rifles) in 0606 fires at the officer CS-L in 0605, stacked with CS-1
    (5 SPs), in the open. The modifiers: target density 5 SPs -2 (FCRT), target is an officer
    -12 (6.75, the firer is no sharpshooter): -14 in all."""
    m = blank_map()
    game: Game = game_on(m, [place(infantry("US-1"), m, "0606", N),
                             place(infantry("CS-1", Side.CONFEDERATE), m, "0605", S),
                             place(leader("CS-L", Side.CONFEDERATE), m, "0605", S)], **options)
    while game.phase is not Phase.FIRE:
        game.apply(EndPhase())
    return tactical(game).fire.plan(Fire(("US-1",), m.parse("0605"), at_officer="CS-L"),
                                    Side.UNION)


def test_without_the_cap_the_modifiers_add_up_in_full() -> None:
    plan = fire_at_officer()
    assert [t.value for t in plan.modifiers.terms] == [-2, -12]
    assert plan.modifiers.total == -14


def test_the_cap_brings_the_total_back_to_ten_with_a_term_citing_002_14() -> None:
    plan = fire_at_officer(drm_cap=True)
    # -14 is 4 past the cap: a +4 term makes it -10
    assert [t.value for t in plan.modifiers.terms] == [-2, -12, 4]
    cap = plan.modifiers.terms[-1]
    assert cap.rule == "002 14" and cap.label == "modifiers capped at -10"
    assert plan.modifiers.total == -10
    # the odds follow: the roll is 4 places less bad for the firer
    assert plan.odds != fire_at_officer().odds


def test_a_total_within_the_cap_is_left_alone() -> None:
    m = blank_map()
    game = game_on(m, [place(infantry("US-1"), m, "0606", N),
                       place(infantry("CS-1", Side.CONFEDERATE), m, "0605", S)], drm_cap=True)
    while game.phase is not Phase.FIRE:
        game.apply(EndPhase())
    plan = tactical(game).fire.plan(Fire(("US-1",), m.parse("0605")), Side.UNION)
    assert all(t.rule != "002 14" for t in plan.modifiers.terms)  # -2 alone: no cap term
