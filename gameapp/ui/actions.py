"""The one registry of user actions. Menus, toolbars, context menus and keyboard shortcuts are all
generated from `ACTIONS` (the window's and the game's own entries) followed by the entries of the
ruleset being played (its `RulesetUI.commands()`: unit commands, its views; gameapp/ui/rulesets).
Each entry names the object that handles it (`target`: the main window, the game controller, or
a target the ruleset's UI supplies) and the method called, with `args`.

Entries aimed at the game are enabled only when the engine would accept them now; the target's
`availability` says so, with the cost or the reason and rule for the tooltip.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QIcon, QKeySequence
from PySide6.QtWidgets import QMenu, QMenuBar, QToolBar, QWidget

import gameapp.ui.resources_rc  # noqa: F401  (registers the :/icons resources)

Key = QKeySequence.StandardKey
WINDOW, GAME = "window", "game"  # targets (a ruleset's UI adds its own)
MAIN, UNIT = "main", "unit"  # toolbars
UNIT_MENU, BOARD_MENU = "unit", "board"  # context menus


@dataclass(frozen=True)
class ActionSpec:
    id: str
    text: str
    handler: str  # name of the target's method, called with `args`
    menu: str
    shortcuts: tuple[str | QKeySequence.StandardKey, ...] = ()
    icon: str = ""  # a resource path such as ":/icons/zoom-in.svg"
    toolbar: str = ""  # MAIN, UNIT or "" for none
    tip: str = ""
    separator_before: bool = False
    target: str = WINDOW
    args: tuple[Any, ...] = ()
    context: str = ""  # UNIT_MENU, BOARD_MENU or "" for none
    checkable: bool = False
    short: str = ""  # toolbar text when it differs from the menu's
    after: str = ""  # a ruleset's entry: placed after this entry's id (default: at the end)

    @property
    def label(self) -> str:
        return plain_text(self.text).rstrip("…")


def plain_text(text: str) -> str:
    """A menu text without its mnemonic marks ("&&" is a plain "&")."""
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&")


ACTIONS: tuple[ActionSpec, ...] = (
    ActionSpec("new_game", "&New game…", "new_game_dialog", "&File", (Key.New,),
               tip="Choose a scenario, the players and the optional rules"),
    ActionSpec("open", "&Open scenario…", "open_scenario_dialog", "&File", (Key.Open,),
               ":/icons/open.svg", MAIN, "Open a scenario file"),
    ActionSpec("open_game", "Open saved &game…", "open_game_dialog", "&File", ("Ctrl+Shift+O",),
               tip="Open a saved game (it is replayed to where it was saved)"),
    ActionSpec("save", "&Save", "save_game", "&File", (Key.Save,), separator_before=True,
               tip="Save the game to its file"),
    ActionSpec("save_as", "Save &as…", "save_game_as", "&File", ("Ctrl+Shift+S",),
               tip="Save the game to a new file"),
    ActionSpec("replay", "&Replay…", "open_replay_dialog", "&File", ("Ctrl+Shift+R",),
               separator_before=True, tip="Step through a saved game like a VCR"),
    ActionSpec("replay_game", "Replay &this game", "replay_game", "&File",
               tip="Step through the game so far, from the other side's last turn"),
    ActionSpec("start_screen", "&Start screen", "show_start_screen", "&File", ("Ctrl+Home",),
               ":/icons/start.svg", MAIN, "Back to the list of scenarios"),
    ActionSpec("quit", "&Quit", "close", "&File", ("Ctrl+Q",), separator_before=True),
    ActionSpec("undo", "&Undo", "undo", "&Edit", ("Ctrl+Z",), ":/icons/undo.svg", MAIN,
               "Take back the last action", True, GAME, context=BOARD_MENU),
    ActionSpec("redo", "&Redo", "redo", "&Edit", ("Ctrl+Shift+Z", "Ctrl+Y"), ":/icons/redo.svg",
               MAIN, "Do again the action taken back", target=GAME, context=BOARD_MENU),
    ActionSpec("clear_selection", "&Clear selection", "clear_selection", "&Edit", ("Esc",),
               separator_before=True, target=GAME, context=BOARD_MENU),
    ActionSpec("zoom_in", "Zoom &in", "zoom_in", "&View", (Key.ZoomIn,), ":/icons/zoom-in.svg",
               MAIN, "Zoom in (also + and the mouse wheel)", True),
    ActionSpec("zoom_out", "Zoom &out", "zoom_out", "&View", (Key.ZoomOut,),
               ":/icons/zoom-out.svg", MAIN, "Zoom out (also - and the mouse wheel)"),
    ActionSpec("fit", "&Fit to window", "fit", "&View", ("F",), ":/icons/fit.svg", MAIN,
               "Show the whole map"),
    ActionSpec("rotate_left", "Rotate &left", "rotate_left", "&View", ("[",),
               ":/icons/rotate-left.svg", MAIN, "Turn the map 90° anticlockwise", True),
    ActionSpec("rotate_right", "Rotate &right", "rotate_right", "&View", ("]",),
               ":/icons/rotate-right.svg", MAIN, "Turn the map 90° clockwise"),
    ActionSpec("end_phase", "&End phase", "end_phase", "&Game", ("Ctrl+E",),
               ":/icons/end-phase.svg", tip="End this phase and go on to the next",
               target=GAME, context=BOARD_MENU),
    ActionSpec("result", "&Result…", "show_result", "&Game", separator_before=True,
               tip="The score so far: points, losses, and the chart turn by turn"),
    ActionSpec("how_to_play", "&How to play", "show_how_to_play", "&Help", (Key.HelpContents,),
               tip="A short guide: starting a game, a turn, reading the board"),
    ActionSpec("rules_reference", "&Rules reference", "show_rules_reference", "&Help",
               ("Shift+F1",), tip="The rules as this program plays them, with their numbers"),
    ActionSpec("shortcuts", "&Keyboard shortcuts", "show_shortcuts", "&Help", ("Ctrl+F1",),
               tip="Every key and what the mouse does on the board"),
    ActionSpec("about", "&About Rally && Charge", "show_about", "&Help", separator_before=True,
               tip="Versions and licences"),
)  # fmt: skip


def build_actions(
    targets: Mapping[str, object], parent: QObject, specs: Iterable[ActionSpec] = ACTIONS
) -> dict[str, QAction]:
    """A QAction per spec, triggering `getattr(targets[spec.target], spec.handler)(*spec.args)`."""
    actions: dict[str, QAction] = {}
    for spec in specs:
        target = targets[spec.target]
        handler = getattr(target, spec.handler, None)
        if not callable(handler):
            raise AttributeError(
                f"action '{spec.id}': {type(target).__name__} has no method '{spec.handler}'"
            )
        action = QAction(spec.text, parent)
        action.setObjectName(spec.id)
        if spec.icon:
            action.setIcon(QIcon(spec.icon))
        if spec.short:
            action.setIconText(spec.short)
        keys = [QKeySequence(k) for k in spec.shortcuts]
        action.setShortcuts([k for k in keys if not k.isEmpty()])
        action.setCheckable(spec.checkable)
        set_detail(action, spec, "")
        action.triggered.connect(
            lambda _checked=False, call=handler, args=spec.args: call(*args)
        )
        actions[spec.id] = action
    return actions


def set_detail(action: QAction, spec: ActionSpec, detail: str) -> None:
    """Tooltip and status tip: what the entry does, its shortcut, then `detail` (the cost, or
    the reason and rule it is disabled)."""
    tip = spec.tip or spec.label
    shortcut = action.shortcut()
    if not shortcut.isEmpty():
        tip += f" ({shortcut.toString(QKeySequence.SequenceFormat.NativeText)})"
    if detail:
        tip += f": {detail}"
    action.setToolTip(tip)
    action.setStatusTip(tip)


def combined(specs: Iterable[ActionSpec], extra: Iterable[ActionSpec]) -> tuple[ActionSpec, ...]:
    """The registry with a ruleset's entries: each after the entry its `after` names, or at
    the end."""
    merged = list(specs)
    for spec in extra:
        ids = [s.id for s in merged]
        if spec.after in ids:
            at = ids.index(spec.after) + 1
            while at < len(merged) and merged[at].after == spec.after:
                at += 1  # after the entries placed there before it
            merged.insert(at, spec)
        else:
            merged.append(spec)
    return tuple(merged)


Placed = list[tuple[QWidget, QAction]]  # what populate added where, to take it out again


def populate(
    menubar: QMenuBar,
    toolbars: Mapping[str, QToolBar],
    actions: Mapping[str, QAction],
    specs: Iterable[ActionSpec] = ACTIONS,
) -> Placed:
    """Put each action in its menu (in registry order) and, if marked, on its toolbar. Menus
    and toolbars that already hold entries are added to: a spec with `after` goes after that
    entry. Returns what was added where (menus created included), for `unpopulate`."""
    menus: dict[str, QMenu] = {
        a.text(): m for a in menubar.actions() if isinstance(m := a.menu(), QMenu)
    }
    started = {name for name, bar in toolbars.items() if bar.actions()}
    placed: Placed = []
    for spec in specs:
        menu = menus.get(spec.menu)
        if menu is None:
            menu = menus[spec.menu] = menubar.addMenu(spec.menu)
            menu.setToolTipsVisible(True)  # a disabled entry's tooltip says why
            placed.append((menubar, menu.menuAction()))
        anchor = actions.get(spec.after) if spec.after else None
        if spec.separator_before:
            placed.append((menu, _insert(menu, _separator(menu), anchor)))
        if spec.toolbar:
            toolbar = toolbars[spec.toolbar]
            if spec.separator_before and spec.toolbar in started:
                placed.append((toolbar, _insert(toolbar, _separator(toolbar), anchor)))
            started.add(spec.toolbar)
            placed.append((toolbar, _insert(toolbar, actions[spec.id], anchor)))
        placed.append((menu, _insert(menu, actions[spec.id], anchor)))
    return placed


def unpopulate(placed: Placed) -> None:
    """Take out what `populate` added (a ruleset's entries, when another ruleset is played)."""
    for widget, action in reversed(placed):
        widget.removeAction(action)


def _separator(parent: QWidget) -> QAction:
    separator = QAction(parent)
    separator.setSeparator(True)
    return separator


def _insert(widget: QWidget, action: QAction, anchor: QAction | None) -> QAction:
    """Add `action` to `widget`, after `anchor` (and whatever was put after it before) when
    given and there, else at the end."""
    present = widget.actions()
    if anchor is None or anchor not in present:
        widget.addAction(action)
        return action
    at = present.index(anchor) + 1
    while at < len(present) and present[at].property("after") == anchor.objectName():
        at += 1
    action.setProperty("after", anchor.objectName())
    if at < len(present):
        widget.insertAction(present[at], action)
    else:
        widget.addAction(action)
    return action


def context_menu(
    kind: str,
    actions: Mapping[str, QAction],
    parent: QWidget,
    relevant: Mapping[str, bool] | None = None,
    specs: Iterable[ActionSpec] = ACTIONS,
) -> QMenu:
    """The entries of one context menu, in registry order; `relevant[id]` False leaves one out
    (an artillery battery's menu has no square)."""
    menu = QMenu(parent)
    menu.setToolTipsVisible(True)
    for spec in specs:
        if spec.context != kind or (relevant is not None and not relevant.get(spec.id, True)):
            continue
        if spec.separator_before and menu.actions():
            menu.addSeparator()
        menu.addAction(actions[spec.id])
    return menu
