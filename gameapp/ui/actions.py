"""The one registry of user actions. Menus, the toolbar and keyboard shortcuts are all generated
from `ACTIONS`; each entry names the method of the target (the main window) that handles it."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QIcon, QKeySequence
from PySide6.QtWidgets import QMenu, QMenuBar, QToolBar

import gameapp.ui.resources_rc  # noqa: F401  (registers the :/icons resources)

Key = QKeySequence.StandardKey


@dataclass(frozen=True)
class ActionSpec:
    id: str
    text: str
    handler: str  # name of the target's method, called with no arguments
    menu: str
    shortcuts: tuple[str | QKeySequence.StandardKey, ...] = ()
    icon: str = ""  # a resource path such as ":/icons/zoom-in.svg"
    toolbar: bool = False
    tip: str = ""
    separator_before: bool = False


ACTIONS: tuple[ActionSpec, ...] = (
    ActionSpec(
        "open",
        "&Open scenario…",
        "open_scenario_dialog",
        "&File",
        (Key.Open,),
        ":/icons/open.svg",
        True,
        "Open a scenario file",
    ),
    ActionSpec(
        "start_screen",
        "&Start screen",
        "show_start_screen",
        "&File",
        ("Ctrl+Home",),
        ":/icons/start.svg",
        True,
        "Back to the list of scenarios",
    ),
    ActionSpec("quit", "&Quit", "close", "&File", ("Ctrl+Q",), separator_before=True),
    ActionSpec(
        "zoom_in",
        "Zoom &in",
        "zoom_in",
        "&View",
        (Key.ZoomIn,),
        ":/icons/zoom-in.svg",
        True,
        "Zoom in (also + and the mouse wheel)",
    ),
    ActionSpec(
        "zoom_out",
        "Zoom &out",
        "zoom_out",
        "&View",
        (Key.ZoomOut,),
        ":/icons/zoom-out.svg",
        True,
        "Zoom out (also - and the mouse wheel)",
    ),
    ActionSpec(
        "fit",
        "&Fit to window",
        "fit",
        "&View",
        ("F",),
        ":/icons/fit.svg",
        True,
        "Show the whole map",
    ),
    ActionSpec(
        "rotate_left",
        "Rotate &left",
        "rotate_left",
        "&View",
        ("[",),
        ":/icons/rotate-left.svg",
        True,
        "Turn the map 90° anticlockwise",
        separator_before=True,
    ),
    ActionSpec(
        "rotate_right",
        "Rotate &right",
        "rotate_right",
        "&View",
        ("]",),
        ":/icons/rotate-right.svg",
        True,
        "Turn the map 90° clockwise",
    ),
)


def build_actions(
    target: object, parent: QObject, specs: Iterable[ActionSpec] = ACTIONS
) -> dict[str, QAction]:
    """A QAction per spec, triggering `getattr(target, spec.handler)()`."""
    actions: dict[str, QAction] = {}
    for spec in specs:
        handler = getattr(target, spec.handler, None)
        if not callable(handler):
            raise AttributeError(
                f"action '{spec.id}': {type(target).__name__} has no method '{spec.handler}'"
            )
        action = QAction(spec.text, parent)
        action.setObjectName(spec.id)
        if spec.icon:
            action.setIcon(QIcon(spec.icon))
        keys = [QKeySequence(k) for k in spec.shortcuts]
        keys = [k for k in keys if not k.isEmpty()]
        action.setShortcuts(keys)
        tip = spec.tip or spec.text.replace("&", "").rstrip("…")
        if keys:
            tip += f" ({keys[0].toString(QKeySequence.SequenceFormat.NativeText)})"
        action.setToolTip(tip)
        action.setStatusTip(tip)
        action.triggered.connect(lambda _checked=False, call=handler: call())
        actions[spec.id] = action
    return actions


def populate(
    menubar: QMenuBar,
    toolbar: QToolBar,
    actions: dict[str, QAction],
    specs: Iterable[ActionSpec] = ACTIONS,
) -> None:
    """Put each action in its menu (in registry order) and, if marked, on the toolbar."""
    menus: dict[str, QMenu] = {}
    for spec in specs:
        menu = menus.get(spec.menu)
        if menu is None:
            menu = menus[spec.menu] = menubar.addMenu(spec.menu)
        if spec.separator_before:
            menu.addSeparator()
            if spec.toolbar:
                toolbar.addSeparator()
        menu.addAction(actions[spec.id])
        if spec.toolbar:
            toolbar.addAction(actions[spec.id])
