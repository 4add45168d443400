"""The strategic ruleset (docs/strategic-rules.md): `STRATEGIC`, registered as `strategic`."""

from gameapp.core.rulesets.strategic.ruleset import STRATEGIC

__all__ = ["STRATEGIC"]
