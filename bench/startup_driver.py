"""The child process of bench/startup.py: runs `gameapp` (with the arguments given) or a bare
QMainWindow, and prints the wall-clock time (and the process's CPU time, which a busy machine
disturbs less) once the first frame has been painted, and then once
the window is complete (its menus filled: the start screen's frame comes before the rest of the
window is built), then quits.

    python bench/startup_driver.py bare | gameapp [ARGS...]

The first frame is the first paint of a list's viewport (the start screen's scenario list) or of
a graphics view's viewport (the board), or for the bare window of its central widget, seen by an
event filter on the application; the time is taken on the next turn of the event loop, once that
paint has run. The driver makes the QApplication before `gameapp` does (the program takes the
running one), so it needs nothing inside the program and measures any checkout the same way.
"""

from __future__ import annotations

import sys
import time

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QGraphicsView, QLabel, QListWidget, QMainWindow


class FirstFrame(QObject):
    def __init__(self, wanted: tuple[type, ...]) -> None:
        super().__init__()
        self.wanted = wanted
        self.seen = False

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (not self.seen and event.type() == QEvent.Type.Paint
                and isinstance(watched.parent(), self.wanted)):
            self.seen = True
            QTimer.singleShot(0, self.report)  # after this paint has run
        return False

    def report(self) -> None:
        print(f"first-frame {time.time():.6f} {time.process_time():.6f}", flush=True)
        self.poll = QTimer()
        self.poll.timeout.connect(self.complete)
        self.poll.start(2)
        self.complete()

    def complete(self) -> None:
        """The window is complete once its menu bar has menus (a bare window at once)."""
        windows = [w for w in QApplication.topLevelWidgets() if isinstance(w, QMainWindow)]
        if any(w.menuBar().actions() or w.centralWidget().__class__ is QLabel
               for w in windows):
            self.poll.stop()
            print(f"complete {time.time():.6f}", flush=True)
            QApplication.quit()


def main() -> int:
    what, arguments = sys.argv[1], sys.argv[2:]
    app = QApplication(sys.argv[:1])
    if what == "bare":
        probe = FirstFrame((QMainWindow,))
        app.installEventFilter(probe)
        window = QMainWindow()
        window.setCentralWidget(QLabel("bare"))
        window.resize(1400, 900)
        window.show()
        return app.exec()
    probe = FirstFrame((QListWidget, QGraphicsView))
    app.installEventFilter(probe)
    from gameapp.cli import main as gameapp_main

    return gameapp_main(arguments)


if __name__ == "__main__":
    sys.exit(main())
