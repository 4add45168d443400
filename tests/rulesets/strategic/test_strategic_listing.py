"""The legal listing's shortcuts list exactly what the plain way lists (issue 25: the West '63
listing under 50 ms, bench/strategic_legal.py). The march listing runs one search from each
hex for all the pieces in it (paths.py), the rail and sail listings one per hex (and kind of
ship): here each is set against a plain reference, one search per piece as the listing did
before, in the same order, on the benchmark's West '63 deployment (both sides' largest forces
commanded) and in winter on the small map; and after a move the listing is that of the new
position."""

from __future__ import annotations

import heapq
from collections import deque
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from bench.strategic_legal import scenario_file
from gameapp.core.engine import Game
from gameapp.core.hexgrid import Hex
from gameapp.core.history import History
from gameapp.core.ruleset import RuleContext
from gameapp.core.rulesets.strategic.actions import (
    DeclareSpan,
    EndPhase,
    GiveOrder,
    March,
    Rail,
    Sail,
)
from gameapp.core.rulesets.strategic.command import commanded, span_candidates
from gameapp.core.rulesets.strategic.movement import have_mp, is_winter, map_units, overstack
from gameapp.core.rulesets.strategic.pieces import HQ, Division, Echelon, Leader, Piece, Train
from gameapp.core.rulesets.strategic.sequence import StrategicPhase
from gameapp.core.rulesets.strategic.state import StrategicState
from gameapp.core.rulesets.strategic.terrain import TerrainCosts
from gameapp.core.rulesets.strategic.zoc import Board
from gameapp.core.units import Side
from tests.rulesets.strategic.positions import command, place, state_of
from tests.rulesets.strategic.test_strategic_movement import union_unit, winter_game


# --- the plain way: one search per piece, as the listing did before --------------------------
def plain_reach(state: StrategicState, piece: Piece, terrain: TerrainCosts, board: Board,
                winter: bool) -> dict[Hex, tuple[int, tuple[Hex, ...]]]:
    have = int(have_mp(state, piece, True, terrain))
    enemy_zoc, enemy_in = board.zoc[piece.side.other], board.occupied[piece.side.other]
    best, paths = {piece.hex: 0}, {piece.hex: ()}
    queue, counter = [(0, 0, piece.hex)], 0
    while queue:
        spent, _, at = heapq.heappop(queue)
        if spent > best[at] or (at != piece.hex and at in enemy_zoc):
            continue
        for to, step in terrain.exits(at, winter, isinstance(piece, Train)):
            cost = spent + step
            if cost > have or to in enemy_in or cost >= best.get(to, cost + 1):
                continue
            best[to], paths[to] = cost, (*paths[at], to)
            counter += 1
            heapq.heappush(queue, (cost, counter, to))
    del paths[piece.hex]
    return {h: (best[h], p) for h, p in paths.items()}


def marchers(state: StrategicState) -> list[Piece]:
    force = commanded(state, state.active or "")
    pieces = [state.pieces[i] for i in (force.members if force else ()) if i in state.pieces]
    return [p for p in pieces if isinstance(p, Division | Leader | HQ | Train)
            and state.hq_of(p.id) is None and p.id not in state.new_brigades
            and not state.entrained(p) and not (isinstance(p, Division) and p.aboard)
            and p.id not in state.halted]


def plain_marches(ctx: RuleContext, side: Side) -> list[March]:
    state: StrategicState = ctx.state
    terrain: TerrainCosts = ctx.rules.terrain
    board, stacks = Board.of(state, terrain), map_units(state, side)
    limits = (terrain.tables.stack_units, terrain.tables.stack_sp)
    listed = []
    for piece in marchers(state):
        normal = have_mp(state, piece, False, terrain)
        for to, (cost, path) in plain_reach(state, piece, terrain, board,
                                            is_winter(ctx)).items():
            if isinstance(piece, Division) and overstack(stacks, to, 1, piece.sp, limits):
                continue
            if cost <= normal:
                listed.append(March(piece.id, path))
            listed.append(March(piece.id, path, True))
    return listed


def plain_rides(state: StrategicState, piece: Piece, terrain: TerrainCosts, board: Board,
                year: int, home: Mapping[Hex, Side]) -> list[Hex]:
    net, side = terrain.rail_net(year), piece.side
    if piece.hex not in net:
        return []
    found, queue = {piece.hex: 0}, deque([piece.hex])
    while queue:
        at = queue.popleft()
        if at != piece.hex and board.enemy_zoc(side, at) and at not in board.combat[side]:
            continue
        for to in net[at]:
            if to in found or board.enemy_in(side, to) or not terrain.map.contains(to) or \
                    state.control.get(to, home[to]) is not side:  # its own lines only
                continue
            found[to] = found[at] + 1
            queue.append(to)
    return [h for h in found if h != piece.hex]


