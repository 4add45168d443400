"""A battle fought out in the window (docs/campaigns.md): East '62 on 9 August 1862 (the August
copy of tests/campaign/cedar.py); Jackson attacks the Culpeper hex; both sides are asked in the
offer dialog and fight it out; the conversion into the tactical game is shown with its
arithmetic; the window plays Slaughter Mountain on its own board; at its end the conversion
back is shown and the window returns to the campaign. The last test walks the Done test's path
from East '62's first week in the window (about a minute); its two conversion dialogs are saved
to docs/images/ (campaign_into_battle.png, campaign_back.png)."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from gameapp.core.decisions import DecisionKind
from gameapp.core.engine import Game
from gameapp.core.newgame import PlayerChoice, PlayerKind
from gameapp.core.rulesets.strategic.actions import DeclareSpan, EndPhase, GiveOrder
from gameapp.core.rulesets.strategic.sequence import StrategicPhase
from gameapp.core.savegame import snapshot
from gameapp.core.seats import Seats
from gameapp.core.units import Side
from gameapp.ui.app import build_window
from gameapp.ui.dialogs.campaign_dialogs import BattleOfferDialog, ConversionDialog
from gameapp.ui.main_window import MainWindow
from gameapp.ui.replay.replay_window import ReplayWindow
from tests.campaign.cedar import ROOT, attack, august_scenario, fight_it_out

IMAGES = ROOT / "docs" / "images"


def _shown(qtbot: QtBot, scenario: Path, seed: int) -> MainWindow:
    window = build_window(str(scenario), seed=seed)
    qtbot.addWidget(window)
    window.resize(1400, 900)
    window.show()
    qtbot.waitExposed(window)
    return window


def _to_the_offer(qtbot: QtBot, tmp_path: Path) -> tuple[MainWindow, Game]:
    """The window on the August scenario, Jackson's attack on C2211 declared: the offer is up."""
    window = _shown(qtbot, august_scenario(tmp_path), seed=2)
    controller = window.controller
    strategic = controller.game
    assert strategic is not None and strategic.scenario.ruleset == "strategic"

    def span() -> DeclareSpan:
        return next(a for a in strategic.legal_actions()
                    if isinstance(a, DeclareSpan) and a.leader == "jackson")

    assert controller.apply(span())
    while strategic.phase is not StrategicPhase.COMBAT:
        assert controller.apply(EndPhase())
    for action in (span(), GiveOrder("jackson"), attack(strategic)):
        assert controller.apply(action)
    return window, strategic


def test_a_battle_is_fought_out_in_the_window(qtbot: QtBot, tmp_path: Path) -> None:
    window, strategic = _to_the_offer(qtbot, tmp_path)
    controller = window.controller
    presenter = window.campaign
    for side in ("Confederate", "Union"):  # the attacker, then the defender
        offer = presenter.dialog
        assert isinstance(offer, BattleOfferDialog) and offer.isVisible()
        assert offer.windowTitle() == f"{side}: fight it out?"
        assert [b.text() for b in offer.buttons] == [
            "Fight it out on the tactical map of Cedar Mountain (Slaughter Mountain)",
            "Resolve it on the strategic table"]
        offer.buttons[0].click()
    into = presenter.dialog
    assert isinstance(into, ConversionDialog) and into.isVisible()
    assert strategic.pending_decision.kind is DecisionKind.TACTICAL_BATTLE  # type: ignore[union-attr]
    text = into.plain_text()
    assert "Into the battle of Cedar Mountain (Slaughter Mountain)" in text
    assert ("Williams' Division (1st) (us_williams): 4 SP x 10 = 40 tactical SP, the scenario "
            "has 33: it brings 33 (100%)  [R&C campaign scale]") in text
    assert "CS-APHill left out: ap_hill is not with the battle  [R&C campaign leaders]" in text
    battle = controller.game  # the battle's board is up behind the dialog
    assert battle is not None and battle is not strategic
    into.go_on.click()
    assert window.ruleset_name == "tactical" and battle.scenario.name == "Slaughter Mountain"
    fight_it_out(battle, controller.apply)  # forced dice: the Union loses 720 men
    battle.dice.forced = []
    assert controller.game is strategic and window.ruleset_name == "strategic"
    back = presenter.dialog
    assert isinstance(back, ConversionDialog) and back.isVisible()
    text = back.plain_text()
    assert "Back to the campaign: Cedar Mountain (Slaughter Mountain)" in text
    assert "Logged in the campaign: tactical-result C2211 " in text
    assert ("Union: 720 men lost / 1,000 = 0.72, rounded half up (at most the 7 SP that "
            "fought): 1 SP lost  [R&C campaign losses]") in text
    assert "[R&C campaign losses]" in text and "[R&C campaign retreat]" in text
    assert strategic.log[-1].notation.startswith("tactical-result C2211 ")
    link = presenter.replay_link
    assert link is not None and link.text() == "Replay the battle"
    link.click()  # the log's link: the battle in a replay window, every action of it
    replay = presenter.replay_window
    assert replay is not None and replay.history is not None
    assert len(replay.history) == len(battle.log) and "Slaughter Mountain" in replay.windowTitle()
    back.go_on.click()
    assert strategic.pending_decision is None


