"""Pickets: a deliberately tiny second ruleset that lives only in the tests.

It shows that a game with rules of its own plugs into the engine, saves, replays, undoes, the
computer player's loop and the window by registering itself, with no edit to any of them.

Each side has a few pickets on a map. A turn is two steps, the first side's then the second's.
In its step a side may, once per picket, `advance PICKET HEX` to an empty neighbouring hex, or
`skirmish PICKET HEX` at an enemy picket next to it: one die, 5 or 6 drives the enemy picket
off the map. `halt` ends the step. After the last turn, the side with more pickets left
wins; rules are cited as "P1" (advance), "P2" (skirmish), "P3" (the end).
"""

from tests.rulesets.pickets.ruleset import PICKETS, Advance, Halt, PicketState, Skirmish

__all__ = ["PICKETS", "Advance", "Halt", "PicketState", "Skirmish"]
