"""A campaign in the window (docs/campaigns.md): the strategic game on its board; a battle that
both sides agree to fight out opens on its own tactical board, and comes back when it ends.

- A battle offered to a human side: the offer dialog (fight it out, or the table).
- Both agreed: the window plays the tactical game, by the same players, and shows the
  conversion into it (the arithmetic) over its board.
- The tactical game over: its result goes back to the campaign (`Campaign.finish`), the window
  returns to the strategic board and shows the conversion back.

The dialogs are not modal: the board can still be looked at behind them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QDialog, QPushButton, QWidget

from gameapp.core.decisions import DecisionKind
from gameapp.core.engine import Game
from gameapp.core.newgame import Players
from gameapp.ui.controller import GameController

# The campaign code (and the strategic rules under it) is imported when a strategic game is
# first shown, not with the window: start-up (issue 28).
if TYPE_CHECKING:
    from gameapp.core.campaign.campaign import Campaign, FoughtBattle
    from gameapp.ui.replay.replay_window import ReplayWindow


class CampaignWindow(Protocol):
    controller: GameController
    players: Players

    def start_game(self, game: Game, players: Players | None = ...) -> None: ...


class CampaignPresenter(QObject):
    def __init__(self, window: CampaignWindow, parent: QWidget) -> None:
        super().__init__(parent)
        self.window = window
        self.parent_widget = parent
        self.campaign: Campaign | None = None
        self.dialog: QDialog | None = None  # the open campaign dialog, if any
        self._switching = False
        self.replay_link: QPushButton | None = None  # the back dialog's link to the replay
        self.replay_window: ReplayWindow | None = None
        window.controller.state_changed.connect(self.update)

    def adopt(self, campaign: Campaign) -> None:
        """A campaign opened from a file: its games are this campaign's."""
        self.campaign = campaign

    def campaign_for(self, game: Game) -> Campaign | None:
        """The campaign `game` belongs to (its strategic game or its battle), if any."""
        current = self.campaign
        if current is not None and (game is current.strategic or (
                current.battle is not None and game is current.battle.game)):
            return current
        return None

    @property
    def controller(self) -> GameController:
        return self.window.controller

    def update(self) -> None:
        game = self.controller.game
        if game is None or self._switching:
            return
        campaign = self._campaign_of(game)
        if campaign is None:
            return
        if campaign.battle is not None and game is campaign.battle.game:
            if game.is_over:
                self._back(campaign)
            return
        decision = game.pending_decision
        if decision is None:
            return
        human = self.window.players.get(decision.side)
        if decision.kind is DecisionKind.BATTLE_OFFER and (human is None or human.is_human):
            self._offer(decision)
        elif decision.kind is DecisionKind.TACTICAL_BATTLE and campaign.battle is None:
            self._into(campaign)

    def _campaign_of(self, game: Game) -> Campaign | None:
        current = self.campaign_for(game)
        if current is not None:
            return current
        path = getattr(game.scenario, "path", None)
        if game.scenario.ruleset != "strategic" or path is None:
            self.campaign = None
            return None
        from gameapp.core.campaign.campaign import Campaign
        from gameapp.core.campaign.sites import catalogue_for

        if catalogue_for(path) is None:
            self.campaign = None
            return None
        self.campaign = Campaign(game)  # its battle is built when the window shows it
        return self.campaign

    def _show(self, dialog: QDialog) -> None:
        if self.dialog is not None:
            self.dialog.close()
        self.dialog = dialog
        dialog.open()

    def _offer(self, decision: Any) -> None:
        from gameapp.ui.dialogs.campaign_dialogs import BattleOfferDialog

        if isinstance(self.dialog, BattleOfferDialog) and self.dialog.decision == decision \
                and self.dialog.isVisible():
            return
        self._show(BattleOfferDialog(decision, self.controller.apply, self.parent_widget))

    def _into(self, campaign: Campaign) -> None:
        from gameapp.present.campaign_text import into_lines, into_title
        from gameapp.ui.dialogs.campaign_dialogs import ConversionDialog

        campaign.resume_battle()
        battle = campaign.battle
        assert battle is not None
        # the battle's board at once, the conversion shown over it: the strategic game has
        # nothing left to do (a computer side must not leave the field meanwhile)
        self._play(battle.game)
        self._show(ConversionDialog(into_title(battle.site.name),
                                    into_lines(battle.conversion), "Fight the battle",
                                    self.parent_widget))

    def _play(self, game: Game) -> None:
        self._switching = True
        try:
            self.window.start_game(game, self.window.players)
        finally:
            self._switching = False

    def _back(self, campaign: Campaign) -> None:
        from gameapp.core.campaign.convert_out import TacticalBattleSettled
        from gameapp.present.campaign_text import back_lines, back_title
        from gameapp.present.strategic_names import piece_names
        from gameapp.ui.dialogs.campaign_dialogs import ConversionDialog

        events = campaign.finish()
        strategic = campaign.strategic
        self._play(strategic)
        settled = next(e for e in events if isinstance(e, TacticalBattleSettled))
        after = [e for e in events if e is not settled]
        lines = back_lines(settled, strategic.map.numbering, piece_names(strategic), after)
        dialog = ConversionDialog(back_title(settled), lines, "Back to the campaign",
                                  self.parent_widget)
        fought = campaign.fought[-1]
        self.replay_link = dialog.add_link("Replay the battle", lambda: self._replay(fought))
        self._show(dialog)

    def _replay(self, fought: FoughtBattle) -> None:
        """The battle fought, in a replay window (the log's link to it)."""
        from gameapp.ui.replay.replay_window import replay_live_game

        if fought.game is not None:
            self.replay_window = replay_live_game(self.parent_widget, fought.game)
