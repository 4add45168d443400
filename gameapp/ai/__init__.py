"""Computer players (docs/ai.md): one generic candidate-action loop (`rca`), each ruleset's
players registered by its name (`registry`, `rulesets`); for the tactical game `AIPlayer`, the
candidate-action opponent, and `RandomPlayer`, the seeded baseline. Core only: nothing here
imports the UI."""
