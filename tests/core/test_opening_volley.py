"""The option `opening_volley`: the charged units fire one volley as the charge goes in (003
5.4), and a charge whose attackers it destroys is over with no check for the defenders (003
7.2d); docs/rules.md, "Opening volley"."""

from __future__ import annotations

from gameapp.core.actions import EndPhase, Fire, Move, Pass, ResolveCharge, RetreatBeforeCombat
from gameapp.core.dice import Dice
from gameapp.core.engine import Game
from gameapp.core.events import (
    CasualtiesTaken,
    ChargeResolved,
    Event,
    FireResolved,
    UnitEliminated,
)
from gameapp.core.phases import Phase
from gameapp.core.units import Side
from tests.core.positions import N, S, blank_map, game_on, infantry, place


def charge(us_sps: int, cs_sps: int, rolls: list[int], **options: bool
           ) -> tuple[Game, list[Event]]:
    """US-1 in 0605 charges CS-1 (line, facing S, towards it) in 0604 at once (3.411); the
    Confederates stand (3.5)."""
    m = blank_map()
    game = game_on(m, [place(infantry("US-1", strength=us_sps), m, "0605", N),
                       place(infantry("CS-1", Side.CONFEDERATE, strength=cs_sps), m, "0604", S)],
                   **options)
    game.dice = Dice.forcing(rolls)
    game.apply(Move("US-1", (m.parse("0604"),)))
    return game, game.apply(RetreatBeforeCombat(m.parse("0604"), False))


def test_without_the_option_the_charge_is_rolled_at_once() -> None:
    game, events = charge(5, 5, [11, 11])
    assert not any(isinstance(e, FireResolved) for e in events)
    assert game.dice.history[0].purpose != "opening volley from 0604 at US-1"


def test_the_volley_hits_before_the_checks_and_the_checks_see_the_loss() -> None:
    # CS-1's 5 SPs, rifles at 1 hex (Range R 1: x1): 5 fire points, the 4½ column; the
    # target's density (US-1, 5 SPs) -2; 66 - 2 places = 64: C1, one step off US-1 (003 5.4).
    game, events = charge(5, 5, [66, 11, 11], opening_volley=True)
    volley = next(e for e in events if isinstance(e, FireResolved))
    assert volley.firers == ("CS-1",) and volley.rule == "FCRT small arms 4½"
    assert (volley.roll, volley.modified, volley.result) == (66, "64", "C1")
    assert volley.fire_points[-1] == "003 5.4 opening volley"
    assert CasualtiesTaken("US-1", 1, "003 5.4") in events
    resolved = next(e for e in events if isinstance(e, ChargeResolved))
    assert resolved.lines[0] == "US-1: 8.0 4 SPs"  # the charge goes in with 4 SPs, not 5
    assert game.state.units["US-1"].losses == 1


def test_a_charge_the_volley_destroys_is_over_and_the_defender_does_not_check() -> None:
    # US-1 has 1 SP; CS-1's 8 SPs: 8 fire points, the 6 column; density 1 SP -10; 66 reads
    # 52: A1, one step: US-1 is gone. 7.2d: no ChargeResolved, no roll but the volley's.
    game, events = charge(1, 8, [66, 11, 11], opening_volley=True)
    assert UnitEliminated("US-1", "003 5.4") in events
    assert not any(isinstance(e, ChargeResolved) for e in events)
    assert [r.purpose for r in game.dice.history] == ["opening volley from 0604 at US-1"]


def test_a_defender_that_fired_in_the_fire_phase_fires_no_volley() -> None:
    # US-1 declares a charge on 0604 from 0605 after 15 MPs (not immediate); CS-1 fires at it
    # in the fire phase (with the +4 at a declared charge). In the charge phase it has fired
    # already: no opening volley, the charge is rolled at once.
    m = blank_map()
    game = game_on(m, [place(infantry("US-1"), m, "0607", N),
                       place(infantry("CS-1", Side.CONFEDERATE), m, "0604", S)],
                   opening_volley=True)
    game.apply(Move("US-1", tuple(m.parse(h) for h in ("0606", "0605", "0604"))))
    game.apply(RetreatBeforeCombat(m.parse("0604"), False))
    game.apply(EndPhase())  # to the fire phase: the Confederates shoot first
    game.dice = Dice.forcing([11, 11, 11, 11])
    game.apply(Fire(("CS-1",), m.parse("0605")))
    while game.phase is not Phase.CHARGE:
        game.apply(Pass() if game.phase is Phase.FIRE else EndPhase())
    events = game.apply(ResolveCharge(m.parse("0604")))
    assert not any(isinstance(e, FireResolved) for e in events)
    assert any(isinstance(e, ChargeResolved) for e in events)


def test_the_charge_preview_says_the_volley_comes_first() -> None:
    from gameapp.core.rulesets.tactical import tactical
    from gameapp.present.charge_text import charge_rows

    m = blank_map()
    game = game_on(m, [place(infantry("US-1"), m, "0605", N),
                       place(infantry("CS-1", Side.CONFEDERATE), m, "0604", S)],
                   opening_volley=True)
    preview = tactical(game).charge_preview(m.parse("0604"), ["US-1"])
    # the volley worked out above: CS-1's 5 fire points on the 4½ column, density -2
    assert preview.notes == (("003 5.4", "opening volley first: CS-1 fires at US-1 (5 fire "
                              "points, FCRT small arms 4½, modifiers -2); the odds here are "
                              "before it"),)
    assert preview.notes[0] in charge_rows(preview).odds  # the charge dialog's rows
    plain = game_on(m, [place(infantry("US-1"), m, "0605", N),
                        place(infantry("CS-1", Side.CONFEDERATE), m, "0604", S)])
    assert tactical(plain).charge_preview(m.parse("0604"), ["US-1"]).notes == ()
