"""gameapp.paths finds the shipped data the same way in a checkout, an installed wheel and the
frozen bundle, and puts the user's files in the platform's user folders."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from gameapp import paths
from gameapp.core.scenario import load_scenario
from gameapp.paths import DATA_KINDS, DataNotFoundError, Layout, locate_data

ROOT = Path(__file__).resolve().parent.parent


def _copy_data(into: Path) -> Path:
    """The shipped maps/, counters/ and scenarios/ copied under `into`."""
    for kind in DATA_KINDS:
        shutil.copytree(ROOT / kind, into / kind)
    return into


def test_a_checkout_reads_the_folders_beside_the_package() -> None:
    location = locate_data(ROOT / "gameapp")
    assert location.layout is Layout.CHECKOUT
    assert location.root == ROOT
    assert paths.scenarios_dir() == ROOT / "scenarios"
    assert paths.maps_dir() == ROOT / "maps" and paths.counters_dir() == ROOT / "counters"
    assert ROOT / "scenarios" / "demo.yaml" in paths.shipped_scenarios()


def test_a_wheel_install_reads_the_package_data(tmp_path: Path) -> None:
    site = tmp_path / "site-packages"
    package = site / "gameapp"
    _copy_data(package / "_data")
    (site / "scenarios").mkdir()  # a stray folder beside the package is not a checkout
    location = locate_data(package)
    assert location.layout is Layout.PACKAGE
    assert location.root == package / "_data"
    # the folders keep their layout, so a scenario's `map: ../maps/demo.yaml` still resolves
    scenario = load_scenario(location.dir("scenarios") / "demo.yaml")
    assert scenario.units


def test_the_frozen_bundle_reads_meipass(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bundle = tmp_path / "RallyAndCharge" / "_internal"
    _copy_data(bundle / "gameapp" / "_data")
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(bundle), raising=False)
    assert paths.bundle_dir() == bundle
    # even with the package itself elsewhere, the bundle wins
    location = locate_data(ROOT / "gameapp", paths.bundle_dir())
    assert location.layout is Layout.FROZEN
    assert location.dir("scenarios") == bundle / "gameapp" / "_data" / "scenarios"


def test_not_frozen_means_no_bundle(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delattr(sys, "frozen", raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", "/somewhere", raising=False)
    assert paths.bundle_dir() is None


def test_missing_data_names_every_place_looked_at(tmp_path: Path) -> None:
    package = tmp_path / "site-packages" / "gameapp"
    package.mkdir(parents=True)
    (package / "_data" / "maps").mkdir(parents=True)  # incomplete: no counters/, scenarios/
    with pytest.raises(DataNotFoundError) as caught:
        locate_data(package, bundle=tmp_path / "bundle")
    message = str(caught.value)
    assert str(package / "_data") in message and str(tmp_path / "bundle") in message


def test_unknown_data_folder_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown data folder"):
        paths.data_location().dir("saves")


def test_user_files_go_to_the_platforms_user_folders(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    if sys.platform != "linux":
        pytest.skip("the XDG variables steer platformdirs on Linux only")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    assert paths.saves_dir() == tmp_path / "data" / "RallyAndCharge" / "saves"
    assert paths.autosaves_dir() == tmp_path / "state" / "RallyAndCharge" / "autosaves"
    assert paths.preferences_dir() == tmp_path / "config" / "RallyAndCharge"
    made = paths.ensure_dir(paths.saves_dir())
    assert made.is_dir()


def test_user_folders_are_never_inside_the_installation() -> None:
    installation = [paths.PACKAGE_DIR, paths.data_location().root]
    for folder in (paths.saves_dir(), paths.autosaves_dir(), paths.preferences_dir()):
        for place in installation:
            assert not folder.resolve().is_relative_to(place.resolve()), (folder, place)


def test_paths_and_selftest_load_no_qt() -> None:
    """The self-test imports Qt only for its drawing step; paths never does."""
    script = (
        "import sys, gameapp.paths, gameapp.selftest\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('PySide6', 'shiboken6')))\n"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                            check=True, cwd=ROOT)
    assert result.stdout.strip() == "[]"
