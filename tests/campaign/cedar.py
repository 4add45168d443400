"""East '62 brought to the eve of Cedar Mountain, for the campaign tests.

The campaign is played from 1 March 1862 with every phase ended (the forced choices: nobody
moves for 23 weeks), to the Confederate command phase of week 24 (9-15 Aug 1862). Then the
armies are put where they stood on 8 August, at the strengths of the battle: Banks with
Williams's division (4 SP: about 3,400 infantry and the guns, [FS]) and Augur's (3 SP: 3,013
enlisted, [FS]; East '62 has no Augur counter, so the test adds one, `us_augur`) in the Culpeper
hex, C2211, which holds Cedar Mountain; Jackson's command (a corps HQ with Winder's division,
4 SP, Ewell's, 6 SP, and Branch's brigade, 2 SP, standing for A. P. Hill's division) with
Jackson and Ewell next to it in C2112, toward Orange. A. P. Hill's leader is not on the map.
([FS]: shared/research/cedar_mountain.md; CWSAC: 8,030 Union and 16,868 Confederate engaged.)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from gameapp.core.engine import Game
from gameapp.core.rulesets.strategic.actions import Attack, DeclareSpan, EndPhase, GiveOrder
from gameapp.core.rulesets.strategic.pieces import HQ, Arm, Division, Echelon, Quality
from gameapp.core.rulesets.strategic.sequence import StrategicPhase
from gameapp.core.rulesets.strategic.state import StrategicState
from gameapp.core.units import Side

ROOT = Path(__file__).resolve().parents[2]
EAST_62 = ROOT / "scenarios" / "east_1862.yaml"
CEDAR_MOUNTAIN = "C2211"
JACKSON_HEX = "C2112"
SEED = 5
ATTACKERS = ("cs_branch", "cs_ewell", "cs_jackson")


def eve_of_cedar_mountain(seed: int = SEED) -> Game:
    """East '62 at the Confederate combat phase of week 24, Jackson's force commanded to attack:
    the next action may be the attack on C2211."""
    game = Game.from_scenario(EAST_62, seed=seed)
    while game.state.turn < 24:
        game.apply(EndPhase())
    assert game.current_side is Side.CONFEDERATE and game.phase is StrategicPhase.COMMAND
    state: StrategicState = game.state
    at = game.map.parse
    for hq in list(state.hqs()):  # off their March rosters, so that they stand alone
        state.put(replace(hq, roster=tuple(u for u in hq.roster
                                           if u not in ("us_williams", *ATTACKERS))))

    def put(piece_id: str, hex_id: str, sp: int | None = None) -> None:
        piece = state.pieces[piece_id]
        piece = replace(piece, hex=at(hex_id))
        state.put(replace(piece, sp=sp) if sp is not None else piece)  # type: ignore[call-arg]

    put("banks", CEDAR_MOUNTAIN)
    put("us_williams", CEDAR_MOUNTAIN, 4)
    state.put(Division("us_augur", Side.UNION, "Augur's Division", Arm.INFANTRY, 3, 3,
                       at(CEDAR_MOUNTAIN), Quality.GREEN, corps="II Corps, Army of Virginia"))
    for leader in ("jackson", "ewell"):
        put(leader, JACKSON_HEX)
    put("cs_jackson", JACKSON_HEX, 4)
    put("cs_ewell", JACKSON_HEX, 6)
    put("cs_branch", JACKSON_HEX, 2)
    state.put(HQ("cs_valley", Side.CONFEDERATE, "Jackson's command", Echelon.CORPS,
                 at(JACKSON_HEX), "jackson", ATTACKERS))
    game.apply(_span(game))
    while game.phase is not StrategicPhase.COMBAT:
        game.apply(EndPhase())
    game.apply(_span(game))
    game.apply(GiveOrder("jackson"))
    return game


def attack(game: Game) -> Attack:
    return Attack(game.map.parse(CEDAR_MOUNTAIN), ATTACKERS)


def _span(game: Game) -> DeclareSpan:
    return next(a for a in game.legal_actions()
                if isinstance(a, DeclareSpan) and a.leader == "jackson")


def august_scenario(folder: Path) -> Path:
    """East '62 started on 9 August 1862 (two weeks) with the armies of `eve_of_cedar_mountain`
    in place, written under `folder` (scenarios/, with maps/ and counters/ linked to the game's):
    a campaign that reaches the battle by legal actions from its seed alone, so it saves and
    replays."""
    import yaml

    scenarios = folder / "scenarios"
    (scenarios / "sites").mkdir(parents=True)
    for name in ("maps", "counters"):
        (folder / name).symlink_to(ROOT / name, target_is_directory=True)
    (scenarios / "slaughter_mountain.yaml").write_text(
        (ROOT / "scenarios" / "slaughter_mountain.yaml").read_text())
    (scenarios / "sites" / "battles.yaml").write_text(
        (ROOT / "scenarios" / "sites" / "battles.yaml").read_text())
    data = yaml.safe_load(EAST_62.read_text())
    data.update(start="1862-08-09", turns=2, first_side="confederate")
    data["initiative_bonus"] = {"union": 0, "confederate": 3}  # Jackson usually moves first
    data["hqs"] = [hq for hq in data["hqs"] if hq["side"] == "union"]
    for hq in data["hqs"]:
        hq["roster"] = [u for u in hq.get("roster", []) if u != "us_williams"]
    data["hqs"].append({"id": "cs_valley", "side": "confederate", "name": "Jackson's command",
                        "echelon": "corps", "at": JACKSON_HEX, "commander": "jackson",
                        "roster": list(ATTACKERS)})
    places = {"banks": CEDAR_MOUNTAIN, "jackson": JACKSON_HEX, "ewell": JACKSON_HEX}
    for leader in data["leaders"]:
        leader["at"] = places.get(leader["id"], leader["at"])
    strengths = {"us_williams": (CEDAR_MOUNTAIN, 4), "cs_jackson": (JACKSON_HEX, 4),
                 "cs_ewell": (JACKSON_HEX, 6), "cs_branch": (JACKSON_HEX, 2)}
    for division in data["divisions"]:
        if division["id"] in strengths:
            division["at"], division["sp"] = strengths[division["id"]]
    data["divisions"].append({"id": "us_augur", "side": "union", "name": "Augur's Division",
                              "arm": "infantry", "sp": 3, "quality": "green",
                              "at": CEDAR_MOUNTAIN, "source": "test"})
    path = scenarios / "cedar_eve.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return path


FIRES = {Side.UNION: 1, Side.CONFEDERATE: 5}  # a fire phase, turns 1 to 3


def fight_it_out(game: Game, apply: Callable[[Any], Any]) -> list[Any]:
    """Play the tactical `game` to its end through `apply` (the campaign's or the window's):
    in each fire phase of turns 1 to 3 the Union fires once and the Confederates up to five
    times, each the first legal fire at a hex holding infantry with the two dice forced to 6-6;
    every other phase is ended, every decision answered with its first option. The events of
    the last action."""
    from gameapp.core.actions import Fire
    from gameapp.core.phases import Phase
    from gameapp.core.units import UnitKind

    fired: dict[tuple[int, Side], int] = {}
    events: Any = []
    while not game.is_over:
        side = game.acting_side
        if (game.pending_decision is None and game.phase is Phase.FIRE and game.state.turn <= 3
                and side is not None and fired.get((game.state.turn, side), 0) < FIRES[side]):
            infantry = {u.hex for u in game.state.units.values() if u.kind is UnitKind.INFANTRY}
            shot = next((a for a in game.legal_actions() if isinstance(a, Fire)
                         and not a.at_guns and a.target in infantry), None)
            if shot is not None:
                game.dice.forced = [6, 6]
                events = apply(shot)
                fired[game.state.turn, side] = fired.get((game.state.turn, side), 0) + 1
                continue
        events = apply(game.ruleset.end_step_action() if game.pending_decision is None
                       else next(iter(game.legal_actions())))
    return events if isinstance(events, list) else []
