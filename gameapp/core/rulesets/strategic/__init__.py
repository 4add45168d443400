"""The strategic ruleset (docs/strategic-rules.md): `STRATEGIC`, registered as `strategic`."""

from gameapp.core.ruleset import register_ruleset
from gameapp.core.rulesets.strategic.ruleset import STRATEGIC

register_ruleset(STRATEGIC)

__all__ = ["STRATEGIC"]
