"""The tactical ruleset (`001`, with options from `000`, `002` and `003`) behind the engine's
seam: its steps and their handlers (`steps.py`, `handlers.py`, `effects.py`), the ruleset itself
(`ruleset.py`) and what the window and the AI ask of a tactical game (`queries.py`, reached as
`tactical(game)`). The rules themselves live in `gameapp/core/rules/`."""

from gameapp.core.ruleset import register_ruleset
from gameapp.core.rulesets.tactical.queries import TacticalQueries, TacticalRules, tactical
from gameapp.core.rulesets.tactical.ruleset import TACTICAL, TacticalRuleset

register_ruleset(TACTICAL)

__all__ = ["TACTICAL", "TacticalQueries", "TacticalRules", "TacticalRuleset", "tactical"]
