"""Leaders, HQs with their rosters and trains by water (7.26, 6.57 with 10.31), convoys
(R&C strategic convoy) and a leader arriving aboard with his troops (Butler), on the Hazel
River (navigable between columns 04 and 05)."""

from __future__ import annotations

from pathlib import Path

from gameapp.core.engine import Game
from gameapp.core.rulesets.strategic.actions import (
    Attack,
    DeclareSpan,
    Embark,
    GiveOrder,
    Land,
    March,
    Release,
    RollInitiative,
    Sail,
)
from gameapp.core.rulesets.strategic.events import Boarded
from gameapp.core.rulesets.strategic.pieces import (
    HQ,
    Division,
    Echelon,
    Leader,
    Ship,
    Train,
    Vessel,
)
from gameapp.core.rulesets.strategic.sequence import StrategicPhase
from gameapp.core.units import Side
from tests.rulesets.strategic.battles import empty_board, unit
from tests.rulesets.strategic.positions import (
    add,
    command,
    hazel_game,
    path,
    place,
    refused,
    state_of,
    to_phase,
)
from tests.rulesets.strategic.test_strategic_schedule import scheduled, to_week


def transports(game: Game, *capacities: int, at: str = "0402") -> None:
    for i, capacity in enumerate(capacities, 1):
        add(game, Ship(f"tr{i}", Side.UNION, Vessel.TRANSPORT, 0, game.map.parse(at),
                       capacity=capacity))


def boarded(events: list) -> Boarded:
    (event,) = [e for e in events if isinstance(e, Boarded)]
    return event


def test_a_leader_embarks_as_infantry_weighs_nothing_and_lands_7_26_10_31() -> None:
    game = hazel_game()
    transports(game, 6)
    command(game, "u3", at="0402")  # the test general "gen" with Ricketts (6 SP)
    assert Embark("gen", "tr1") in game.legal_actions()
    boarded(game.apply(Embark("u3", "tr1")))  # 6 SP: the transport is full ...
    event = boarded(game.apply(Embark("gen", "tr1")))  # ... and the general still goes
    assert event.ships == {"tr1": ("gen",)}
    labels = {(t.label, t.value, t.rule) for t in event.terms}
    assert ("gen aboard tr1: a leader", 0, "004 6.57") in labels
    assert ("a leader or HQ embarks and lands as infantry does", 0, "004 7.26") in labels
    assert ("embarking: half the MA", 2.0, "R&C strategic water") in labels  # a leader's MA 4
    general = state_of(game).pieces["gen"]
    assert isinstance(general, Leader) and general.aboard == "tr1"
    # aboard, he does not march
    assert not any(isinstance(a, March) and a.piece == "gen" for a in game.legal_actions())
    game.apply(Sail("tr1", path(game, "0403", "0404")))
    assert state_of(game).pieces["gen"].hex == game.map.parse("0404")  # carried
    landed = boarded(game.apply(Land("gen")))
    assert landed.landed and state_of(game).pieces["gen"].aboard is None  # type: ignore[union-attr]
    assert state_of(game).mp_spent["gen"] == 4  # half to embark, half to land


def ii_corps_at_0402(game: Game) -> None:
    """Banks and his II Corps (Williams 8 SP infantry, militia 3 SP: MA 2) at 0402, ordered."""
    for piece_id in ("banks", "ii-corps"):
        place(game, piece_id, "0402")
    game.apply(DeclareSpan("banks", ()))
    to_phase(game, StrategicPhase.MOVEMENT)
    game.apply(GiveOrder("banks"))


