"""The demo's ridge battery (issue 27, item 5). At 1908 Eubank's battery saw three hexes of its
own ridge: crests run along 1908's NW and SW hexsides, and the line of sight to and from a hex a
crest borders is blocked across it (001 TEC note 17). That is the rules, and the scenario had set
the battery behind its crest; it now stands at 1909, on the same ridge, and sweeps the valley."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from gameapp.core.engine import Game
from gameapp.core.rules.fire.field import fire_check
from gameapp.core.rulesets.tactical import tactical
from gameapp.core.units import Formation

DEMO = Path(__file__).resolve().parents[2] / "scenarios" / "demo.yaml"


def test_at_1908_the_crest_hides_the_valley_by_tec_note_17() -> None:
    game = Game.from_scenario(DEMO)
    eubank = replace(game.state.units["CS-Eubank"], hex=game.map.parse("1908"))
    check = fire_check(eubank, game.map.parse("1507"), game.state.units, game.map,
                       game.scenario.los_conventions)
    assert check.cell is None and check.rule == "TEC N17"
    assert "crest on the hexside between 1908 and 1807" in check.reason


def test_at_1909_the_battery_sweeps_the_valley_with_shell_and_canister() -> None:
    game = Game.from_scenario(DEMO)
    eubank = game.state.units["CS-Eubank"]
    assert game.map.hex_id(eubank.hex) == "1909" and eubank.formation is Formation.UNLIMBERED
    field = tactical(game).fire.field("CS-Eubank")
    union = {u.hex for u in game.state.units.values() if u.side is not eubank.side}
    shell = [h for h, cell in field.items() if not cell.canister]
    assert len(field) > 50 and len(shell) > 40
    assert len(set(field) & union) >= 5  # the Union line across the valley, in its field