def rail_of(listing: list[Any]) -> dict[str, list[Hex]]:
    found: dict[str, list[Hex]] = {}
    for action in listing:
        if isinstance(action, Rail):
            found.setdefault(action.piece, []).append(action.to)
    return found


# --- the positions --------------------------------------------------------------------------
def west63(tmp_path: Path, side: str, rails: bool = False) -> Game:
    """The benchmark's West '63 deployment, `side` to move with its largest army commanded
    (bench/strategic_legal.py's third position)."""
    path = scenario_file(tmp_path)
    game = next(g for g in (Game.from_scenario(path, seed=s) for s in range(1, 50))
                if g.current_side is not None and g.current_side.value == side)
    state = state_of(game)
    player = game.current_side
    assert player is not None
    for h in game.rules.terrain.rail_net(game.scenario.rail_year) if rails else ():
        state.control[h] = player  # its armies hold the railroads: rides to list (R&C
        # strategic rail lines; not in the log: a replay of the game does not keep it)
    boss = max((h for h in state.hqs(player) if h.echelon is Echelon.ARMY),
               key=lambda h: sum(1 for c in state.hqs(player) if c.hex.distance(h.hex) <= 1)
               ).commander
    leader = state.pieces[boss]
    assert isinstance(leader, Leader)
    near = [p.id for p in span_candidates(state, leader)][: leader.span]
    game.apply(DeclareSpan(boss, tuple(near)))
    while game.phase is not StrategicPhase.MOVEMENT:
        game.apply(EndPhase())
    game.apply(GiveOrder(boss))
    return game


def winter_force(tmp_path: Path) -> Game:
    """Winter on the small map: a train (on the roads only), a division and a test general
    in one hex, a division beside them, all commanded."""
    game = winter_game(tmp_path)
    union_unit(game, "x", "0403")
    union_unit(game, "y", "0403")
    command(game, "x", "y", "ut1", at="0403")
    place(game, "y", "0404")
    return game


@pytest.mark.parametrize("position", ["union", "confederate", "winter"])
def test_the_shortcuts_list_what_the_plain_way_lists(tmp_path: Path, position: str) -> None:
    game = winter_force(tmp_path) if position == "winter" else west63(tmp_path, position, True)
    side = game.acting_side
    assert side is not None
    ctx = game._context()
    listing = list(game.legal_actions())
    marches = [a for a in listing if isinstance(a, March)]
    assert marches == plain_marches(ctx, side)  # the same marches, in the same order
    state: StrategicState = ctx.state
    terrain: TerrainCosts = ctx.rules.terrain
    board = Board.of(state, terrain)
    rails = rail_of(listing)
    stacks = map_units(state, side)
    limits = (terrain.tables.stack_units, terrain.tables.stack_sp)
    for piece_id, hexes in rails.items():
        piece = state.pieces[piece_id]
        plain = plain_rides(state, piece, terrain, board, ctx.scenario.rail_year,
                            ctx.scenario.home)
        assert hexes == [h for h in plain if not isinstance(piece, Division)
                         or overstack(stacks, h, 1, piece.sp, limits) is None]
    if position == "winter":
        reached = {a.path[-1] for a in marches if a.piece == "ut1"}
        assert reached and reached < {a.path[-1] for a in marches if a.piece == "gen"}
        return
    sails = [a for a in listing if isinstance(a, Sail)]
    assert len(marches) > 500 and len(rails) > 1
    assert len({a.ship for a in sails}) == (10 if position == "union" else 0)  # the flotillas
    handler = game.step.routes[Sail]
    for ship_id in {a.ship for a in sails}:  # each ship's voyages as it alone finds them
        ship = state.pieces[ship_id]
        own = handler.reachable(state, ship, terrain,  # type: ignore[attr-defined]
                                ctx.scenario.clock.is_high_water(state.turn))
        assert [a.path for a in sails if a.ship == ship_id] == list(own.values())


def test_the_listing_is_the_new_position_s_after_a_move(tmp_path: Path) -> None:
    game = west63(tmp_path, "union")
    before = list(game.legal_actions())
    march = next(a for a in before if isinstance(a, March) and a.forced and len(a.path) > 2)
    game.apply(march)
    after = list(game.legal_actions())
    fresh = History.of(game).game_at(len(game.log))  # the position replayed, nothing kept
    assert after == list(fresh.legal_actions())
    assert after != before and not any(isinstance(a, March) and a.piece == march.piece
                                       for a in after)  # a forced march ends its move