def test_an_hq_embarks_with_its_roster_and_its_transports_sail_as_a_convoy() -> None:
    game = hazel_game()
    transports(game, 8, 6)
    ii_corps_at_0402(game)
    state = state_of(game)
    # a rostered unit boards only with its HQ (16.16)
    error = refused(game, Embark("u1", "tr1"))
    assert error.rule == "004 16.16"
    event = boarded(game.apply(Embark("ii-corps", "tr1")))
    # Williams (8) fills ut1, so the militia (3) goes on tr2; the HQ weighs nothing
    assert event.ships == {"tr1": ("u1", "ii-corps"), "tr2": ("u2",)}
    assert ("ii-corps's roster on 2 transports: they sail together", 2,
            "R&C strategic convoy") in {(t.label, t.value, t.rule) for t in event.terms}
    assert all(state.pieces[p].aboard for p in ("ii-corps", "u1", "u2"))  # type: ignore[union-attr]
    assert state.mp_spent["u2"] == 1  # half the militia's MA 2, the corps' slowest (16.2)
    # rosters change ashore
    assert refused(game, Release("u1")).rule == "004 16.16"
    # the convoy is listed once, under its first ship, and sails whole
    sails = {a.ship for a in game.legal_actions() if isinstance(a, Sail)}
    assert "tr1" in sails and "tr2" not in sails
    game.apply(Sail("tr1", path(game, "0403", "0404")))
    at = game.map.parse("0404")
    assert {state.pieces[p].hex for p in ("tr1", "tr2", "ii-corps", "u1", "u2")} == {at}
    assert refused(game, Sail("tr2", path(game, "0405"))).rule == "R&C strategic water"
    # the HQ lands with its whole roster, off both ships
    landed = boarded(game.apply(Land("ii-corps")))
    assert landed.ships == {"tr1": ("ii-corps", "u1"), "tr2": ("u2",)}
    assert not any(state.pieces[p].aboard for p in ("ii-corps", "u1", "u2"))  # type: ignore[union-attr]
    assert state.pieces["tr1"].cargo == () and state.pieces["tr2"].cargo == ()  # type: ignore[union-attr]
    assert state.hq_of("u2") is not None and state.hq_of("u2").id == "ii-corps"  # type: ignore[union-attr]


def test_a_roster_too_big_for_the_transports_here_is_refused_with_the_room_counted() -> None:
    game = hazel_game()
    transports(game, 6, 6)  # 12 SP of room, but Williams (8) fits on neither
    ii_corps_at_0402(game)
    error = refused(game, Embark("ii-corps", "tr1"))
    assert error.rule == "R&C strategic convoy"
    assert "needs room for 11 SP" in error.reason and "u1, 8 SP, fits on none" in error.reason
    assert not any(isinstance(a, Embark) and a.unit == "ii-corps" for a in game.legal_actions())


def test_a_train_weighs_one_and_its_supply_points_aboard_6_57() -> None:
    game = hazel_game()
    transports(game, 6)
    command(game, "ut1", at="0402")  # hazel's supply train carries 5 points
    train = state_of(game).pieces["ut1"]
    assert isinstance(train, Train) and train.supply == 5
    event = boarded(game.apply(Embark("ut1", "tr1")))
    assert sum(t.value for t in event.terms if t.rule == "004 6.57") == 6


def test_a_leader_arrives_aboard_with_his_troops_and_commands_them_at_once(
        tmp_path: Path) -> None:
    """Butler came up the Mississippi with his troops (R&C strategic water): the schedule puts
    him aboard their transports, and he commands them from there, with no post to wait for."""
    path_ = scheduled(tmp_path, """
reinforcements:
  - {week: 2, side: union, at: "0405", sp: 10, divisions: 2, name: Gulf division, aboard: true,
      ships: [{vessel: transport}, {vessel: transport}],
      leader: {id: butler, name: Butler, stars: 2, initiative: 2, tactical: -1, span: 2},
      what: the squadron, source: test}
""")
    game = hazel_game(path=path_)
    to_week(game, 2)
    state = state_of(game)
    butler = state.pieces["butler"]
    assert isinstance(butler, Leader) and butler.aboard == "un-w2-0-s1"
    assert butler.hex == game.map.parse("0405")
    while game.current_side is not Side.UNION or game.phase is not StrategicPhase.COMMAND:
        to_phase(game, StrategicPhase.COMMAND, Side.UNION)
    span = next(a for a in game.legal_actions()
                if isinstance(a, DeclareSpan) and a.leader == "butler")
    assert set(span.pieces) == {"un-w2-0-1", "un-w2-0-2"}
    game.apply(span)
    to_phase(game, StrategicPhase.MOVEMENT)
    game.apply(GiveOrder("butler"))
    for ship in ("un-w2-0-s1", "un-w2-0-s2"):
        game.apply(Sail(ship, path(game, "0404")))
    landing = game.map.parse("0404")
    assert state.control.get(landing, game.scenario.home[landing]) is Side.CONFEDERATE
    for piece_id in ("un-w2-0-1", "un-w2-0-2", "butler"):
        game.apply(Land(piece_id))
    assert state.control[landing] is Side.UNION  # the troops landing enter the hex (3.23)
    ashore = [state.pieces[u] for u in ("un-w2-0-1", "un-w2-0-2", "butler")]
    assert all(p.hex == game.map.parse("0404") and not p.aboard  # type: ignore[union-attr]
               for p in ashore)
    assert isinstance(ashore[0], Division) and isinstance(state.pieces["butler"], Leader)


