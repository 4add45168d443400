"""A window that shows a theatre map: zoom with the wheel, pan by dragging, and the status bar
says what lies in the hex under the mouse (`gameapp view MAP`)."""

from __future__ import annotations

from PySide6.QtWidgets import QMainWindow, QWidget

from gameapp.core.theatre.theatremap import TheatreMap
from gameapp.ui.board.theatre_scene import TheatreScene, TheatreView
from gameapp.ui.screen_fit import open_inside_screen


class TheatreWindow(QMainWindow):
    def __init__(self, theatre: TheatreMap, year: int | None = None, borders: str = "1861",
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"{theatre.name} - Rally & Charge")
        self.scene = TheatreScene(theatre, year, borders, progressive=True)
        self.view = TheatreView(self.scene, self)
        self.setCentralWidget(self.view)
        self.view.hover_text_changed.connect(self.statusBar().showMessage)
        open_inside_screen(self, 1400, 900)


def run_theatre_window(theatre: TheatreMap, year: int | None, borders: str) -> int:
    from gameapp.ui.render import ensure_application

    app = ensure_application()
    window = TheatreWindow(theatre, year, borders)
    window.show()
    return app.exec()
