"""The rulesets the program ships, registered by importing this package
(`ruleset.ruleset_named` imports it before its first look-up)."""

from gameapp.core.ruleset import register_ruleset
from gameapp.core.rulesets.strategic import STRATEGIC
from gameapp.core.rulesets.tactical import TACTICAL

register_ruleset(TACTICAL)
register_ruleset(STRATEGIC)
