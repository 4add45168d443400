"""The owner's pick of a rout path (7.6 with 000 15.4): two equally good paths, worked by hand.

The map: 12x12 flat-top, the Union's own edge the top row (xx01), the Confederates' the
bottom one (xx12). Under 000 15.4 each hex of a rout path should get closer to the own edge.

- Union router at 0507 (odd hexrow): N 0506, NE 0606 and NW 0406 get closer to xx01. A creek
  (prohibited) on its N side leaves 0606 and 0406; from an even hexrow only N gets closer, so
  the two paths of 4 hexes are 0406 0405 0404 0403 and 0606 0605 0604 0603, each with no hex
  next to an enemy and every hex closer: exactly as good. The engine lists 0406 first.
- Confederate router at 0606 (even hexrow): going down, S 0607, SE 0707 and SW 0507 get
  closer to xx12. A creek on its S side leaves 0507 and 0707, then straight down: 0507 0508
  0509 0510 and 0707 0708 0709 0710.
"""

from __future__ import annotations

from dataclasses import replace

from gameapp.core.actions import (
    ChooseRetreatPath,
    EndPhase,
    Fire,
    Move,
    ResolveCharge,
    RetreatBeforeCombat,
    parse_action,
)
from gameapp.core.decisions import DecisionKind
from gameapp.core.dice import Dice
from gameapp.core.engine import Game
from gameapp.core.events import MoraleChecked, RallyAttempted, RoutMoved, UnitMoved
from gameapp.core.hexgrid import Hex
from gameapp.core.history import History
from gameapp.core.mapdata import HexMap
from gameapp.core.phases import Phase
from gameapp.core.rules.path_choice import picked_path
from gameapp.core.rules.rout import rout_move, rout_paths
from gameapp.core.state import GameState
from gameapp.core.terrain import HexsideFeature
from gameapp.core.units import Formation, Side, Status, Unit
from tests.core.positions import N, S, blank_map, game_on, infantry, place

OPTIONS = {"retreat": "ss15_4", "stacking": "tec_sl"}
ROUTED = frozenset({Status.ROUTED})
UNION_PATHS = ["retreat-path US-1 0406>0405>0404>0403", "retreat-path US-1 0606>0605>0604>0603"]


def edged_map() -> HexMap:
    m = blank_map(12, 12)
    m.friendly_edges = {"union": ["xx01"], "confederate": ["xx12"]}
    return m


def union_router(m: HexMap, status: frozenset[Status] = ROUTED) -> Unit:
    m.add_hexside(m.parse("0507"), N, HexsideFeature.CREEK)
    return replace(place(infantry("US-1"), m, "0507", S), status=status)


def ids(m: HexMap, hexes: tuple[Hex, ...]) -> list[str]:
    return [m.hex_id(h) for h in hexes]


def fire_rout() -> tuple[Game, HexMap]:
    """The Union's fire phase: the Confederates fire first. CS-1 (8 SPs, 0508) fires at the
    routed US-1: 66 is C2, and the 7.34 check 66 is above its level: rout movement."""
    m = edged_map()
    game = game_on(m, [union_router(m), place(infantry("CS-1", Side.CONFEDERATE, 8), m,
                                              "0508", N)])
    game.apply(EndPhase())
    game.dice = Dice.forcing([66, 66])
    game.apply(Fire(("CS-1",), m.parse("0507")))
    return game, m


def test_a_rout_from_fire_with_two_equal_paths_asks_the_owner() -> None:
    game, m = fire_rout()
    decision = game.pending_decision
    assert decision is not None and decision.kind is DecisionKind.RETREAT_PATH
    assert decision.side is Side.UNION and game.acting_side is Side.UNION  # the owner
    assert decision.cause == "7.6" and decision.rout is not None
    assert [o.notation for o in decision.options] == UNION_PATHS
    assert [ids(m, p) for p in decision.paths] == [
        ["0507", "0406", "0405", "0404", "0403"], ["0507", "0606", "0605", "0604", "0603"]]
    # each option explains the first hex: as good as the other (000 15.4)
    assert decision.options[0].label.startswith(
        "0507 0406 0405 0404 0403: as good as 0606: the owner's choice (000 15.4)")
    assert m.hex_id(game.state.units["US-1"].hex) == "0507"  # nothing moved yet
    assert "US-1" in game.state.rout_moved  # its one rout movement of the phase (7.65)
    assert game.legal_actions() and set(game.legal_actions()) == {
        o.action for o in decision.options}


