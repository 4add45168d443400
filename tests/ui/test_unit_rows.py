"""The unit panel's rows: what it prints for each kind of unit."""

from __future__ import annotations

from gameapp.core.hexgrid import Orientation
from gameapp.core.mapdata import HexMap
from gameapp.core.numbering import Numbering
from gameapp.core.units import Side, Status, UnitKind
from gameapp.ui.panels.unit_panel import unit_rows

from .boards import make_unit


def test_unit_rows_by_kind() -> None:
    m = HexMap.blank("t", Numbering(Orientation.FLAT, 5, 5))
    h = m.parse("0101")
    gun = dict(unit_rows(make_unit("b", h, kind=UnitKind.ARTILLERY, strength=4), m.numbering))
    assert gun["Guns"] == "4" and gun["Guns type"] == "1 N 2"
    boss = dict(unit_rows(make_unit("l", h, kind=UnitKind.LEADER), m.numbering))
    assert boss["Morale bonus"] == "+2" and "Strength" not in boss
    reb = make_unit("r", h, side=Side.CONFEDERATE, status=frozenset({Status.ROUTED, Status.MOVED}))
    rows = dict(unit_rows(reb, m.numbering))
    assert rows["Side"] == "Confederate"
    assert rows["Status"] == "routed, M"
    assert rows["Weapon"] == "R, fire power 1.5"
