"""One save for a campaign (docs/campaigns.md, "One campaign, two games"): the strategic game's
save (savegame.py's format, under `strategic:`), the battles fought out (each tactical game's
seed and actions, and the result it sent back), and the battle being fought, if any.

    format: rally-and-charge-campaign
    version: 1
    strategic: {scenario: ..., seed: ..., actions: [...], snapshot: ...}
    fought: [{site: cedar_mountain, turn: 24, seed: ..., actions: [...], result: ...}]
    battle: {site: cedar_mountain, turn: 24, seed: ..., actions: [...], snapshot: ...}

Loading replays it all: the strategic actions in order; when both sides have agreed to fight a
battle out, the campaign builds the tactical game again and replays its actions from the save;
a `tactical-result` in the strategic log must be what the replayed battle gives (so the replay
reproduces both games, and a tampered result is refused at its line). A battle still being
fought resumes where it was saved. Every problem is a DataError at its line.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

import yaml

from gameapp.core.campaign.actions import TacticalResult
from gameapp.core.campaign.campaign import Campaign
from gameapp.core.dice import Roll
from gameapp.core.engine import Game, LogEntry
from gameapp.core.replay import ReplayMismatch, replay_action
from gameapp.core.savegame import (
    _saved_scenario,
    save_data,
    save_schema,
    snapshot,
    write_atomically,
)
from gameapp.core.seats import Seats
from gameapp.core.yamlsource import (
    DataError,
    YamlDocument,
    load_yaml,
    read_text,
    schema_problems,
)

CAMPAIGN_FORMAT = "rally-and-charge-campaign"
CAMPAIGN_VERSION = 1
JsonPath = tuple[str | int, ...]


def campaign_data(campaign: Campaign, path: Path, seats: Seats | None = None
                  ) -> dict[str, Any]:
    data: dict[str, Any] = {"format": CAMPAIGN_FORMAT, "version": CAMPAIGN_VERSION,
                            "strategic": save_data(campaign.strategic, path, seats)}
    data["fought"] = [{"site": f.site, "turn": f.turn, "seed": f.seed,
                       "actions": _entries(f.log),
                       "result": f.result.to_text(campaign.strategic.map.numbering)}
                      for f in campaign.fought]
    battle = campaign.battle
    if battle is not None:
        data["battle"] = {"site": battle.site.id, "turn": battle.turn, "seed": battle.seed,
                          "actions": _entries(battle.game.log),
                          "snapshot": snapshot(battle.game.state, battle.game)}
    return data


def _entries(log: Iterable[LogEntry]) -> list[dict[str, Any]]:
    return [{"action": e.notation, "rolls": [[*r.dice, r.purpose] for r in e.rolls]}
            for e in log]


def save_campaign(campaign: Campaign, path: str | Path, seats: Seats | None = None) -> None:
    """Write the campaign atomically (as savegame.save_game writes a game), with who plays
    each side (under `strategic:`, as a game's save keeps them): the battle is played by the
    same seats."""
    path = Path(path)
    write_atomically(path, yaml.safe_dump(campaign_data(campaign, path, seats),
                                          sort_keys=False, allow_unicode=True))


def is_campaign_save(path: str | Path) -> bool:
    """Does the file say it is a saved campaign (in its first lines)?"""
    try:
        head = read_text(Path(path))[:2000]
    except DataError:
        return False
    return f"format: {CAMPAIGN_FORMAT}" in head


def load_campaign(path: str | Path) -> Campaign:
    """Replay a saved campaign; DataError with the file and line of what is wrong."""
    return load_saved_campaign(path)[0]


def load_saved_campaign(path: str | Path) -> tuple[Campaign, Seats | None]:
    """The saved campaign replayed, and who played it (None: saved before seats were kept,
    all human)."""
    doc = load_yaml(path)
    data = doc.data
    if not isinstance(data, dict) or data.get("format") != CAMPAIGN_FORMAT:
        raise DataError([doc.problem(("format",), f"expected a saved campaign (format: "
                                     f"{CAMPAIGN_FORMAT})")])
    for key, kind in (("strategic", dict), ("fought", list)):
        if not isinstance(data.get(key), kind):
            raise DataError([doc.problem((key,), f"expected {key}: as a {kind.__name__}")])
    strategic = _part(doc, ("strategic",))
    problems = schema_problems(strategic, save_schema("strategic"))
    if problems:
        raise DataError(problems)
    scenario = _saved_scenario(strategic)
    game = Game.from_scenario(scenario, seed=strategic.data["seed"])
    campaign = Campaign(game)
    battles = [_part(doc, ("fought", i)) for i in range(len(data["fought"]))]
    fought = 0
    for i, entry in enumerate(strategic.data["actions"]):
        where = ("strategic", "actions", i, "action")
        action = _parse(doc, where, game, entry)
        if isinstance(action, TacticalResult):
            if campaign.battle is None or fought >= len(battles):
                raise DataError([doc.problem(where, "a tactical result with no battle fought "
                                             "out in this save")])
            _replay_battle(doc, ("fought", fought), campaign, battles[fought])
            fought += 1
            campaign.finish()
            given = campaign.fought[-1].result
            if given != action:
                raise DataError([doc.problem(where, "this result is not what the saved battle "
                                             f"gives: {given.to_text(game.map.numbering)}")])
            continue
        _replay(doc, where, game, action, entry)
        campaign.resume_battle()
    if "battle" in data:
        _resume(doc, campaign)
    if snapshot(game.state, game) != strategic.data.get("snapshot", snapshot(game.state, game)):
        raise DataError([doc.problem(("strategic", "snapshot"), "the campaign replays to "
                                     "another position than the one saved")])
    seats = strategic.data.get("seats")
    return campaign, Seats.from_data(seats) if seats is not None else None


def _resume(doc: YamlDocument, campaign: Campaign) -> None:
    """The battle being fought when the campaign was saved, replayed to where it stood."""
    if campaign.battle is None:
        raise DataError([doc.problem(("battle",), "a battle in progress, but the campaign is "
                                     "not waiting for one")])
    _replay_battle(doc, ("battle",), campaign, _part(doc, ("battle",)))
    saved = doc.data["battle"].get("snapshot")  # a mapping: _replay_battle checked it
    if saved is not None and snapshot(campaign.game.state, campaign.game) != saved:
        raise DataError([doc.problem(("battle", "snapshot"), "the battle replays to another "
                                     "position than the one saved")])


def _part(doc: YamlDocument, at: JsonPath) -> YamlDocument:
    """The document under `at`, keeping the file's own lines."""
    value: Any = doc.data
    for key in at:
        value = value[key]
    size = len(at)
    lines = {k[size:]: v for k, v in doc.lines.items() if k[:size] == at}
    return YamlDocument(doc.path, value, lines)


def _parse(doc: YamlDocument, where: JsonPath, game: Game, entry: Any) -> Any:
    try:
        return game.parse_action(str(entry["action"]))
    except (ValueError, KeyError, TypeError) as exc:
        raise DataError([doc.problem(where, str(exc))]) from None


def _replay(doc: YamlDocument, where: JsonPath, game: Game, action: Any, entry: Any) -> None:
    try:
        recorded = [Roll(str(r[-1]), tuple(int(face) for face in r[:-1]))
                    for r in entry["rolls"]]
        replay_action(game, action, recorded, exact=True)
    except ReplayMismatch as exc:
        raise DataError([doc.problem(where, f"this action does not replay: {exc.reason}")]
                        ) from None
    except (KeyError, TypeError, ValueError) as exc:
        raise DataError([doc.problem(where, f"this action does not replay ({exc})")]) from None
    except Exception as exc:  # the rules tripped over a tampered action: still a DataError
        raise DataError([doc.problem(where, "this action does not replay: the rules cannot "
                                     f"apply it ({type(exc).__name__})")]) from None


def _replay_battle(doc: YamlDocument, at: JsonPath, campaign: Campaign,
                   part: YamlDocument) -> None:
    battle = campaign.battle
    assert battle is not None
    data = part.data
    if not isinstance(data, dict) or data.get("site") != battle.site.id \
            or data.get("seed") != battle.seed or not isinstance(data.get("actions"), list):
        raise DataError([doc.problem(at, f"expected the battle of {battle.site.id} (seed "
                                     f"{battle.seed}) with its actions")])
    for i, entry in enumerate(data["actions"]):
        where = (*at, "actions", i, "action")
        _replay(doc, where, battle.game, _parse(doc, where, battle.game, entry), entry)
