"""Windows open inside the screen: a window asks for its size, and gets at most what the screen
(the one its parent is on, else the primary) has room for, placed within it."""

from __future__ import annotations

from PySide6.QtCore import QRect
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget

ROOM = 0.92  # of the screen's free area a window may take: its frame and the taskbar fit too


def room_for(widget: QWidget) -> QRect:
    """The free area of the screen `widget` (or its parent) is on."""
    anchor = widget.parentWidget() or widget
    screen = anchor.screen() if anchor.isVisible() else None
    screen = screen or QGuiApplication.primaryScreen()
    return screen.availableGeometry()


def open_inside_screen(widget: QWidget, width: int, height: int) -> None:
    """Size `widget` to `width` x `height`, or less where the screen is smaller, and place it
    within the screen (centred on its parent when it has one)."""
    room = room_for(widget)
    w = min(width, round(room.width() * ROOM))
    h = min(height, round(room.height() * ROOM))
    widget.resize(w, h)
    parent = widget.parentWidget()
    centre = parent.frameGeometry().center() if parent is not None and parent.isVisible() \
        else room.center()
    x = min(max(room.left(), centre.x() - w // 2), room.right() - w)
    y = min(max(room.top(), centre.y() - h // 2), room.bottom() - h)
    widget.move(x, y)
