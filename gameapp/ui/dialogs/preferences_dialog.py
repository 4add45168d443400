"""Edit > Preferences: how the computer's turn plays out (pace.py), how many autosaves to keep
(session.py), whether counters keep their words upright, and whether you pick among equally good
retreat and rout paths yourself (settings.py). All are stored in QSettings when the dialog is
accepted."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QSpinBox,
    QWidget,
)

from gameapp.ui import settings
from gameapp.ui.pace import Pace, save_pace, saved_pace
from gameapp.ui.session import autosave_keep, set_autosave_keep


class PreferencesDialog(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Preferences")
        self.pace = QComboBox()
        for pace in Pace:
            self.pace.addItem(pace.label, pace.value)
        self.pace.setCurrentIndex(self.pace.findData(saved_pace().value))
        self.pace.setToolTip("Instant shows the computer's actions at once; the others animate "
                             "each move along its path and show each shot's line of fire")
        self.keep = QSpinBox()
        self.keep.setRange(1, 99)
        self.keep.setValue(autosave_keep())
        self.keep.setToolTip("Autosaves older than these are removed")
        self.pick_paths = QCheckBox("Let me pick among equally good retreat and rout paths")
        self.pick_paths.setChecked(settings.pick_paths())
        self.pick_paths.setToolTip("The rules leave the owner the choice (000 15.4); unticked, "
                                   "your units take the first of the equally good paths")
        self.upright = QCheckBox("Keep counter text upright (an arrow shows the facing)")
        self.upright.setChecked(settings.upright_counters())
        self.upright.setToolTip("Unticked, each counter is turned to face the way its unit "
                                "faces, its front band toward the enemy")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form = QFormLayout(self)
        form.addRow("Computer moves:", self.pace)
        form.addRow("Autosaves to keep:", self.keep)
        form.addRow(self.upright)
        form.addRow(self.pick_paths)
        form.addRow(buttons)

    def chosen_pace(self) -> Pace:
        return Pace(str(self.pace.currentData()))

    def accept(self) -> None:
        save_pace(self.chosen_pace())
        set_autosave_keep(self.keep.value())
        settings.set_pick_paths(self.pick_paths.isChecked())
        settings.set_upright_counters(self.upright.isChecked())
        super().accept()
