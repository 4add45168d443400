"""Pending decisions around a declared charge: retreat before combat (3.5), retire by prolong
(3.57, 7.36), the owner's pick of a retreat path (000 15.4), automatic victory (3.412), and the
charge phase run one charge at a time (1.25). Forced dice; every figure worked by hand.

The positions: a Union unit charges the Confederate hex 0604 from the south (it stops in 0605).
The blank test map has no declared map edges, so the three hexes north of 0604 (0504, 0603,
0704) are equally good retreats for one hex and the owner picks.
"""

from __future__ import annotations

import pytest

from gameapp.core.actions import (
    ChooseRetreatPath,
    EndPhase,
    Move,
    Prolong,
    ResolveCharge,
    RetreatBeforeCombat,
    StackRoll,
    parse_action,
)
from gameapp.core.breakdown import IllegalActionError, Term
from gameapp.core.decisions import DecisionKind
from gameapp.core.dice import Dice
from gameapp.core.engine import Game
from gameapp.core.events import (
    ChargeResolved,
    DecisionPending,
    MarkersRemoved,
    RoutMoved,
    UnitMoved,
    UnitRouted,
    WithdrawalAttempted,
)
from gameapp.core.mapdata import HexMap
from gameapp.core.phases import Phase
from gameapp.core.units import Formation, Side, Status, Unit
from tests.core.positions import N, S, artillery, blank_map, cavalry, game_on, infantry, place
from tests.core.rout_picks import first_rout_paths


def charged(defender: Unit, m: HexMap, attacker_hex: str = "0607") -> Game:
    us = place(infantry("US-1"), m, attacker_hex, N)
    return game_on(m, [us, defender])


def charge_from_0607(game: Game) -> list:
    """Three hexes, 15 MPs with the entry: not an immediate charge (3.411.a)."""
    m = game.map
    return game.apply(Move("US-1", tuple(m.parse(h) for h in ("0606", "0605", "0604"))))


def test_legal_actions_list_the_charge_moves() -> None:
    m = blank_map()
    game = charged(place(infantry("CS-1", Side.CONFEDERATE), m, "0604", S), m)
    charges = sorted(a.to_text(m.numbering) for a in game.legal_actions()
                     if isinstance(a, Move) and a.path[-1] == m.parse("0604"))
    # one reach path to each hex next to 0604 the unit can stop in with the MPs to enter 0604,
    # the charge bonus included (MPA final: 24 + 6 = 30): the two five-hex paths round the
    # sides cost 25 + 5 to enter 0604 = 30
    assert charges == ["move US-1 0606>0506>0405>0404>0504>0604",
                       "move US-1 0606>0506>0505>0604", "move US-1 0606>0605>0604",
                       "move US-1 0707>0706>0705>0604",
                       "move US-1 0707>0806>0805>0804>0704>0604"]
    for text in charges:
        assert parse_action(text, m.numbering) in game.legal_actions()


def test_the_charged_player_decides_whether_to_retreat_before_combat() -> None:
    m = blank_map()
    game = charged(place(infantry("CS-1", Side.CONFEDERATE), m, "0604", S,
                         Formation.COLUMN), m)
    events = charge_from_0607(game)
    decision = game.pending_decision
    assert decision is not None and events[-1] == DecisionPending(decision)
    assert decision.kind is DecisionKind.RETREAT_BEFORE_COMBAT and decision.rule == "3.5"
    assert decision.side is Side.CONFEDERATE and game.acting_side is Side.CONFEDERATE
    assert game.phase is Phase.MOVEMENT and game.current_side is Side.UNION
    assert [o.notation for o in decision.options] == [
        "retreat-before-combat 0604 yes", "retreat-before-combat 0604 no"]
    # CS-1 in column: ML 35 and no modifier (no open flanks: 7.27 is for lines)
    assert decision.options[0].label == "retreat 1 hex before combat: CS-1 on a d66 ≤ 35"
    assert list(game.legal_actions()) == [o.action for o in decision.options]
    for option in decision.options:
        assert parse_action(option.notation, m.numbering) == option.action
    with pytest.raises(IllegalActionError, match="Confederate must first decide"):
        game.check(EndPhase())