def test_the_pick_moves_the_router_and_the_fire_phase_goes_on() -> None:
    game, m = fire_rout()
    events = game.apply(parse_action(UNION_PATHS[1], m.numbering))
    moved = next(e for e in events if isinstance(e, RoutMoved))
    assert ids(m, moved.path) == ["0507", "0606", "0605", "0604", "0603"]
    assert moved.reason == "the owner's pick of equally good paths, ending at 0603 (7.6)"
    assert m.hex_id(game.state.units["US-1"].hex) == "0603"
    assert game.pending_decision is None
    assert game.phase is Phase.FIRE and game.acting_side is Side.UNION  # the Union's shot
    assert game.log[-1].notation == UNION_PATHS[1] and game.log[-1].rolls == ()
    game.undo()  # the pick revealed no dice: it can be taken back, the question comes back
    assert game.pending_decision is not None and game.pending_decision.rout is not None


def test_a_replay_of_the_log_gives_the_same_board() -> None:
    # what saves and the log's past boards do: the actions replayed from their notation with
    # the logged dice
    game, m = fire_rout()
    game.apply(parse_action(UNION_PATHS[1], m.numbering))
    history = History.of(game)
    asked = history.state_at(len(game.log) - 1)
    assert asked.decisions and asked.decisions[0].rout is not None
    assert m.hex_id(asked.units["US-1"].hex) == "0507"
    assert history.state_at(len(game.log)).units == game.state.units
    assert m.hex_id(history.state_at(len(game.log)).units["US-1"].hex) == "0603"


def test_rout_move_takes_the_path_given_and_falls_back_to_the_first_best() -> None:
    m = edged_map()
    router = union_router(m)
    cs = place(infantry("CS-1", Side.CONFEDERATE, 8), m, "0508", N)
    state = GameState(1, 0, Side.UNION, {u.id: u for u in (router, cs)})
    assert rout_move(state, m, "US-1", [cs], OPTIONS) == []  # asked, not moved
    assert len(state.decisions) == 1 and state.decisions[0].rout is not None
    assert rout_move(state, m, "US-1", [cs], OPTIONS) == []  # 7.65: asked once only
    east = tuple(m.parse(i) for i in ("0606", "0605", "0604", "0603"))
    events = rout_move(state, m, "US-1", [cs], OPTIONS, path=east)
    assert m.hex_id(state.units["US-1"].hex) == "0603"
    assert isinstance(events[0], RoutMoved) and events[0].path[1:] == east
    # a pick that is no longer among the paths: the engine's first best
    found = rout_paths(state, m, router, [cs], OPTIONS)
    assert picked_path(found, (m.parse("0506"),)) is found.chosen


def confederate_router(m: HexMap) -> Unit:
    m.add_hexside(m.parse("0606"), S, HexsideFeature.CREEK)
    return place(infantry("CS-1", Side.CONFEDERATE), m, "0606", N)


def test_a_charge_waits_for_the_pick_before_the_victors_advance() -> None:
    # US-1 (0605) charges 0606 for 5 MPs: immediate (3.411). CS-1 stands; 8.41: 65 > 35, it
    # routs (1-1, no odds points), loses 1 SP (8.52); its owner picks, then US-1 advances.
    m = edged_map()
    game = game_on(m, [place(infantry("US-1"), m, "0605", S), confederate_router(m)])
    game.apply(Move("US-1", (m.parse("0606"),)))
    game.dice = Dice.forcing([65])
    game.apply(RetreatBeforeCombat(m.parse("0606"), False))
    decision = game.pending_decision
    assert decision is not None and decision.side is Side.CONFEDERATE
    assert [o.notation for o in decision.options] == [
        "retreat-path CS-1 0507>0508>0509>0510", "retreat-path CS-1 0707>0708>0709>0710"]
    assert decision.rout is not None and decision.rout.advance == ("US-1",)
    assert decision.target == m.parse("0606")
    assert m.hex_id(game.state.units["US-1"].hex) == "0605"  # the advance waits
    events = game.apply(decision.options[1].action)
    assert [type(e) for e in events][:2] == [RoutMoved, UnitMoved]
    assert m.hex_id(game.state.units["CS-1"].hex) == "0710"
    assert m.hex_id(game.state.units["US-1"].hex) == "0606"  # 8.54 advance, after the rout
    assert game.phase is Phase.MOVEMENT and game.acting_side is Side.UNION


