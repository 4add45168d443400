"""Fog of war for the computer: the game as one side sees it.

`SideView` is a `Game` whose state lacks the enemy units the side cannot see (core
sight/visibility.py, rule R&C hidden units: an enemy is seen when next to one of the side's units
or in the line of sight of one). Everything the AI scores with reads it: the state, the fields of
fire (`fire`), the reach (`movement`), the charge previews. What is legal still comes from the
real game (`legal_actions`, `check`, `is_over`, `result`): the engine refusing a move is not
information the side lacks, and the score is on the table for both players.

A view never plays: `apply` and `undo` refuse. It follows its game: `side_view` brings the same
view up to date before each decision, so what the AI keeps for a phase (it holds on to the view)
always reads the game as it is now.
"""

from __future__ import annotations

from gameapp.core.actions import Action
from gameapp.core.breakdown import IllegalActionError
from gameapp.core.engine import Game, LegalActions
from gameapp.core.events import Event
from gameapp.core.rules.sight.visibility import hidden_units
from gameapp.core.rules.victory import VictoryResult
from gameapp.core.units import Side, Unit


class SideView(Game):
    """`game` as `side` sees it, as of the last `refresh`."""

    def __init__(self, game: Game, side: Side) -> None:
        super().__init__(game.scenario, game.state, game.dice, game.ruleset, game.log)
        self.real = game
        self.side = side
        self.hidden: frozenset[str] = frozenset()  # the enemy units the side cannot see
        self._units: tuple[Unit, ...] | None = None  # the units `hidden` was worked out for
        self.refresh()

    def refresh(self) -> SideView:
        """Look again: the real game's state, less the enemy units the side cannot see now."""
        real = self.real.state
        units = tuple(real.units.values())
        if units != self._units:  # sight changes only when units come, go, move or re-form
            self._units = units
            self.hidden = frozenset(hidden_units(self.map, units, self.side,
                                                 self.scenario.los_conventions))
        seen = real.copy()
        for uid in self.hidden:
            del seen.units[uid]
        # Caches keyed by the revision (this view's own move costs) only ever see this side's
        # view of that revision, so the real state's number names the view's state too.
        seen.revision = real.revision
        self.state = seen
        return self

    # --- what is legal: the real game's -----------------------------------------------------
    def legal_actions(self) -> LegalActions:
        return self.real.legal_actions()

    def check(self, action: Action) -> None:
        self.real.check(action)

    @property
    def is_over(self) -> bool:
        return self.real.is_over

    def result(self) -> VictoryResult:
        result: VictoryResult = self.real.result()
        return result

    # --- a view never plays -----------------------------------------------------------------
    def apply(self, action: Action) -> list[Event]:
        raise IllegalActionError(f"{self.side.label}'s view of the game cannot be played: "
                                 "apply the action to the game", "R&C actions")

    def undo(self) -> None:
        raise IllegalActionError(f"{self.side.label}'s view of the game cannot be undone",
                                 "R&C undo")


def side_view(game: Game, side: Side, view: SideView | None = None) -> SideView:
    """`game` as `side` sees it now: `view` brought up to date when it watches this game for
    this side, else a new view."""
    if view is not None and view.real is game and view.side is side:
        return view.refresh()
    return SideView(game, side)
