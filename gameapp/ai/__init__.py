"""Computer players (docs/ai.md): `AIPlayer`, the candidate-action opponent, and
`RandomPlayer`, the seeded baseline. Core only: nothing here imports the UI."""
