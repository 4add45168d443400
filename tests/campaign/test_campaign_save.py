"""One save for the campaign: saved in the middle of the tactical battle and reopened, it
resumes the battle inside the campaign; saved after it, the replay reproduces both games; a
tampered result is refused at its line (tests/campaign/cedar.py's August scenario: the battle
is reached by legal actions from the seed alone)."""

from __future__ import annotations

from pathlib import Path

import pytest

from gameapp.core.campaign.actions import BattleChoice
from gameapp.core.campaign.campaign import Campaign
from gameapp.core.campaign.save import load_campaign, load_saved_campaign, save_campaign
from gameapp.core.engine import Game
from gameapp.core.history import History
from gameapp.core.newgame import PlayerChoice, PlayerKind
from gameapp.core.rulesets.strategic.actions import DeclareSpan, EndPhase, GiveOrder
from gameapp.core.rulesets.strategic.sequence import StrategicPhase
from gameapp.core.savegame import snapshot
from gameapp.core.seats import Seats
from gameapp.core.units import Side
from gameapp.core.yamlsource import DataError
from tests.campaign.cedar import CEDAR_MOUNTAIN, attack, august_scenario


def _to_the_battle(scenario: Path) -> Campaign:
    game = Game.from_scenario(scenario, seed=2)
    campaign = Campaign(game)

    def span() -> DeclareSpan:
        return next(a for a in game.legal_actions()
                    if isinstance(a, DeclareSpan) and a.leader == "jackson")

    campaign.apply(span())
    while game.phase is not StrategicPhase.COMBAT:
        campaign.apply(EndPhase())
    for action in (span(), GiveOrder("jackson"), attack(game)):
        campaign.apply(action)
    here = game.map.parse(CEDAR_MOUNTAIN)
    campaign.apply(BattleChoice(here, True))
    campaign.apply(BattleChoice(here, True))
    assert campaign.battle is not None
    return campaign


def _play(campaign: Campaign, actions: int | None = None) -> None:
    """End the tactical phases (first option of any decision), `actions` times or to the end."""
    while campaign.battle is not None and actions != 0:
        game = campaign.game
        campaign.apply(game.ruleset.end_step_action() if game.pending_decision is None
                       else next(iter(game.legal_actions())))
        actions = None if actions is None else actions - 1


@pytest.fixture(scope="module")
def scenario(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return august_scenario(tmp_path_factory.mktemp("august"))


def test_a_save_in_the_middle_of_the_battle_resumes_it(scenario: Path, tmp_path: Path) -> None:
    campaign = _to_the_battle(scenario)
    _play(campaign, 12)
    battle = campaign.game
    assert campaign.battle is not None and battle.state.turn == 2
    save_campaign(campaign, tmp_path / "mid.yaml")
    reopened = load_campaign(tmp_path / "mid.yaml")
    assert reopened.battle is not None  # inside the campaign, the battle on
    assert reopened.game is not reopened.strategic
    assert snapshot(reopened.game.state, reopened.game) == snapshot(battle.state, battle)
    assert [e.notation for e in reopened.game.log] == [e.notation for e in battle.log]
    assert len(reopened.strategic.log) == len(campaign.strategic.log)
    # both go on to the end alike, and the campaign takes the same result
    _play(campaign)
    _play(reopened)
    assert reopened.fought[0].result == campaign.fought[0].result
    assert snapshot(reopened.strategic.state, reopened.strategic) == snapshot(
        campaign.strategic.state, campaign.strategic)


def test_the_campaign_replay_reproduces_both_games(scenario: Path, tmp_path: Path) -> None:
    campaign = _to_the_battle(scenario)
    _play(campaign)
    save_campaign(campaign, tmp_path / "after.yaml")
    reopened = load_campaign(tmp_path / "after.yaml")
    assert reopened.battle is None
    [fought] = reopened.fought
    assert fought.actions == campaign.fought[0].actions  # the battle, action by action
    assert fought.result == campaign.fought[0].result
    assert [e.notation for e in reopened.strategic.log] == [
        e.notation for e in campaign.strategic.log]
    assert reopened.strategic.log[-1].notation.startswith("tactical-result C2211 ")
    # the campaign's own history (the log's look back, the replay window) replays it too
    history = History.of(reopened.strategic)
    end = history.state_at(len(history))
    assert snapshot(end, reopened.strategic) == snapshot(reopened.strategic.state,
                                                         reopened.strategic)


def test_a_tampered_result_is_refused_at_its_line(scenario: Path, tmp_path: Path) -> None:
    campaign = _to_the_battle(scenario)
    _play(campaign)
    path = tmp_path / "after.yaml"
    save_campaign(campaign, path)
    text = path.read_text()
    true = campaign.strategic.log[-1].notation
    forged = "tactical-result C2211 union decisive 0 9000"
    path.write_text(text.replace(true, forged))
    with pytest.raises(DataError) as caught:
        load_campaign(path)
    problem = caught.value.problems[0]
    line = next(i for i, t in enumerate(path.read_text().splitlines(), 1) if forged in t)
    assert problem.line == line and "not what the saved battle gives" in problem.message


@pytest.mark.parametrize(("old", "new", "needle"), [
    ("battle:\n  site: cedar_mountain", "battle: 7\nbattle_was:\n  site: cedar_mountain",
     "battle: 7"),
    ("- action: end", "- action: charge everything", "charge everything"),
])
def test_a_broken_battle_in_a_save_is_refused_at_its_line(scenario: Path, tmp_path: Path,
                                                          old: str, new: str,
                                                          needle: str) -> None:
    campaign = _to_the_battle(scenario)
    _play(campaign, 3)
    path = tmp_path / "mid.yaml"
    save_campaign(campaign, path)
    text = path.read_text()
    start = text.index("\nbattle:")  # the battle's own part of the file
    assert old in text[start:]
    path.write_text(text[:start] + text[start:].replace(old, new, 1))
    with pytest.raises(DataError) as caught:
        load_campaign(path)
    line = next(i for i, t in enumerate(path.read_text().splitlines(), 1) if needle in t)
    assert caught.value.problems[0].line == line


def test_a_reopened_campaign_keeps_its_seats(scenario: Path, tmp_path: Path) -> None:
    """Who played each side is saved with the campaign, so a campaign reopened in the middle
    of its battle goes on against the same computer opponent (not all human)."""
    campaign = _to_the_battle(scenario)
    _play(campaign, 3)
    seats = Seats({Side.UNION: PlayerChoice(PlayerKind.COMPUTER, "hard"),
                   Side.CONFEDERATE: PlayerChoice()}, hide_unseen=True)
    save_campaign(campaign, tmp_path / "mid.yaml", seats)
    reopened, kept = load_saved_campaign(tmp_path / "mid.yaml")
    assert kept == seats and reopened.battle is not None
    save_campaign(campaign, tmp_path / "old.yaml")  # saved without seats: all human
    assert load_saved_campaign(tmp_path / "old.yaml")[1] is None
