"""The words the new-game dialog (and anything else that shows a game's options) gives each
optional rule and each of its values: "Stonewall's Sword 15.4 retreat priorities", not `ss15_4`.

This is the one place these labels live. A new option adds its entry to OPTION_LABELS and, if it
has named values, to VALUE_LABELS; an option or value without one falls back to its schema words
(see `value_label`), never to a bare code. tests/present/test_option_labels.py checks every option
the scenario schema allows has a label. Pure Python: no Qt.
"""

from __future__ import annotations

from collections.abc import Mapping

OPTION_LABELS: dict[str, str] = {
    "stacking": "Stacking limits",
    "artillery_three_quarters": "Guns count ¾ SP for stacking (6.1a)",
    "movement_allowances": "Movement allowances",
    "retreat": "Retreat paths",
    "engagement": "Engagement (Stonewall's Sword 13.6)",
    "disengagement_fire": "Fire at routers leaving contact (disengagement fire)",
    "los": "Line-of-sight conventions (Line of Battle)",
    "historical_events": "The scenario's optional historical events",
    "broken_track_return": "Units on the Broken Track return",
    "g88_zoc": "Gettysburg '88 zones of control (1, 3, 8)",
    "drm_cap": "Fire modifiers capped at 10 either way (Gettysburg '88 14)",
    "off_map_not_eliminated": "Units routed off their edge are not eliminated (Gettysburg '88 29)",
    "generals_hold": "A general alone holds a victory hex (Gettysburg '88 31)",
    "general_entry_bonus": "One more hex for units entering with their general (Gettysburg '88 4)",
    "artillery_duels": "Artillery duels at double range (Gettysburg '88 19-28)",
    "bridges_by_road": "Bridges crossed only by road movement (Line of Battle 3.0a)",
    "artillery_retreats_limbered": "Routed batteries end limbered (Line of Battle 6.3f)",
    "opening_volley": "The charged units' opening volley (Line of Battle 5.4)",
    "closing_rolls": "A closing roll before each charge (Line of Battle 3.5)",
}

VALUE_LABELS: dict[str, dict[str, str]] = {
    "stacking": {
        "tec_sl": "Terrain chart's SL column",
        "flat_8": "At most 8 SPs a hex (Stonewall's Sword 6.1)",
    },
    "movement_allowances": {
        "sharpsburg": "Sharpsburg column",
        "r_to_w": "Road to Washington column",
    },
    "retreat": {
        "ss15_4": "Stonewall's Sword 15.4 retreat priorities",
        "g88": "Gettysburg '88 four-step retreat (15)",
    },
    "broken_track_return": {"never": "Never"},
    "los": {
        "highest_point": "Firer and target on the highest point of their hexes",
        "short_range_obstacles": "Every obstacle blocks at 4 hexes or less",
        "woods_add_to_crests": "Woods and orchards add to crests",
        "same_hill": "On the same hill, the hill blocks only above both ends (4.2c)",
        "orchard_endpoints": "Orchards do not block with one end in an orchard",
        "short_range_units_block": "Units block at 4 hexes or less",
        "long_artillery_over_units": "Artillery at 5 hexes or more fires over units",
    },
}


def option_label(name: str) -> str:
    """An option's name for players: its label, else its name in words."""
    return OPTION_LABELS.get(name) or _words(name)


def value_label(name: str, value: str, schema_help: Mapping[str, str] | None = None) -> str:
    """One value of option `name` for players: its label, else the schema's words for it
    (capitalised), else the value in words."""
    label = VALUE_LABELS.get(name, {}).get(value)
    if label:
        return label
    help_ = (schema_help or {}).get(value, "")
    return help_[:1].upper() + help_[1:] if help_ else _words(value)


def _words(code: str) -> str:
    text = code.replace("_", " ")
    return text[:1].upper() + text[1:]