def test_a_retreat_before_combat_that_passes_its_roll_cancels_the_charge() -> None:
    m = blank_map()
    game = charged(place(infantry("CS-1", Side.CONFEDERATE), m, "0604", S,
                         Formation.COLUMN), m)
    charge_from_0607(game)
    game.dice = Dice.forcing([35])  # 35 <= ML 35: it goes
    events = game.apply(RetreatBeforeCombat(m.parse("0604"), True))
    attempt = next(e for e in events if isinstance(e, WithdrawalAttempted))
    assert attempt == WithdrawalAttempted(
        "CS-1", 35, attempt.level, True, "3.5")
    assert list(attempt.level) == [Term("printed morale level", 35, "7.0")]
    # three hexes are equally good: the owner picks
    decision = game.pending_decision
    assert decision is not None and decision.kind is DecisionKind.RETREAT_PATH
    assert [o.notation for o in decision.options] == [
        "retreat-path CS-1 0504", "retreat-path CS-1 0603", "retreat-path CS-1 0704"]
    assert game.acting_side is Side.CONFEDERATE
    events = game.apply(ChooseRetreatPath("CS-1", (m.parse("0603"),)))
    assert m.hex_id(game.state.units["CS-1"].hex) == "0603"
    assert isinstance(events[0], UnitMoved) and events[0].path == (m.parse("0603"),)
    # nothing is left in 0604: the charge is cancelled, the marker comes off
    assert MarkersRemoved("US-1", frozenset({Status.CHARGE}), "3.5") in events
    assert game.state.charges == {} and game.pending_decision is None
    assert game.acting_side is Side.UNION
    assert m.hex_id(game.state.units["US-1"].hex) == "0605"


def test_declining_runs_the_immediate_charge_at_once() -> None:
    m = blank_map()
    game = charged(place(infantry("CS-1", Side.CONFEDERATE), m, "0604", S,
                         Formation.COLUMN), m, attacker_hex="0605")
    game.apply(Move("US-1", (m.parse("0604"),)))  # 5 MPs with the entry: immediate (3.411.a)
    assert game.state.deferred_charges == {m.parse("0604"): "3.411"}
    assert game.state.units["US-1"].hex == m.parse("0605")  # nothing resolved yet
    game.dice = Dice.forcing([65])  # the defender's 8.41 roll: 65 > 35, it routs
    events = game.apply(RetreatBeforeCombat(m.parse("0604"), False))
    assert not any(isinstance(e, WithdrawalAttempted) for e in events)
    resolved = next(e for e in events if isinstance(e, ChargeResolved))
    assert resolved.rule == "3.411" and resolved.outcome.startswith("every defender routs")
    assert game.state.deferred_charges == {} and game.state.charges == {}


def test_a_failed_retreat_roll_leaves_the_unit_to_receive_the_charge() -> None:
    m = blank_map()
    game = charged(place(infantry("CS-1", Side.CONFEDERATE), m, "0604", S,
                         Formation.COLUMN), m, attacker_hex="0605")
    game.apply(Move("US-1", (m.parse("0604"),)))
    # 36 > ML 35: CS-1 stays; then the immediate charge: 8.41 roll 65 > 35 routs it
    game.dice = Dice.forcing([36, 65])
    events = game.apply(RetreatBeforeCombat(m.parse("0604"), True))
    events += first_rout_paths(game)  # the owner's pick (7.6); the advance waits for it
    attempt = next(e for e in events if isinstance(e, WithdrawalAttempted))
    assert (attempt.roll, attempt.passed) == (36, False)  # 36 > 35: stays
    resolved = next(e for e in events if isinstance(e, ChargeResolved))
    assert resolved.rule == "3.411" and resolved.outcome.startswith("every defender routs")
    assert Status.ROUTED in game.state.units["CS-1"].status
    assert m.hex_id(game.state.units["US-1"].hex) == "0604"  # 8.54 advance