def test_an_empty_hq_embarks_as_a_leader_does_6_57() -> None:
    game = hazel_game()
    transports(game, 6)
    place(game, "mcdowell", "0402")
    place(game, "army-va", "0402")
    place(game, "u3", "0402")
    game.apply(DeclareSpan("mcdowell", ("u3",)))
    to_phase(game, StrategicPhase.MOVEMENT)
    game.apply(GiveOrder("mcdowell"))
    army = state_of(game).pieces["army-va"]
    assert isinstance(army, HQ) and not army.roster
    game.apply(Embark("u3", "tr1"))
    event = boarded(game.apply(Embark("army-va", "tr1")))  # the ship is full: it weighs 0
    assert [t.value for t in event.terms if t.rule == "004 6.57"] == [0]


def test_no_ship_sails_across_a_neck_of_land_between_two_rivers() -> None:
    """East '62: every step of this way from Alexandria is along navigable water, but it
    passes from the Potomac to the Rappahannock, the York and the James through hexes that lie
    on two rivers at once (necks of land one hex wide): refused. By the Bay the fleet still
    reaches Fort Monroe in a week."""
    game = Game.from_scenario(Path(__file__).resolve().parents[3] / "scenarios" /
                              "east_1862.yaml", seed=1)
    to_phase(game, StrategicPhase.MOVEMENT, Side.UNION)
    neck = path(game, "C2610", "C2611", "C2712", "C2713", "C2714", "C2814", "C2815", "C2716",
                "C2615", "C2516")
    terrain = game.rules.terrain
    ways = zip((game.map.parse("C2609"), *neck), neck, strict=False)
    assert all(terrain.water_step(a, b) is None for a, b in ways)  # step by step: water
    error = refused(game, Sail("us_transports_potomac", neck))
    assert error.rule == "R&C strategic water" and "neck of land" in error.reason
    reach = {a.path[-1] for a in game.legal_actions()
             if isinstance(a, Sail) and a.ship == "us_transports_potomac"}
    assert game.map.place("Fort Monroe, VA").hex in reach
    assert game.map.place("Richmond, VA").hex not in reach


def test_a_rostered_unit_landing_by_assault_leaves_the_roster_of_its_hq_aboard_7_24() -> None:
    """Two divisions of a corps aboard (the HQ on the first ship, a convoy): one assaults the
    bank and lands when the defender retreats; its HQ is still aboard, so it is off the roster
    (16.16: a roster stands in its HQ's hex)."""
    game = empty_board()
    m = game.map
    add(game, Ship("tr", Side.UNION, Vessel.TRANSPORT, 0, m.parse("0403"), capacity=12,
                   cargo=("x", "hq")))
    unit(game, "x", Side.UNION, "0403", 12, aboard="tr")
    add(game, HQ("hq", Side.UNION, "I Corps", Echelon.CORPS, m.parse("0403"), commander="gen",
                 roster=("x",), aboard="tr"))
    unit(game, "c", Side.CONFEDERATE, "0503", 2)
    add(game, Leader("gen", Side.UNION, "General", 2, 6, 0, 6, m.parse("0403")))
    game.apply(DeclareSpan("gen", ()))  # his corps, by its HQ (10.1)
    to_phase(game, StrategicPhase.MOVEMENT)
    game.dice.forced = [1]
    game.apply(RollInitiative("gen"))
    game.dice.forced = [6]  # 6:2 halved to 3:1, die 6: the defender retreats, the assault lands
    events = game.apply(Attack(m.parse("0503"), ("x",), True))
    assert any(getattr(e, "landed", False) for e in events)
    state = state_of(game)
    assert state.pieces["x"].hex == m.parse("0503") and state.hq_of("x") is None
    assert state.pieces["hq"].aboard == "tr" and state.pieces["tr"].cargo == ("hq",)  # type: ignore[union-attr]
