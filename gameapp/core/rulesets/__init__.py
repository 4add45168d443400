"""The rulesets the program ships, one package each. Each registers itself when first imported;
`ruleset.ruleset_named` imports the one a scenario names on its first look-up (core/ruleset.py
`_SHIPPED`), so opening a tactical game does not import the strategic rules."""
