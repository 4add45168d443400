"""The editor windows the editor's window tests share: a copy of the demo scenario, and the
editor on it, shown at zoom 1 with the unsaved-changes question switched off."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from gameapp.ui.editor import EditorWindow
from tests.editor.demo_files import copy_demo
from tests.editor.strategic_files import copy_strategic
from tests.ui.editor.editors import show_editor


@pytest.fixture
def demo(tmp_path: Path) -> Path:
    return copy_demo(tmp_path)


@pytest.fixture
def east(tmp_path: Path) -> Path:
    """A copy of East '62 in the test's folder."""
    return copy_strategic("east_1862", tmp_path)


@pytest.fixture
def window(qtbot: QtBot, demo: Path) -> Iterator[EditorWindow]:
    yield show_editor(qtbot, EditorWindow(demo))
