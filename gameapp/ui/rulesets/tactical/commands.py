"""The tactical ruleset's entries in the menus, toolbars and context menus (the registry's format,
gameapp/ui/actions.py): Pass, the unit's formations, turns and cover, and the fire views."""

from __future__ import annotations

from gameapp.core.units import Formation
from gameapp.ui.actions import BOARD_MENU, MAIN, UNIT, UNIT_MENU, ActionSpec

FIRE, MOVES = "fire", "moves"  # the targets: the fire controller, the move controller


def _formation(id_: str, text: str, formation: Formation, short: str = "",
               separator: bool = False) -> ActionSpec:
    return ActionSpec(
        id_, text, "unit_command", "&Unit", toolbar=UNIT, target=MOVES,
        args=("formation", formation), context=UNIT_MENU, checkable=True, short=short,
        separator_before=separator,
    )  # fmt: skip


TACTICAL_COMMANDS: tuple[ActionSpec, ...] = (
    ActionSpec("pass", "&Pass", "pass_shot", "&Game", ("P",), ":/icons/pass.svg",
               tip="Fire no more this phase", target=FIRE, context=BOARD_MENU,
               after="end_phase"),
    _formation("formation_line", "&Line", Formation.LINE),
    _formation("formation_column", "&Column", Formation.COLUMN),
    _formation("formation_road_column", "&Road column", Formation.ROAD_COLUMN, "Road col."),
    _formation("formation_square", "S&quare", Formation.SQUARE),
    _formation("formation_general_order", "&General order", Formation.GENERAL_ORDER, "Gen. order"),
    _formation("formation_skirmish", "S&kirmish", Formation.SKIRMISH),
    _formation("limber", "Lim&ber", Formation.LIMBERED, separator=True),
    _formation("unlimber", "U&nlimber", Formation.UNLIMBERED),
    _formation("mount", "&Mount", Formation.MOUNTED, separator=True),
    _formation("dismount", "&Dismount", Formation.DISMOUNTED),
    ActionSpec("turn_left", "Turn &anticlockwise", "unit_command", "&Unit", (",",),
               toolbar=UNIT, tip="Turn one hexside anticlockwise", separator_before=True,
               target=MOVES, args=("turn", 1), context=UNIT_MENU, short="⟲ Turn"),
    ActionSpec("turn_right", "Turn c&lockwise", "unit_command", "&Unit", (".",),
               toolbar=UNIT, tip="Turn one hexside clockwise", target=MOVES, args=("turn", -1),
               context=UNIT_MENU, short="Turn ⟳"),
    ActionSpec("about_face", "About &face", "unit_command", "&Unit", ("/",), toolbar=UNIT,
               tip="Turn to face the opposite hexside", target=MOVES, args=("about_face",),
               context=UNIT_MENU),
    ActionSpec("cover", "In c&over", "unit_command", "&Unit", toolbar=UNIT,
               tip="Take cover, or leave it", separator_before=True, target=MOVES,
               args=("cover",), context=UNIT_MENU, checkable=True, short="Cover"),
    # the View menu's fire toggles, also on the toolbars after the unit's own commands
    ActionSpec("field_of_fire", "&Field of fire", "toggle_field", "&View", ("Shift+F",),
               ":/icons/field-of-fire.svg", UNIT, "Shade the selected unit's field of fire by "
               "range", True, FIRE, checkable=True),
    ActionSpec("exposure", "E&xposure", "toggle_exposure", "&View", ("Shift+X",),
               ":/icons/exposure.svg", UNIT, "Ring the hexes from which enemy units can fire "
               "at the selected unit", target=FIRE, checkable=True),
    ActionSpec("los_tool", "Line of &sight tool", "toggle_los_tool", "&View", ("L",),
               ":/icons/line-of-sight.svg", MAIN, "Drag from one hex to another to check the "
               "line of sight", True, FIRE, checkable=True, short="Line of sight"),
)  # fmt: skip

FIRE_COMMANDS = tuple(s for s in TACTICAL_COMMANDS if s.target == FIRE)
