from __future__ import annotations

from pathlib import Path

import pytest

from gameapp.editor.strategic_doc import StrategicScenarioDocument

from .demo_files import copy_demo
from .strategic_files import copy_strategic


@pytest.fixture
def demo_copy(tmp_path: Path) -> Path:
    return copy_demo(tmp_path)


@pytest.fixture
def east(tmp_path: Path) -> StrategicScenarioDocument:
    """A copy of East '62 opened in the strategic editor's document."""
    return StrategicScenarioDocument.load(copy_strategic("east_1862", tmp_path))
