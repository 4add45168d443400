from __future__ import annotations

from pathlib import Path

import pytest

from .demo_files import copy_demo


@pytest.fixture
def demo_copy(tmp_path: Path) -> Path:
    return copy_demo(tmp_path)