def test_end_phase_in_the_charge_phase_ends_it_after_the_pick() -> None:
    m = edged_map()
    game = game_on(m, [place(infantry("US-1"), m, "0604", S), confederate_router(m)])
    game.apply(Move("US-1", tuple(m.parse(i) for i in ("0605", "0606"))))  # 10 MPs: not
    game.apply(RetreatBeforeCombat(m.parse("0606"), False))  # immediate (3.411.a)
    while game.phase is not Phase.CHARGE:
        game.apply(EndPhase())
    assert ResolveCharge(m.parse("0606")) in game.legal_actions()
    game.dice = Dice.forcing([65])
    game.apply(EndPhase())
    assert game.phase is Phase.CHARGE and game.acting_side is Side.CONFEDERATE
    game.apply(ChooseRetreatPath("CS-1", tuple(m.parse(i) for i in ("0507", "0508", "0509",
                                                                     "0510"))))
    assert m.hex_id(game.state.units["CS-1"].hex) == "0510"
    assert game.phase is not Phase.CHARGE  # the End phase asked for goes through now


def test_a_failed_rally_asks_and_the_rest_of_the_rally_phase_waits() -> None:
    # US-1 (routed, 0507) fails 42 > 41 (ML 35, + 2 for what fire at its 5 SPs would take off
    # the roll: 36 41) and routs from CS-1 (0509, 2 hexes: within 3). US-2 (shaken, 1010)
    # tries only after the pick: 24 <= 41, rallied.
    m = edged_map()
    shaken = replace(place(infantry("US-2"), m, "1010", N), status=frozenset({Status.SHAKEN}))
    game = game_on(m, [union_router(m), shaken,
                       place(infantry("CS-1", Side.CONFEDERATE), m, "0509", N)])
    game.dice = Dice.forcing([42, 24])
    events: list = []
    while game.phase is not Phase.RALLY:
        events += game.apply(EndPhase())
    assert [e.unit_id for e in events if isinstance(e, RallyAttempted)] == ["US-1"]
    decision = game.pending_decision
    assert decision is not None and decision.rout is not None
    assert decision.rout.rally_left == (("US-2", False),)
    events = game.apply(decision.options[0].action)
    assert [type(e).__name__ for e in events][:2] == ["RoutMoved", "RallyAttempted"]
    assert m.hex_id(game.state.units["US-1"].hex) == "0403"
    assert game.state.units["US-2"].status == frozenset()
    assert game.phase is Phase.RALLY and game.acting_side is Side.UNION


def test_the_737_checks_follow_the_picked_path() -> None:
    # US-A (column, 0705) is next to 0605 and 0604 on the east path, nowhere near the west
    # one: only the east pick calls for its 7.37 check, rolled after the pick (11: no effect).
    for pick, checked in ((UNION_PATHS[0], []), (UNION_PATHS[1], [("US-A", "7.37", 11)])):
        m = edged_map()
        near = place(infantry("US-A"), m, "0705", N, Formation.COLUMN)
        game = game_on(m, [union_router(m), near,
                           place(infantry("CS-1", Side.CONFEDERATE, 8), m, "0508", N)])
        game.apply(EndPhase())
        game.dice = Dice.forcing([66, 66, 11])
        events = game.apply(Fire(("CS-1",), m.parse("0507")))
        assert not any(isinstance(e, MoraleChecked) and e.check.unit_id == "US-A"
                       for e in events)
        events = game.apply(parse_action(pick, m.numbering))
        assert [(e.check.unit_id, e.check.kind.value, e.check.roll) for e in events
                if isinstance(e, MoraleChecked)] == checked
