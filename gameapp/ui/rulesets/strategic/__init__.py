"""The strategic ruleset in the window (ui.py), registered in gameapp/ui/rulesets."""
