"""The main window's Help menu: how to play, the rules reference, the keyboard shortcuts and
About, each a page of gameapp/ui/help_dialogs.py (imported when first asked for); the Help menu
stays last in the menu bar."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QMainWindow

from gameapp.ui import settings


class HelpMenu(QMainWindow):
    """The first layer of the main window (gameapp/ui/main_window.py): the Help menu's
    handlers."""

    def show_how_to_play(self) -> QDialog:
        from gameapp.ui import help_dialogs

        return help_dialogs.show_page(self, "How to play",
                                      markdown=help_dialogs.markdown_page("how-to-play.md"))

    def show_rules_reference(self) -> QDialog:
        from gameapp.ui import help_dialogs

        return help_dialogs.show_page(self, "Rules reference", find=True,
                                      markdown=help_dialogs.markdown_page("rules.md"))

    def show_shortcuts(self) -> QDialog:
        from gameapp.ui import help_dialogs

        return help_dialogs.show_page(self, "Keyboard shortcuts",
                                      html=help_dialogs.shortcuts_html(self))

    def show_about(self) -> QDialog:
        from gameapp.ui import help_dialogs

        return help_dialogs.show_page(self, f"About {settings.APPLICATION}",
                                      html=help_dialogs.about_html())

    def _help_menu_last(self) -> None:
        """The Help menu stays last, after any menu a ruleset's UI adds."""
        bar = self.menuBar()
        for action in bar.actions():
            if action.text() == "&Help":
                bar.removeAction(action)
                bar.addAction(action)
                return
