"""Seeded random games on the small test map and both theatre maps, with the model's
invariants checked after every action: stacking, no hex held by both sides, SP never below one
(a unit at nought is gone), every piece accounted for (the scenario's, brigades split off, the
dead named by the event that killed them), SP and supply points conserved except where an event
says they were lost, rosters and cargo standing with their HQ and ship; and what the listing of
legal actions offers, the rules accept."""

from __future__ import annotations

import random
from collections import defaultdict
from pathlib import Path

import pytest

from gameapp.core.engine import Game
from gameapp.core.rulesets.strategic.actions import EndPhase
from gameapp.core.rulesets.strategic.events import BrigadeSplit, ForcedMarchLoss
from gameapp.core.rulesets.strategic.pieces import HQ, Depot, Division, Fort, Ship, Train
from gameapp.core.rulesets.strategic.state import StrategicState
from gameapp.core.rulesets.strategic.tables import tables

HERE = Path(__file__).parent
SCENARIOS = [HERE / "hazel.yaml", HERE / "east_skirmish.yaml", HERE / "west_skirmish.yaml"]


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
    assert set(state.pieces) | dead == known, "a piece came or went unexplained"
    assert sum(d.sp for d in state.divisions()) == sp
    assert supply(state) == stock
    for hq in state.hqs():
        assert all(state.pieces[u].hex == hq.hex for u in hq.roster)
    for ship in state.ships():
        assert all(state.pieces[c].hex == ship.hex for c in ship.cargo)


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda p: p.stem)
@pytest.mark.parametrize("seed", [1, 2])
def test_random_games_keep_the_invariants(scenario: Path, seed: int) -> None:
    game = Game.from_scenario(scenario, seed=seed)
    rng = random.Random(seed)
    state: StrategicState = game.state
    known, dead = set(state.pieces), set()
    sp, stock = sum(d.sp for d in state.divisions()), supply(state)
    check(state, known, dead, sp, stock)
    kinds: set[str] = set()
    for _ in range(400):
        if game.is_over:
            break
        legal = list(game.legal_actions())
        for listed in rng.sample(legal, min(8, len(legal))):
            game.check(listed)  # what the listing offers, the rules accept
        action = EndPhase() if rng.random() < 0.12 else rng.choice(legal)
        for event in game.apply(action):
            if isinstance(event, BrigadeSplit):
                known.add(event.brigade)
            if isinstance(event, ForcedMarchLoss):
                sp -= event.loss
                if event.piece not in game.state.pieces:
                    dead.add(event.piece)
        kinds.add(type(action).__name__)
        check(game.state, known, dead, sp, stock)
    assert "EndPhase" in kinds and kinds & {"March", "Rail", "Sail"}  # the games moved pieces