def test_a_battle_saved_in_the_window_reopens_inside_the_campaign(qtbot: QtBot,
                                                                   tmp_path: Path) -> None:
    window, strategic = _to_the_offer(qtbot, tmp_path)
    for _ in range(2):
        offer = window.campaign.dialog
        assert isinstance(offer, BattleOfferDialog)
        offer.buttons[0].click()
    into = window.campaign.dialog
    assert isinstance(into, ConversionDialog)
    into.go_on.click()
    battle = window.controller.game
    assert battle is not None and battle is not strategic
    for _ in range(12):
        assert window.controller.apply(battle.ruleset.end_step_action())
    # the players are saved with the campaign: reopened, it goes on with the same seats
    playing = window.session.seats
    window.session.seats = Seats({Side.UNION: PlayerChoice(PlayerKind.COMPUTER, "hard"),
                                  Side.CONFEDERATE: PlayerChoice()})
    seated = tmp_path / "seated.yaml"
    assert window.session.save_to(seated)
    saved = window.session.load(seated)
    assert saved is not None and saved.seats == window.session.seats
    assert window.session.opened_campaign is not None
    window.session.seats = playing
    path = tmp_path / "mid-battle.yaml"
    assert window.session.save_to(path)
    assert path.read_text().startswith("format: rally-and-charge-campaign")
    assert window.open_game(path)
    reopened = window.controller.game
    assert reopened is not None and reopened is not battle
    assert reopened.scenario.name == "Slaughter Mountain" and window.ruleset_name == "tactical"
    assert [e.notation for e in reopened.log] == [e.notation for e in battle.log]
    campaign = window.campaign.campaign
    assert campaign is not None and campaign.battle is not None
    assert campaign.battle.game is reopened
    while not reopened.is_over:  # the seed's dice only, so that the campaign saves again
        assert window.controller.apply(
            reopened.ruleset.end_step_action() if reopened.pending_decision is None
            else next(iter(reopened.legal_actions())))
    assert window.controller.game is campaign.strategic
    back = window.campaign.dialog
    assert isinstance(back, ConversionDialog) and back.isVisible()
    assert campaign.strategic.log[-1].notation.startswith("tactical-result C2211 ")
    # File > Replay of the campaign's file: the campaign, its battle's result included
    after = tmp_path / "after.yaml"
    assert window.session.save_to(after)
    replay = ReplayWindow(window)
    qtbot.addWidget(replay)
    assert replay.open_file(after)
    assert replay.history is not None and len(replay.history) == len(campaign.strategic.log)
    replay.go_to(len(replay.history))  # the last position: after the battle's result
    # the battle fought in it replays too, from the replay's battle menu: the replay
    # reproduces both games
    assert replay.battle_action.isVisible()
    [item] = replay.battles_menu.actions()
    assert item.text() == "Slaughter Mountain, week 1"
    item.trigger()
    battle_replay = replay.battle_window
    assert battle_replay is not None and battle_replay.history is not None
    [fought] = campaign.fought
    assert [e.notation for e in battle_replay.history.log] == list(fought.actions)
    end = battle_replay.history.state_at(len(battle_replay.history))
    assert snapshot(end, reopened) == snapshot(reopened.state, reopened)
    assert "Slaughter Mountain" in battle_replay.windowTitle()


