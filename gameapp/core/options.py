"""A scenario's rules options: every default in one place, read through one typed view.

A scenario's `options:` map (checked by the scenario schema) switches rules on; what it leaves out
takes the default below. `Scenario.options` already holds the merged map, but rule code reads it
through `RuleOptions.of(options)`, never with `options.get(name, default)`, so a default lives
here only. The line-of-sight conventions (`los`) are not here: the scenario keeps them apart, as
`Scenario.los_conventions`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass

OptionValue = str | bool | int
OptionMap = Mapping[str, OptionValue]


FLAT_8_WHOLE_GUNS = "flat_8_whole_guns"


@dataclass(frozen=True)
class RuleOptions:
    """The options the rules read, each with its default (docs/file-formats.md lists them)."""

    stacking: str = "tec_sl"  # tec_sl: 001's SL column; flat_8: 000 6.1
    artillery_three_quarters: bool = True  # 000 6.1a under flat_8 ("optional but suggested")
    movement_allowances: str = "sharpsburg"  # which column of the movement allowances
    retreat: str = "ss15_4"  # retreat paths: ss15_4 (000 15.4) or g88 (002 15)
    engagement: bool = False  # 000 13.6
    disengagement_fire: bool = False  # 000 15.4 / 13.7: fire at units routing past the enemy
    historical_events: bool = False  # play the special rules marked optional
    broken_track_return: str = "never"  # how units on the Broken Track come back
    g88_zoc: bool = False  # 002 1, 3, 8: fronts as zones of control that do not lock
    drm_cap: bool = False  # 002 14: a fire roll is modified by at most 10
    off_map_not_eliminated: bool = False  # 002 29: Broken Box 1 scores only the SPs lost
    generals_hold: bool = False  # 002 31: a lone leader holds a victory hex
    general_entry_bonus: bool = False  # 002 4: a general on the entry hex speeds arrivals
    bridges_by_road: bool = False  # 003 3.0a: a bridge is crossed only by road movement
    artillery_retreats_limbered: bool = False  # 003 6.3f: no unlimbering after a retreat
    opening_volley: bool = False  # 003 5.4, 7.2d: the charged units fire as a charge goes in
    closing_rolls: bool = False  # 003 3.5: a roll to close before a charge is declared
    artillery_duels: bool = False  # 002 19-28: double-range artillery as guns dueling

    @classmethod
    def of(cls, options: OptionMap) -> RuleOptions:
        """The typed view of a scenario's options map (unknown keys, such as `los`, ignored).

        Rules ask for it in their inner loops, so the view of a map is kept while the map (the
        same object, with the same contents) is asked about again."""
        seen = _SEEN.get(id(options))
        if seen is not None and seen[0] is options and seen[1] == options:
            return seen[2]
        view = _read(options)
        if len(_SEEN) >= 32:
            _SEEN.clear()
        _SEEN[id(options)] = (options, dict(options), view)
        return view

    @property
    def stacking_rule(self) -> str:
        """The stacking limits the rules check: the `stacking` option, with `flat_8` split by
        000 6.1a into `flat_8` (guns at 0.75) and `flat_8_whole_guns` (guns as printed)."""
        if self.stacking == "flat_8" and not self.artillery_three_quarters:
            return FLAT_8_WHOLE_GUNS
        return self.stacking

    def as_dict(self) -> dict[str, OptionValue]:
        return asdict(self)


def _read(options: OptionMap) -> RuleOptions:
    d = RuleOptions()

    def text(name: str, default: str) -> str:
        return str(options.get(name, default))

    def flag(name: str, default: bool) -> bool:
        return bool(options.get(name, default))

    return RuleOptions(
        stacking=text("stacking", d.stacking),
        artillery_three_quarters=flag("artillery_three_quarters", d.artillery_three_quarters),
        movement_allowances=text("movement_allowances", d.movement_allowances),
        retreat=text("retreat", d.retreat),
        engagement=flag("engagement", d.engagement),
        disengagement_fire=flag("disengagement_fire", d.disengagement_fire),
        historical_events=flag("historical_events", d.historical_events),
        broken_track_return=text("broken_track_return", d.broken_track_return),
        g88_zoc=flag("g88_zoc", d.g88_zoc),
        drm_cap=flag("drm_cap", d.drm_cap),
        off_map_not_eliminated=flag("off_map_not_eliminated", d.off_map_not_eliminated),
        generals_hold=flag("generals_hold", d.generals_hold),
        general_entry_bonus=flag("general_entry_bonus", d.general_entry_bonus),
        bridges_by_road=flag("bridges_by_road", d.bridges_by_road),
        artillery_retreats_limbered=flag("artillery_retreats_limbered",
                                         d.artillery_retreats_limbered),
        opening_volley=flag("opening_volley", d.opening_volley),
        closing_rolls=flag("closing_rolls", d.closing_rolls),
        artillery_duels=flag("artillery_duels", d.artillery_duels),
    )


# id(map) -> (the map, a copy of its contents, its view); the map is kept so its id stays its own
_SEEN: dict[int, tuple[OptionMap, dict[str, OptionValue], RuleOptions]] = {}


DEFAULT_OPTIONS: dict[str, OptionValue] = RuleOptions().as_dict()
