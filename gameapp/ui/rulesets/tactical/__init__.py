"""The tactical ruleset's part of the window (ui.py: TacticalUI)."""
