"""Dialogs of the game window."""
