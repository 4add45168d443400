"""The rail nets of the theatre maps: connected where history says they were, and without the
lines not yet built. The two maps overlap (wbts.md section 3; docs/maps.md), and a journey from
one to the other changes maps at a place both show, such as Augusta or Bristol."""

from __future__ import annotations

from collections import deque

import pytest

from gameapp.core.hexgrid import Hex
from tests.theatre_maps import theatre

Node = tuple[str, Hex]  # (map, hex)


def joint_net(year: int) -> dict[Node, set[Node]]:
    """Both maps' rail links open in `year`, joined at every place both maps show."""
    net: dict[Node, set[Node]] = {}
    for key in ("east", "west"):
        for h, others in theatre(key).rail_net(year).items():
            net.setdefault((key, h), set()).update((key, o) for o in others)
    east = {p.key: p.hex for p in theatre("east").places}
    for place in theatre("west").places:
        if place.key in east:
            a, b = ("west", place.hex), ("east", east[place.key])
            net.setdefault(a, set()).add(b)
            net.setdefault(b, set()).add(a)
    return net


def reaches(net: dict[Node, set[Node]], start: Node, goal: Node) -> bool:
    seen, todo = {start}, deque([start])
    while todo:
        node = todo.popleft()
        if node == goal:
            return True
        for nxt in net.get(node, ()):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return False


def at(name: str) -> Node:
    """A place on the map where the journey starts or ends (the East map where it is on both)."""
    for key in ("east", "west"):
        try:
            return key, theatre(key).place(name).hex
        except KeyError:
            continue
    raise KeyError(name)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Richmond, VA", "Petersburg, VA"),
        ("Chattanooga, TN", "Atlanta, GA"),
        ("Memphis, TN", "Charleston, SC"),  # Memphis & Charleston, W&A, Georgia RR, S. Carolina RR
        ("Washington, DC", "Baltimore, MD"),
        ("Richmond, VA", "Bristol, VA"),  # by Burkeville and Lynchburg, then the V&T
        ("Nashville, TN", "Louisville, KY"),
        ("Vicksburg, MS", "Meridian, MS"),
        ("New Orleans, LA", "Jackson, MS"),
    ],
)
def test_the_1861_net_joins_places_history_joined(a: str, b: str) -> None:
    assert reaches(joint_net(1861), at(a), at(b))


def test_a_line_opened_in_1864_is_absent_from_an_1862_net() -> None:
    """The Piedmont Railroad, Danville to Greensboro, opened in May 1864 (wbts.md section 6)."""
    east = theatre("east")
    danville, greensboro = at("Danville, VA"), at("Greensboro, NC")
    assert not any(link.company == "Piedmont" for link in east.rail_links(1862))
    assert any(link.company == "Piedmont" for link in east.rail_links(1864))
    # in 1862 the only way round is the long one by Weldon and Raleigh, not a direct line
    assert greensboro[1] not in _within(east.rail_net(1862), danville[1], 8)
    assert greensboro[1] in _within(east.rail_net(1864), danville[1], 8)


def _within(net: dict[Hex, set[Hex]], start: Hex, steps: int) -> set[Hex]:
    frontier, seen = {start}, {start}
    for _ in range(steps):
        frontier = {n for h in frontier for n in net.get(h, ()) if n not in seen}
        seen |= frontier
    return seen


def test_each_link_keeps_its_company_gauge_and_year() -> None:
    east = theatre("east")
    petersburg = east.place("Petersburg, VA").hex
    companies = {link.company for link in east.rail_at(petersburg)}
    assert {"Richmond & Petersburg", "South Side", "Petersburg"} <= companies
    south_side = next(link for link in east.rail_at(petersburg) if link.company == "South Side")
    assert (south_side.opened, south_side.gauge) == (1854, "5 ft")
