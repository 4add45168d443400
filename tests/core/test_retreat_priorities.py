"""Each 000 15.4 case of test_retreat_ss15_4.py guards a priority: switch that one priority off
and the case's answer must change. This proves the tests would catch its loss."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from gameapp.core.hexgrid import Hex
from gameapp.core.rules.retreat.edges import HomeMeasure
from gameapp.core.rules.retreat.ground import RetreatGround
from gameapp.core.rules.retreat.ss15_4_graph import Key, Search15_4, pack, unpack
from gameapp.core.units import UnitKind
from tests.core import test_retreat_ss15_4 as cases


def drop_place(place: int) -> Callable[[pytest.MonkeyPatch], None]:
    """Switch off one place of the ranking tuple."""

    def patch(mp: pytest.MonkeyPatch) -> None:
        original = Search15_4.step_key

        def step_key(self: Search15_4, h: Hex, n: Hex) -> Key:
            key = list(unpack(original(self, h, n)))
            key[place] = 0
            return pack(*key)

        mp.setattr(Search15_4, "step_key", step_key)

    return patch


def no_stacking(mp: pytest.MonkeyPatch) -> None:
    mp.setattr(RetreatGround, "overstack", lambda self, h: None)


def no_broken_box_1(mp: pytest.MonkeyPatch) -> None:
    mp.setattr(HomeMeasure, "on_edge", lambda self, h: False)


def no_impassable(mp: pytest.MonkeyPatch) -> None:
    def block(self: RetreatGround, h: Hex, d: int, woods: bool) -> str | None:
        return None if self.map.contains(h.neighbor(d)) else "off the map"

    mp.setattr(RetreatGround, "_block", block)


def no_enemy_occupation(mp: pytest.MonkeyPatch) -> None:
    mp.setattr(RetreatGround, "enemy_occupied", lambda self, h: False)


def no_artillery_woods_rule(mp: pytest.MonkeyPatch) -> None:
    mp.setattr(RetreatGround, "wooded", lambda self, h: False)


def no_road_exception(mp: pytest.MonkeyPatch) -> None:
    original = RetreatGround._block

    def block(self: RetreatGround, h: Hex, d: int, woods: bool) -> str | None:
        if self.unit.kind is UnitKind.ARTILLERY and self.map.contains(h.neighbor(d)) and (
            self.wooded(h.neighbor(d))
        ):
            return "woods"
        return original(self, h, d, woods)

    mp.setattr(RetreatGround, "_block", block)


def no_bridges(mp: pytest.MonkeyPatch) -> None:
    original = RetreatGround._block

    def block(self: RetreatGround, h: Hex, d: int, woods: bool) -> str | None:
        step = self.costs.step(h, d, self.mover, False)
        return step.prohibited or original(self, h, d, woods)

    mp.setattr(RetreatGround, "_block", block)


GUARDS: list[tuple[str, Callable[[], cases.Case], Callable[[pytest.MonkeyPatch], None]]] = [
    ("(1) causers", cases.causer_before_other_enemy, drop_place(0)),
    ("(2) other enemies", cases.other_enemy_before_edge, drop_place(1)),
    ("(2) other enemies", cases.disengaging, drop_place(1)),
    ("own edge", cases.edge_short, drop_place(2)),
    ("Broken Box 1", cases.edge_short, no_broken_box_1),
    ("stacking", cases.overstacked_end, no_stacking),
    ("impassable terrain", cases.blocked_line, no_impassable),
    ("impassable creek", cases.no_path, no_impassable),
    ("enemy-occupied", cases.no_path, no_enemy_occupation),
    ("artillery woods", lambda: cases.artillery_case(False, False), no_artillery_woods_rule),
    ("connected road", lambda: cases.artillery_case(True, True), no_road_exception),
    ("creek", lambda: cases.creek_case(False), no_impassable),
    ("bridge", lambda: cases.creek_case(True), no_bridges),
]


@pytest.mark.parametrize(("priority", "build", "switch_off"), GUARDS,
                         ids=[f"{g[0]}-{g[1].__name__}" for g in GUARDS])
def test_switching_off_the_priority_changes_the_answer(
    priority: str,
    build: Callable[[], cases.Case],
    switch_off: Callable[[pytest.MonkeyPatch], None],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def answer() -> tuple[object, ...]:
        result = build().run()
        chosen = result.chosen.hex_ids if result.chosen else None
        return chosen, result.outcome

    with_it = answer()
    with monkeypatch.context() as mp:
        switch_off(mp)
        without = answer()
    assert with_it != without, f"{priority}: the case does not depend on it"
