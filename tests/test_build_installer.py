"""build_installer.py's decisions, checked without running PyInstaller (too slow for every run;
`python build_installer.py --smoke` is the full check, see the README)."""

from __future__ import annotations

import re
import stat
from pathlib import Path

import pytest

import build_installer as bi

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize(("dest", "platform", "kept"), [
    ("PySide6/Qt/plugins/platforms/libqxcb.so", bi.LINUX, True),
    ("PySide6/Qt/plugins/platforms/libqoffscreen.so", bi.LINUX, True),
    ("PySide6/Qt/plugins/platforms/libqwayland.so", bi.LINUX, False),
    ("PySide6/Qt/plugins/imageformats/libqsvg.so", bi.LINUX, True),
    ("PySide6/Qt/plugins/imageformats/libqjpeg.so", bi.LINUX, False),
    ("PySide6/Qt/plugins/xcbglintegrations/libqxcb-glx-integration.so", bi.LINUX, True),
    ("PySide6/Qt/plugins/platformthemes/libqgtk3.so", bi.LINUX, False),
    ("PySide6/plugins/platforms/qwindows.dll", bi.WINDOWS, True),
    ("PySide6\\plugins\\imageformats\\qsvg.dll", bi.WINDOWS, True),
    ("PySide6/plugins/imageformats/qgif.dll", bi.WINDOWS, False),
    ("PySide6/Qt/plugins/platforms/libqcocoa.dylib", bi.MACOS, True),
    ("PySide6/Qt/lib/libQt6Core.so.6", bi.LINUX, None),
    ("numpy/_core/_multiarray_umath.cpython-311-x86_64-linux-gnu.so", bi.LINUX, None),
])
def test_only_the_plugins_the_program_uses_are_kept(dest: str, platform: str,
                                                    kept: bool | None) -> None:
    assert bi.plugin_kept(dest, platform) is kept


def test_a_library_goes_only_when_nothing_kept_needs_it() -> None:
    entries = [
        ("PySide6/QtGui.abi3.so", "/s/QtGui.abi3.so", "EXTENSION"),
        ("PySide6/Qt/lib/libQt6Gui.so.6", "/s/libQt6Gui.so.6", "BINARY"),
        ("PySide6/Qt/plugins/platforms/libqwayland.so", "/s/libqwayland.so", "BINARY"),
        ("PySide6/Qt/lib/libQt6WaylandClient.so.6", "/s/libQt6WaylandClient.so.6", "BINARY"),
        ("libwayland-client.so.0", "/usr/lib/libwayland-client.so.0", "BINARY"),
        ("libpython3.11.so.1.0", "/usr/lib/libpython3.11.so.1.0", "BINARY"),
        ("libQt6WaylandClient.so.6", "PySide6/Qt/lib/libQt6WaylandClient.so.6", "SYMLINK"),
    ]
    links = {
        "/s/QtGui.abi3.so": ["/s/libQt6Gui.so.6"],
        "/s/libqwayland.so": ["/s/libQt6WaylandClient.so.6", "/s/libQt6Gui.so.6",
                              "/usr/lib/libpython3.11.so.1.0"],
        "/s/libQt6WaylandClient.so.6": ["/usr/lib/libwayland-client.so.0"],
    }
    dropped = {"PySide6/Qt/plugins/platforms/libqwayland.so"}
    gone = bi.unreachable(entries, dropped, lambda src: links.get(src, []))
    # libQt6Gui stays (QtGui needs it); libpython always stays (the bootloader loads it)
    assert gone == {"PySide6/Qt/lib/libQt6WaylandClient.so.6", "libwayland-client.so.0"}
    assert bi.symlinks_to(entries, gone) == {"libQt6WaylandClient.so.6"}


def test_the_bundle_gets_every_data_file_the_wheel_gets() -> None:
    files = {(Path(src).relative_to(ROOT).as_posix(), dest) for src, dest in bi.data_files()}
    assert ("scenarios/demo.yaml", "gameapp/_data/scenarios") in files
    assert ("maps/demo.yaml", "gameapp/_data/maps") in files
    assert ("counters/demo.yaml", "gameapp/_data/counters") in files
    assert ("gameapp/core/schemas/scenario.schema.json", "gameapp/core/schemas") in files
    assert ("gameapp/core/rules/data/movement.yaml", "gameapp/core/rules/data") in files
    # the map compiler's sources, which the compiled maps' key hashes (core/mapcache.py)
    assert ("gameapp/core/mapcompile.py", "gameapp/core") in files
    assert ("gameapp/core/schemas/map.schema.json", "gameapp/core/schemas") in files


def test_every_gameapp_module_is_a_hidden_import() -> None:
    names = bi.hidden_imports()
    assert {"gameapp", "gameapp.cli", "gameapp.selftest", "gameapp.ui.resources_rc",
            "gameapp.ai.random_player", "gameapp.core.rules.movement"} <= set(names)
    assert not any(n.endswith("__main__") for n in names)


def test_no_qt_module_the_program_imports_is_excluded() -> None:
    """A guard for the day someone starts using QtSvg or QtPrintSupport: add it here too."""
    pattern = re.compile(r"^\s*(?:from|import)\s+(PySide6\.\w+)", re.MULTILINE)
    used = {m for path in (ROOT / "gameapp").rglob("*.py")
            for m in pattern.findall(path.read_text(encoding="utf-8"))}
    assert {"PySide6.QtCore", "PySide6.QtGui", "PySide6.QtWidgets"} <= used
    assert not used & set(bi.EXCLUDED_MODULES)


@pytest.mark.parametrize("suffix", [".tar.gz", ".zip"])
def test_the_archive_unpacks_to_the_same_folder(tmp_path: Path, suffix: str) -> None:
    folder = tmp_path / "RallyAndCharge"
    (folder / "_internal" / "data").mkdir(parents=True)
    program = folder / "RallyAndCharge"
    program.write_text("#!/bin/sh\n")
    program.chmod(0o755)
    (folder / "_internal" / "data" / "a.yaml").write_text("a: 1\n")
    (folder / "_internal" / "link.yaml").symlink_to("data/a.yaml")
    archive = tmp_path / f"out{suffix}"
    bi.make_archive(folder, archive)
    into = tmp_path / "unpacked"
    bi.unpack(archive, into)
    copy = into / "RallyAndCharge"
    assert (copy / "_internal" / "data" / "a.yaml").read_text() == "a: 1\n"
    assert stat.S_IMODE((copy / "RallyAndCharge").stat().st_mode) & 0o111
    assert (copy / "_internal" / "link.yaml").is_symlink()
    assert (copy / "_internal" / "link.yaml").read_text() == "a: 1\n"


def test_the_desktop_entry_names_the_program_and_the_icon() -> None:
    entry = (ROOT / "packaging" / f"{bi.DESKTOP_ID}.desktop").read_text()
    lines = entry.splitlines()
    assert lines[0] == "[Desktop Entry]"
    fields = dict(line.split("=", 1) for line in lines[1:] if "=" in line)
    assert fields["Exec"] == bi.APP and fields["Icon"] == bi.DESKTOP_ID
    assert fields["Type"] == "Application" and fields["Name"] == bi.DISPLAY_NAME
    script = ROOT / "packaging" / "install-desktop-entry.sh"
    assert script.stat().st_mode & stat.S_IXUSR
