"""The reach's search loop (dial.least_costs) and the plain graph it runs on for the benchmark,
on small graphs worked out by hand."""

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gameapp.core.hexgrid import Hex
from gameapp.core.rules.movement.dial import PlainGraph, least_costs
from gameapp.core.rules.movement.reach import _settle_states

# A patch of six hexes (axial q, r). Neighbours within it:
#   S-A, S-B, S-C, A-B, B-C, A-D, B-D, B-E, D-E   (A-C and C-E are two hexes apart)
S, A, B, C, D, E = Hex(0, 0), Hex(1, 0), Hex(1, -1), Hex(0, -1), Hex(2, -1), Hex(2, -2)
ENTER = {S: 3, A: 6, B: 2, C: 1, D: 1, E: 4}


def test_plain_graph_least_costs_worked_by_hand() -> None:
    # From S: C = 1 and B = 2 directly (B by C would be 1 + 2 = 3); A = 6 directly (by B 2 + 6);
    # D = B + 1 = 3 (by A 6 + 1); E = B + 4 = 6 (by D 3 + 4 = 7). All within 6.
    assert PlainGraph(ENTER).least_costs(S, 6) == {S: 0, C: 1, B: 2, D: 3, A: 6, E: 6}


def test_plain_graph_cutoff_keeps_exactly_the_limit() -> None:
    # cutoff 5: A and E (6 each) fall outside; D at 3 stays
    assert PlainGraph(ENTER).least_costs(S, 5) == {S: 0, C: 1, B: 2, D: 3}
    # from E: B = 2, D = 1; then S = B + 3 = 5, C = B + 1 = 3, A = D + 6 = 7 (by B 2 + 6 = 8)
    assert PlainGraph(ENTER).least_costs(E, 5) == {E: 0, D: 1, B: 2, C: 3, S: 5}


def test_plain_graph_matches_networkx_on_the_worked_patch() -> None:
    graph = nx.DiGraph()
    for h, cost in ENTER.items():
        for n in h.neighbors():
            if n in ENTER:
                graph.add_edge(n, h, weight=cost)
    assert PlainGraph(ENTER).least_costs(S, 6) == nx.single_source_dijkstra_path_length(
        graph, S, 6)


def test_plain_graph_refuses_bad_input_with_a_message() -> None:
    with pytest.raises(ValueError, match="costs must not be negative"):
        PlainGraph({S: 1, A: -1})
    with pytest.raises(ValueError, match="not in the graph"):
        PlainGraph(ENTER).least_costs(Hex(5, 5), 6)


# An abstract graph as a table of arcs (node -> (next node, cost)):
#   0 -> 1 for 5, 0 -> 2 for 1;  2 -> 1 for 1, 2 -> 3 for 7;  1 -> 3 for 1;
#   3 -> 4 for 0, 4 -> 3 for 0 (a zero-cost loop)
ARCS: list[tuple[tuple[int, int], ...]] = [
    ((1, 5), (2, 1)),
    ((3, 1),),
    ((1, 1), (3, 7)),
    ((4, 0),),
    ((3, 0),),
]


def test_least_costs_improves_a_queued_node_and_follows_zero_cost_arcs() -> None:
    # 2 = 1; 1 = 2 (by 2: 1 + 1, better than 5 directly, so its first queueing at 5 goes
    # stale); 3 = 1 + 1 = 3 (by 2 it would be 8); 4 = 3 + 0 = 3 by the zero-cost arc, and
    # the loop back to 3 does not better it.
    found = least_costs(0, 8, ARCS.__getitem__)
    assert found.best == {0: 0, 2: 1, 1: 2, 3: 3, 4: 3}
    assert found.parent == {2: 0, 1: 2, 3: 1, 4: 3}
    assert found.first == {}  # places are the reach's (reach._settle_states)


def test_least_costs_limit() -> None:
    assert least_costs(0, 2, ARCS.__getitem__).best == {0: 0, 2: 1, 1: 2}
    assert least_costs(0, -1, ARCS.__getitem__).best == {}


# Places, as the reach search packs them (reach._settle_states): state >> 3, so states 8 and 9
# are place 1 (say one hex, two facings).
#   0 -> 8 for 1, 0 -> 9 for 2;  8 -> 16 for 5;  9 -> 16 for 1
PLACES: dict[int, list[tuple[int, int]]] = {0: [(8, 1), (9, 2)], 8: [(16, 5)], 9: [(16, 1)],
                                            16: []}


def test_slack_leaves_dearer_states_of_an_expanded_place_unexpanded() -> None:
    # Without a slack: 16 = 2 + 1 = 3 (by 8 it is 1 + 5 = 6).
    assert least_costs(0, 9, PLACES.__getitem__).best[16] == 3
    # Slack 1: place 1 is first expanded by state 8 at 1; state 9 (queued at 2 before that)
    # costs 2 >= 1 + 1, so it is kept but not expanded, and 16 is reached by 8 only: 6.
    found = _settle_states(0, 9, 1, PLACES.__getitem__)
    assert found.best == {0: 0, 8: 1, 9: 2, 16: 6}
    assert found.first == {0: 0, 1: 8, 2: 16}
    # Slack 2: 2 < 1 + 2, state 9 is expanded: 16 = 3 again.
    assert _settle_states(0, 9, 2, PLACES.__getitem__).best[16] == 3


def test_slack_does_not_queue_a_dominated_state() -> None:
    # 0 -> 8 for 1; 8 -> 9 for 1. State 9 shares place 1 with state 8, expanded at 1, and would
    # cost 2: with slack 1 (2 >= 1 + 1) it is never queued; with slack 2 it is.
    arcs = {0: [(8, 1)], 8: [(9, 1)], 9: []}
    assert _settle_states(0, 9, 1, arcs.__getitem__).best == {0: 0, 8: 1}
    assert _settle_states(0, 9, 2, arcs.__getitem__).best == {0: 0, 8: 1, 9: 2}


@st.composite
def patches(draw: st.DrawFn) -> tuple[dict[Hex, int], Hex, int]:
    radius = draw(st.integers(1, 4))
    hexes = [h for q in range(-radius, radius + 1) for r in range(-radius, radius + 1)
             if (h := Hex(q, r)).distance(Hex(0, 0)) <= radius]
    holes = draw(st.sets(st.sampled_from([h for h in hexes if h != Hex(0, 0)]),
                         max_size=len(hexes) // 3))
    cost = {h: draw(st.integers(0, 9)) for h in hexes if h not in holes}
    return cost, Hex(0, 0), draw(st.integers(0, 30))


@settings(max_examples=80, deadline=None)
@given(patches())
def test_plain_graph_agrees_with_networkx(patch: tuple[dict[Hex, int], Hex, int]) -> None:
    cost, start, cutoff = patch
    graph = nx.DiGraph()
    graph.add_node(start)
    for h, c in cost.items():
        for n in h.neighbors():
            if n in cost:
                graph.add_edge(n, h, weight=c)
    assert PlainGraph(cost).least_costs(start, cutoff) == nx.single_source_dijkstra_path_length(
        graph, start, cutoff)


def test_the_reach_loop_with_no_mps_finds_nothing() -> None:
    # a unit that has spent more MPs than it has (a limit below 0) reaches nothing, not even
    # its own hex
    assert _settle_states(0, -1, 1, PLACES.__getitem__) == ({}, {}, {})
