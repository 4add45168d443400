"""East '62 played to the eve of Cedar Mountain by legal actions, for the campaign tests.

`eve_of_cedar_mountain` plays East '62 from 1 March 1862 (seed 5) through the actions listed in
tests/campaign/data/cedar_mountain_path.txt (written by scripts/cedar_mountain_path.py), and
asserts that each is among the legal actions of its moment. Nobody moves but the commands of
the summer: Jackson's division marches from Winchester by Front Royal (weeks 17-18) and rides
the Manassas Gap and Orange & Alexandria railways to Gordonsville (week 19); Ewell's division
leaves Johnston's (now Lee's) army roster and follows by rail (week 20); the schedule gives
Jackson his command's HQ (week 20, 13 Jul) and A. P. Hill's Light Division (formed at Richmond,
week 13), which rides the Virginia Central to Gordonsville (week 22, sent 27 Jul); the three
divisions join Jackson's HQ there. Banks's corps HQ, with Williams's division and Geary's command
(Augur's division from 26 Jun), marches from Charles Town by Front Royal to Culpeper, C2211,
the hex that holds Cedar Mountain (weeks 20-23). Each division and its leader get off the train
(6.58) the week after their ride (Jackson's and Jackson week 20, Ewell's 21, Hill's 23). In
week 24 (9-15 Aug 1862) Jackson, Ewell and Hill cross to C2112; in the Confederate combat phase
Jackson's initiative (the week's three orders spent, the die forced to 1) commands his force,
and the next action is its attack on C2211: `attack C2211 cs_ap_hill cs_ewell cs_jackson`.

`august_scenario` is a shorter campaign for the save and window tests: East '62 started on
9 August 1862 with the armies already in place.
([FS]: shared/research/cedar_mountain.md; CWSAC: 8,030 Union and 16,868 Confederate engaged.)
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from gameapp.core.engine import Game
from gameapp.core.rulesets.strategic.actions import Attack, parse_strategic_action
from gameapp.core.rulesets.strategic.sequence import StrategicPhase
from gameapp.core.units import Side

ROOT = Path(__file__).resolve().parents[2]
EAST_62 = ROOT / "scenarios" / "east_1862.yaml"
PATH_FILE = ROOT / "tests" / "campaign" / "data" / "cedar_mountain_path.txt"
CEDAR_MOUNTAIN = "C2211"
JACKSON_HEX = "C2112"
SEED = 5
ATTACKERS = ("cs_ap_hill", "cs_ewell", "cs_jackson")


def path_lines() -> list[str]:
    """The path's actions (notation), and `dice N ...` lines forcing the next action's dice."""
    lines = (line.split("#", 1)[0].strip() for line in PATH_FILE.read_text().splitlines())
    return [line for line in lines if line]


def replay_path(game: Game, lines: list[str], apply: Callable[[Any], Any]) -> None:
    """Play `lines` on `game` through `apply`, each action first found among the legal ones."""
    for text in lines:
        if text.startswith("dice "):
            game.dice.forced = [int(n) for n in text.split()[1:]]
            continue
        action = parse_strategic_action(text, game.map)
        assert action in list(game.legal_actions()), (
            f"week {game.state.turn} {game.current_side} {game.phase}: {text} is not legal")
        apply(action)


def eve_of_cedar_mountain(seed: int = SEED) -> Game:
    """East '62 played by legal actions to the Confederate combat phase of week 24, Jackson's
    force commanded: the next action may be the attack on C2211."""
    game = Game.from_scenario(EAST_62, seed=seed)
    replay_path(game, path_lines()[:-1], game.apply)
    assert (game.state.turn, game.current_side, game.phase) == (
        24, Side.CONFEDERATE, StrategicPhase.COMBAT)
    return game


def attack(game: Game) -> Attack:
    return Attack(game.map.parse(CEDAR_MOUNTAIN), ATTACKERS)


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
    for hq in data["hqs"]:  # Williams and Augur stand alone, off Banks's March roster
        hq["roster"] = [u for u in hq.get("roster", []) if u not in ("us_williams", "us_augur")]
    data["hqs"].append({"id": "cs_valley", "side": "confederate", "name": "Jackson's command",
                        "echelon": "corps", "at": JACKSON_HEX, "commander": "jackson",
                        "roster": list(ATTACKERS)})
    places = {"banks": CEDAR_MOUNTAIN, "jackson": JACKSON_HEX, "ewell": JACKSON_HEX}
    for leader in data["leaders"]:
        leader["at"] = places.get(leader["id"], leader["at"])
    # Williams 4 SP (about 3,400 infantry and the guns, [FS]), Augur 3 (3,013 enlisted, [FS]);
    # Winder 4, Ewell 6; the Light Division, whose schedule week is past, 2 SP (Branch's
    # brigade, the first of it on the field), its leader A. P. Hill off the map.
    strengths = {"us_williams": (CEDAR_MOUNTAIN, 4), "us_augur": (CEDAR_MOUNTAIN, 3),
                 "cs_jackson": (JACKSON_HEX, 4), "cs_ewell": (JACKSON_HEX, 6)}
    for division in data["divisions"]:
        if division["id"] in strengths:
            division["at"], division["sp"] = strengths[division["id"]]
    data["divisions"].append({"id": "cs_ap_hill", "side": "confederate",
                              "name": "A. P. Hill's Light Division", "arm": "infantry", "sp": 2,
                              "quality": "seasoned", "at": JACKSON_HEX, "source": "test"})
    for kind in ("reinforcements", "withdrawals", "leader_events"):  # all before 9 Aug
        data[kind] = [e for e in data.get(kind, []) if e["week"] >= 24]
    path = scenarios / "cedar_eve.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return path


FIRES = {Side.UNION: 1, Side.CONFEDERATE: 5}  # a fire phase, turns 1 to 3


def fight_it_out(game: Game, apply: Callable[[Any], Any],
                 fires: dict[Side, int] | None = None, last_turn: int = 3) -> list[Any]:
    """Play the tactical `game` to its end through `apply` (the campaign's or the window's):
    in each fire phase of turns 1 to `last_turn` each side fires up to `fires` times (by
    default the Union once and the Confederates five times, turns 1 to 3), each the first
    legal fire at a hex holding infantry with the two dice forced to 6-6; every other phase
    is ended, every decision answered with its first option. The events of the last action."""
    from gameapp.core.actions import Fire
    from gameapp.core.phases import Phase
    from gameapp.core.units import UnitKind

    fires = fires or FIRES
    fired: dict[tuple[int, Side], int] = {}
    events: Any = []
    while not game.is_over:
        side = game.acting_side
        if (game.pending_decision is None and game.phase is Phase.FIRE
                and game.state.turn <= last_turn and side is not None
                and fired.get((game.state.turn, side), 0) < fires[side]):
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