def test_a_battery_that_passes_7_36_retires_by_prolong() -> None:
    m = blank_map()
    gun = place(artillery("CS-A", Side.CONFEDERATE), m, "0604", S, Formation.UNLIMBERED)
    game = charged(gun, m)
    charge_from_0607(game)
    decision = game.pending_decision
    assert decision is not None and decision.kind is DecisionKind.PROLONG
    assert [(o.notation, o.rule) for o in decision.options] == [
        ("prolong CS-A yes", "7.36"), ("prolong CS-A no", "3.57")]
    # printed ML 41, no modifier: a roll of 41 retires (7.36: roll <= ML)
    assert "d66 ≤ 41 retires" in decision.options[0].label
    game.dice = Dice.forcing([41])
    events = game.apply(Prolong("CS-A", True))
    assert next(e for e in events if isinstance(e, WithdrawalAttempted)).passed
    game.apply(ChooseRetreatPath("CS-A", (m.parse("0704"),)))
    battery = game.state.units["CS-A"]
    assert m.hex_id(battery.hex) == "0704"
    assert battery.formation is Formation.UNLIMBERED and battery.facing == S
    assert game.state.charges == {}


def test_a_battery_that_fails_7_36_routs_and_makes_rout_movement() -> None:
    m = blank_map()
    gun = place(artillery("CS-A", Side.CONFEDERATE), m, "0604", S, Formation.UNLIMBERED)
    game = charged(gun, m)
    charge_from_0607(game)
    game.dice = Dice.forcing([42])  # 42 > 41
    events = game.apply(Prolong("CS-A", True))
    events += first_rout_paths(game)
    assert UnitRouted("CS-A", "7.36") in events
    rout = next(e for e in events if isinstance(e, RoutMoved))
    assert rout.path[0] == m.parse("0604")
    assert "CS-A" not in {u.id for u in game.state.units_at(m.parse("0604"))}
    assert game.state.charges == {}  # nothing left to charge


def test_mounted_cavalry_retreats_before_combat_without_a_roll() -> None:
    m = blank_map()
    game = charged(place(cavalry("CS-C", Side.CONFEDERATE), m, "0604", S), m)
    charge_from_0607(game)
    game.dice = Dice.forcing([])
    rolled = len(game.dice.history)
    events = game.apply(RetreatBeforeCombat(m.parse("0604"), True))
    assert WithdrawalAttempted("CS-C", None, next(
        e for e in events if isinstance(e, WithdrawalAttempted)).level, True, "3.5") in events
    assert len(game.dice.history) == rolled
    assert game.can_undo  # no dice seen: the answer can be taken back
    game.undo()
    assert game.pending_decision is not None
    assert game.pending_decision.kind is DecisionKind.RETREAT_BEFORE_COMBAT


def test_skirmishers_charged_lose_at_once_without_dice() -> None:
    m = blank_map()
    game = charged(place(infantry("CS-1", Side.CONFEDERATE), m, "0604", S,
                         Formation.SKIRMISH), m)
    charge_from_0607(game)  # 15 MPs: not immediate, but 3.412 resolves at once
    assert game.state.deferred_charges == {m.parse("0604"): "3.412"}
    rolled = len(game.dice.history)
    events = game.apply(RetreatBeforeCombat(m.parse("0604"), False))
    events += first_rout_paths(game)
    resolved = next(e for e in events if isinstance(e, ChargeResolved))
    assert resolved.rule == "3.412"
    assert "3.412 every defender in skirmish order: automatic victory" in resolved.lines
    assert len(game.dice.history) == rolled  # no roll
    assert UnitRouted("CS-1", "3.412") in events
    assert m.hex_id(game.state.units["US-1"].hex) == "0604"  # 8.54 advance