def test_the_campaign_path_walks_in_the_window(qtbot: QtBot) -> None:
    """The Done test's path (tests/campaign/test_cedar_mountain_campaign.py) in the window: East
    '62 from its first week, every action of the path given to the window's controller (each
    first found legal), the offer answered in its dialogs, the battle fought on the window's
    board with the same forced dice, and the same conversions shown before and after."""
    from tests.campaign.cedar import EAST_62, SEED, path_lines, replay_path
    from tests.campaign.test_cedar_mountain_campaign import FIRES, LAST_FIRE_TURN

    window = _shown(qtbot, EAST_62, seed=SEED)
    controller = window.controller
    strategic = controller.game
    assert strategic is not None and strategic.state.turn == 1
    replay_path(strategic, path_lines(), controller.apply)  # to the attack on C2211, included
    assert strategic.log[-1].notation == "attack C2211 cs_ap_hill cs_ewell cs_jackson"
    presenter = window.campaign
    for side in ("Confederate", "Union"):
        offer = presenter.dialog
        assert isinstance(offer, BattleOfferDialog) and offer.windowTitle() == (
            f"{side}: fight it out?")
        offer.buttons[0].click()
    into = presenter.dialog
    assert isinstance(into, ConversionDialog)
    text = into.plain_text()
    for line in ("Augur's Division (2nd) (us_augur): 4 SP x 10 = 40 tactical SP, the scenario "
                 "has 27: it brings 27 (100%)",
                 "A. P. Hill's Light Division (cs_ap_hill): 10 SP x 10 = 100 tactical SP, the "
                 "scenario has 76: it brings 76 (100%)"):
        assert line in text
    assert "[R&C campaign leaders]" not in text  # every linked leader is with the battle
    qtbot.wait(50)
    IMAGES.mkdir(exist_ok=True)
    into.grab().save(str(IMAGES / "campaign_into_battle.png"))
    into.go_on.click()
    battle = controller.game
    assert battle is not None and battle.scenario.name == "Slaughter Mountain"
    fight_it_out(battle, controller.apply, FIRES, LAST_FIRE_TURN)
    battle.dice.forced = []
    assert controller.game is strategic
    back = presenter.dialog
    assert isinstance(back, ConversionDialog)
    assert "Logged in the campaign: tactical-result C2211 confederate substantive 700 500" in (
        back.plain_text())
    # where each SP came off (from the divisions whose brigades bled: all Union men in Augur's;
    # Jackson's 300 to Ewell's 200, the largest share to Jackson's) and where the loser went
    # (each piece by its name, as the log names it: docs/strategic-rules.md, "Pieces in the log")
    assert "Geary's Command (Augur's Division from 26 Jun) loses 1 SP" in back.plain_text()
    assert "Jackson's Division (Valley District) loses 1 SP" in back.plain_text()
    assert "Ewell's Division loses" not in back.plain_text()
    assert "us_augur" not in back.plain_text().replace("us_augur=700", "")
    assert "its formations lost 700 of the side's 700 men on the field" in back.plain_text()
    assert "N. P. Banks, V Corps (Banks) retreated to C2210" in back.plain_text()
    qtbot.wait(50)
    back.grab().save(str(IMAGES / "campaign_back.png"))
    back.go_on.click()
    assert strategic.pending_decision is None
