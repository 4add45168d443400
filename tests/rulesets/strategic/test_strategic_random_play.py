"""Seeded random games on the small test map and both theatre maps, with the model's
invariants checked after every action: stacking, no hex held by both sides, SP never below one
(a unit at nought is gone), every piece accounted for (the scenario's, brigades split off, the
dead named by the event that killed them, the schedule's arrivals and withdrawals), SP and supply
points conserved except where an event says they were lost, came or went, rosters and cargo
standing with their HQ and ship; and what the listing of legal actions offers, the rules
accept."""

from __future__ import annotations

import random
from collections import defaultdict
from pathlib import Path

import pytest

from gameapp.core.engine import Game
from gameapp.core.rulesets.strategic.actions import Attack, Embark, EndPhase, Land
from gameapp.core.rulesets.strategic.combat import BattleFought
from gameapp.core.rulesets.strategic.events import Boarded, BrigadeSplit
from gameapp.core.rulesets.strategic.income import SupplyIncome
from gameapp.core.rulesets.strategic.pieces import HQ, Depot, Division, Fort, Ship, Train
from gameapp.core.rulesets.strategic.schedule import ScheduleEvent
from gameapp.core.rulesets.strategic.state import StrategicState
from gameapp.core.rulesets.strategic.tables import tables

HERE = Path(__file__).parent
SCENARIOS = [HERE / "hazel.yaml", HERE / "east_skirmish.yaml", HERE / "west_skirmish.yaml",
             HERE / "anomalies.yaml"]


def supply(state: StrategicState) -> int:
    return sum(p.supply for p in state.pieces.values() if isinstance(p, Train | Depot | HQ))


def check(state: StrategicState, known: set[str], dead: set[str], sp: int, stock: int) -> None:
    t = tables()
    stacks: dict[tuple, list[Division]] = defaultdict(list)
    rostered = {u for hq in state.hqs() for u in hq.roster}
    land: dict = defaultdict(set)
    for piece in state.pieces.values():
        if isinstance(piece, Division):
            assert piece.sp >= 1, piece
            if piece.id not in rostered and piece.aboard is None:
                stacks[(piece.side, piece.hex)].append(piece)
        if not isinstance(piece, Ship | Fort) and getattr(piece, "aboard", None) is None:
            land[piece.hex].add(piece.side)
    for units in stacks.values():
        assert len(units) <= t.stack_units and sum(u.sp for u in units) <= t.stack_sp, units
    assert all(len(sides) == 1 for sides in land.values()), "a hex held by both sides"
    assert not set(state.pieces) & set(state.offmap), "a unit both on and off the map"
    assert set(state.pieces) | set(state.offmap) | dead == known, "a piece came or went unexplained"
    away = sum(o.unit.sp for o in state.offmap.values())  # on a detour (7.54)
    assert sum(d.sp for d in state.divisions()) + away == sp
    assert supply(state) == stock
    for hq in state.hqs():
        assert all(state.pieces[u].hex == hq.hex for u in hq.roster)
        assert all(state.pieces[u].side is hq.side for u in hq.roster), \
            f"{hq.id}'s roster holds an enemy piece (12.0, 16.16)"
        aboard = {getattr(state.pieces[u], "entrained", False) for u in hq.roster}
        assert len(aboard) <= 1, f"{hq.id}'s roster is half aboard a train (16.16, 6.57)"
        on_ship = {getattr(state.pieces[u], "aboard", None) is not None for u in hq.roster}
        assert on_ship <= {hq.aboard is not None}, f"{hq.id}'s roster is half aboard ship (16.16)"
    for ship in state.ships():
        assert all(state.pieces[c].hex == ship.hex for c in ship.cargo)
        assert all(getattr(state.pieces[c], "aboard", None) == ship.id for c in ship.cargo)
    for piece in state.pieces.values():
        carrier = getattr(piece, "aboard", None)
        assert carrier is None or piece.id in getattr(state.pieces.get(carrier), "cargo", ()), \
            f"{piece.id} is aboard {carrier}, which does not carry it"


def play(scenario: Path, seed: int, actions: int = 400) -> dict[str, int]:
    """One seeded random game, the invariants checked after every action. SP and supply are
    conserved except where the state's records say they went: `lost` (battles, attrition,
    forced marches, hunger, surrender), `supply_gone` (spent in battle or destroyed), `gone`
    (each piece out of play and why), `withdrawn` (taken off by the schedule); the schedule's
    events add the pieces and SP that came and take off the SP that went, the monthly income
    the supply points received. Returns counts of
    what happened."""
    game = Game.from_scenario(scenario, seed=seed)
    rng = random.Random(seed)
    state: StrategicState = game.state
    known = set(state.pieces)
    sp0, stock0 = sum(d.sp for d in state.divisions()), supply(state)
    told = [e for e in game.opening_events if isinstance(e, ScheduleEvent)]
    for event in told:
        known.update(event.arrived)
        sp0 += event.sp_in - event.sp_out
    check(state, known, set(state.withdrawn), sp0, stock0)
    kinds: set[str] = set()
    counts = {"actions": 0, "battles": 0, "scheduled": 0}
    for _ in range(actions):
        if game.is_over:
            break
        legal = list(game.legal_actions())
        for listed in rng.sample(legal, min(8, len(legal))):
            game.check(listed)  # what the listing offers, the rules accept
        attacks = [a for a in legal if isinstance(a, Attack)]
        water = [a for a in legal if isinstance(a, Embark | Land)]
        if attacks and rng.random() < 0.5:
            action = rng.choice(attacks)  # fight more often than a blind pick would
        elif water and rng.random() < 0.4:
            action = rng.choice(water)  # and board and land more often too
        else:
            ends = EndPhase() in legal  # not while the rules owe a battle first (11.11)
            action = EndPhase() if ends and rng.random() < 0.12 else rng.choice(legal)
        for event in game.apply(action):
            if isinstance(event, BrigadeSplit):
                known.add(event.brigade)
            counts["battles"] += isinstance(event, BattleFought)
            if isinstance(event, Boarded):  # embarked or landed: by whom
                kind = type(game.state.pieces.get(event.piece)).__name__
                counts[f"boarded {kind}"] = counts.get(f"boarded {kind}", 0) + 1
            if isinstance(event, ScheduleEvent):  # reinforcements add, withdrawals remove
                known.update(event.arrived)
                sp0 += event.sp_in - event.sp_out
                counts["scheduled"] += 1
            if isinstance(event, SupplyIncome):  # the month's income comes into depots
                stock0 += event.received
                counts["income"] = counts.get("income", 0) + event.received
        counts["actions"] += 1
        kinds.add(type(action).__name__)
        state = game.state
        check(state, known, set(state.gone) | set(state.withdrawn), sp0 - sum(state.lost.values()),
              stock0 - sum(state.supply_gone.values()))
    assert "EndPhase" in kinds and kinds & {"March", "Rail", "Sail"}  # the games moved pieces
    counts["gone"] = len(game.state.gone)
    return counts


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda p: p.stem)
@pytest.mark.parametrize("seed", [1, 2])
def test_random_games_keep_the_invariants(scenario: Path, seed: int) -> None:
    counts = play(scenario, seed)
    if scenario.stem == "west_skirmish":  # its schedule was played: weeks 2 and 3
        assert counts["scheduled"] >= 5, counts