def test_the_charge_phase_resolves_one_charge_at_a_time() -> None:
    m = blank_map()
    units = [place(infantry("US-1"), m, "0607", N), place(infantry("US-2"), m, "0907", N),
             place(infantry("CS-1", Side.CONFEDERATE), m, "0604", S, Formation.COLUMN),
             place(infantry("CS-2", Side.CONFEDERATE), m, "0904", S, Formation.COLUMN)]
    game = game_on(m, units)
    for uid, col in (("US-1", "06"), ("US-2", "09")):
        path = tuple(m.parse(f"{col}{row}") for row in ("06", "05", "04"))
        game.apply(Move(uid, path))
        game.apply(RetreatBeforeCombat(path[-1], False))
    while game.phase is not Phase.CHARGE:
        game.apply(EndPhase())
    assert set(game.legal_actions()) == {
        EndPhase(), ResolveCharge(m.parse("0604")), ResolveCharge(m.parse("0904"))}
    assert parse_action("charge 0904", m.numbering) == ResolveCharge(m.parse("0904"))
    game.dice = Dice.forcing([11, 11, 65])
    # the player picks 0904 first: both rolls 11, everyone stands
    events = game.apply(ResolveCharge(m.parse("0904")))
    assert [e.target for e in events if isinstance(e, ChargeResolved)] == [m.parse("0904")]
    assert list(game.state.charges) == [m.parse("0604")]
    with pytest.raises(IllegalActionError, match="no charge is declared on 0904"):
        game.check(ResolveCharge(m.parse("0904")))
    # end-phase resolves what is left (0604: 65 routs CS-1), then the phase ends
    events = game.apply(EndPhase())
    events += first_rout_paths(game)  # the phase ends once the owner has picked (7.6)
    assert [e.target for e in events if isinstance(e, ChargeResolved)] == [m.parse("0604")]
    assert game.phase is not Phase.CHARGE and game.state.charges == {}


def test_decision_notation_parses_back() -> None:
    m = blank_map()
    for action in (ResolveCharge(m.parse("0604")), RetreatBeforeCombat(m.parse("0604"), True),
                   RetreatBeforeCombat(m.parse("0604"), False), Prolong("CS-A", True),
                   Prolong("CS-A", False),
                   ChooseRetreatPath("CS-1", (m.parse("0603"), m.parse("0602"))),
                   StackRoll(True), StackRoll(False)):
        assert parse_action(action.to_text(m.numbering), m.numbering) == action
    assert StackRoll(False).to_text(m.numbering) == "stack-roll each"
    assert ChooseRetreatPath("CS-1", (m.parse("0603"), m.parse("0602"))).to_text(
        m.numbering) == "retreat-path CS-1 0603>0602"


def test_an_answer_without_a_decision_is_refused() -> None:
    m = blank_map()
    game = charged(place(infantry("CS-1", Side.CONFEDERATE), m, "0604", S), m)
    with pytest.raises(IllegalActionError, match="no decision is waiting"):
        game.check(RetreatBeforeCombat(m.parse("0604"), True))
    with pytest.raises(IllegalActionError, match="in the charge phase"):
        game.check(ResolveCharge(m.parse("0604")))


def test_random_players_answer_decisions_and_the_log_replays() -> None:
    from gameapp.ai.random_player import RandomPlayer

    def position() -> Game:
        m = blank_map()
        game = game_on(m, [place(infantry("US-1"), m, "0607", N),
                           place(infantry("US-2"), m, "0707", N),
                           place(infantry("CS-1", Side.CONFEDERATE), m, "0604", S)])
        game.dice = Dice(seed=6)
        return game

    game = position()
    players = {side: RandomPlayer(side, 6, end_chance=0.1) for side in Side}
    while game.state.turn <= 2:
        game.apply(players[game.acting_side].choose(game))  # type: ignore[index]
    verbs = [entry.notation.split()[0] for entry in game.log]
    assert "retreat-before-combat" in verbs  # seed 6 charges once and the defender answers
    replay = position()
    for entry in game.log:
        replay.apply(parse_action(entry.notation, replay.map.numbering))
    assert replay.state == game.state
