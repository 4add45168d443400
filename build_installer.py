#!/usr/bin/env python3
"""Build the desktop distribution of Rally & Charge with PyInstaller.

    .venv/bin/pip install -e ".[installer]"         # PyInstaller and build, once
    .venv/bin/python build_installer.py             # bundle + archive in dist/
    .venv/bin/python build_installer.py --smoke     # and run the unpacked archive's self-test

It makes, in `dist/` (or `--dist DIR`):
- `RallyAndCharge/`: a one-folder bundle: the program, the Qt plugins it uses, the compiled
  resources, the data (maps/, counters/, scenarios/ as gameapp/_data/, where gameapp.paths looks;
  the maps compiled first, into maps/compiled/, as `gameapp compile-maps` does at an install),
  the JSON schemas and the rules' tables; on Linux also a .desktop file, the icon (icons/app.svg
  drawn to a PNG by Qt at build time) and install-desktop-entry.sh; on macOS `RallyAndCharge.app`;
- `RallyAndCharge-<version>-<platform>-<machine>.tar.gz` on Linux, `.zip` elsewhere.

Lean: unused Qt modules are excluded, only the Qt plugins the program needs are kept (KEEP_PLUGINS),
and then every library that only a dropped plugin needed goes too; Qt's translations are left out
(the program does not load them). It prints the build time, the bundle size and the archive size.

`--smoke` unpacks the archive into a temporary folder and runs its `--self-test` with
QT_QPA_PLATFORM=offscreen (and, on Linux with xvfb-run available, with the xcb platform too).

Linux is built and tested; the Windows and macOS paths are written with care but untested.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import platform
import posixpath
import re
import shutil
import stat
import subprocess
import sys
import tarfile
import tempfile
import time
import tomllib
import zipfile
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent
APP = "RallyAndCharge"  # the program's and the bundle's name: no spaces, no '&'
DISPLAY_NAME = "Rally & Charge"
DESKTOP_ID = "rally-and-charge"  # the .desktop file's and the icon's name on Linux
BUNDLE_ID = "org.rallyandcharge.RallyAndCharge"  # macOS
ICON_SVG = ROOT / "icons" / "app.svg"
PACKAGING = ROOT / "packaging"

LINUX, WINDOWS, MACOS = "linux", "windows", "macos"

# Qt plugins kept in the bundle, by plugin folder: the names without "lib" and the file suffix.
# "*" keeps the whole folder. Every other plugin folder is left out.
KEEP_PLUGINS: dict[str, dict[str, tuple[str, ...]]] = {
    LINUX: {
        "platforms": ("qoffscreen", "qxcb"),
        "xcbglintegrations": ("*",),  # OpenGL under xcb, loaded by qxcb when asked
        "imageformats": ("qsvg",),  # PNG is built into QtGui
        "iconengines": ("qsvgicon",),  # the toolbar's SVG icons, sharp at every size
        "platforminputcontexts": ("composeplatforminputcontextplugin",),  # dead keys in text
    },
    WINDOWS: {
        "platforms": ("qoffscreen", "qwindows"),
        "imageformats": ("qsvg", "qico"),
        "iconengines": ("qsvgicon",),
        "styles": ("*",),  # the native Windows styles
    },
    MACOS: {
        "platforms": ("qoffscreen", "qcocoa"),
        "platforms/darwin": ("*",),
        "imageformats": ("qsvg", "qicns"),
        "iconengines": ("qsvgicon",),
        "styles": ("*",),  # the native macOS style
    },
}

# Python modules never bundled: Qt modules the program does not use, and tools.
EXCLUDED_MODULES = (
    *(f"PySide6.{m}" for m in (
        "Qt3DAnimation", "Qt3DCore", "Qt3DExtras", "Qt3DInput", "Qt3DLogic", "Qt3DRender",
        "QtAxContainer", "QtBluetooth", "QtCharts", "QtConcurrent", "QtDataVisualization",
        "QtDBus", "QtDesigner", "QtGraphs", "QtGraphsWidgets", "QtHelp", "QtHttpServer",
        "QtLocation", "QtMultimedia", "QtMultimediaWidgets", "QtNetwork", "QtNetworkAuth", "QtNfc",
        "QtOpenGL", "QtOpenGLWidgets", "QtPdf", "QtPdfWidgets", "QtPositioning", "QtPrintSupport",
        "QtQml", "QtQuick", "QtQuick3D", "QtQuickControls2", "QtQuickTest", "QtQuickWidgets",
        "QtRemoteObjects", "QtScxml", "QtSensors", "QtSerialBus", "QtSerialPort",
        "QtSpatialAudio", "QtSql", "QtStateMachine", "QtSvg", "QtSvgWidgets", "QtTest",
        "QtTextToSpeech", "QtUiTools", "QtWebChannel", "QtWebEngineCore", "QtWebEngineQuick",
        "QtWebEngineWidgets", "QtWebSockets", "QtWebView", "QtXml",
    )),
    "tkinter", "_tkinter", "turtle", "idlelib", "lib2to3", "pydoc_data",
    "setuptools", "pip", "pytest", "_pytest", "hypothesis", "IPython", "matplotlib",
)

PLUGIN_DEST = re.compile(r"^PySide6/(?:Qt/)?plugins/(?P<kind>.+)/(?P<file>[^/]+)$")
TRANSLATION_DEST = re.compile(r"^PySide6/(?:Qt/)?translations/")
NEVER_DROP = re.compile(r"(^|/)(lib)?python3|opengl32sw|d3dcompiler", re.IGNORECASE)

Entry = tuple[str, str, str]  # PyInstaller's TOC entries: (dest name, source, type code)


def target_platform() -> str:
    if sys.platform.startswith("win"):
        return WINDOWS
    return MACOS if sys.platform == "darwin" else LINUX


def project_version() -> str:
    with (ROOT / "pyproject.toml").open("rb") as f:
        return str(tomllib.load(f)["project"]["version"])


# --- what goes in -------------------------------------------------------------------------------
def data_files() -> list[tuple[str, str]]:
    """(source file, folder in the bundle) for every data file the program reads: the package
    data that pyproject.toml declares for the wheel, and maps/, counters/ and scenarios/ under
    gameapp/_data/, listed by the same function the wheel build uses."""
    with (ROOT / "pyproject.toml").open("rb") as f:
        package_data = tomllib.load(f)["tool"]["setuptools"]["package-data"]
    found: list[tuple[str, str]] = []
    for package, patterns in package_data.items():
        base = ROOT.joinpath(*package.split("."))
        for pattern in patterns:
            for path in sorted(base.glob(pattern)):
                found.append((str(path), str(path.parent.relative_to(ROOT))))
    for relative in _backend().game_data_files(ROOT):
        dest = posixpath.join("gameapp", _backend().TARGET, posixpath.dirname(relative))
        found.append((str(ROOT / relative), dest))
    found += compiler_sources()
    return found


def compile_maps() -> None:
    """Compile the shipped maps into maps/compiled/ (`gameapp compile-maps`), which data_files
    then ships, so that the program's first start compiles no map (gameapp/core/mapcache.py)."""
    subprocess.run([sys.executable, "-m", "gameapp", "compile-maps", str(ROOT / "maps")],
                   check=True, cwd=ROOT)


def compiler_sources() -> list[tuple[str, str]]:
    """The map compiler's source files, as files beside its frozen modules: the compiled maps'
    key hashes them (mapcache.code_version), so the bundle's key is the one compile_maps used,
    and a later build with another compiler misses the user's cache instead of trusting it."""
    from gameapp.core.mapcache import COMPILER_FILES

    core = ROOT / "gameapp" / "core"
    return [(str(core / name), posixpath.dirname(posixpath.join("gameapp/core", name)))
            for name in COMPILER_FILES if name.endswith(".py")]


def _backend() -> ModuleType:
    """packaging/rc_build_backend.py, the wheel's build backend (for its list of data files)."""
    name = "rc_build_backend"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, PACKAGING / f"{name}.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


def hidden_imports() -> list[str]:
    """Every module of gameapp, so that nothing imported lazily or by name is missed."""
    names = []
    for path in sorted((ROOT / "gameapp").rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        if "__pycache__" in parts or parts[-1] == "__main__":
            continue
        names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


# --- pruning: called from the generated spec, between PyInstaller's analysis and collection ------
def plugin_kept(dest: str, platform_name: str) -> bool | None:
    """For a Qt plugin's path in the bundle: whether KEEP_PLUGINS keeps it; None if `dest` is not
    a Qt plugin."""
    match = PLUGIN_DEST.match(dest.replace("\\", "/"))
    if match is None:
        return None
    kept = KEEP_PLUGINS[platform_name].get(match["kind"], ())
    stem = match["file"].split(".")[0]
    stem = stem[3:] if stem.startswith("lib") else stem
    return "*" in kept or stem in kept


def unreachable(
    entries: Sequence[Entry], dropped: set[str], imports_of: Callable[[str], Iterable[str]]
) -> set[str]:
    """The dest names of binaries that only the `dropped` ones need.

    `imports_of(source)` gives the source paths a binary links to. The candidates are the
    binaries reachable from the dropped ones; a candidate stays if anything else still reaches it.
    """
    by_source = {_real(src): dest for dest, src, kind in entries if kind != "SYMLINK"}

    def closure(starts: Iterable[str]) -> set[str]:
        seen: set[str] = set()
        todo = [src for src in starts]
        while todo:
            src = todo.pop()
            if src in seen:
                continue
            seen.add(src)
            todo += [r for r in map(_real, imports_of(src)) if r in by_source]
        return seen

    sources = {dest: _real(src) for dest, src, kind in entries if kind != "SYMLINK"}
    from_dropped = closure(sources[d] for d in dropped if d in sources)
    candidates = {by_source[s] for s in from_dropped} - dropped
    candidates = {d for d in candidates if not NEVER_DROP.search(d)}
    roots = [s for d, s in sources.items() if d not in dropped and d not in candidates]
    still_needed = {by_source[s] for s in closure(roots)}
    return candidates - still_needed


def _real(path: str) -> str:
    return os.path.realpath(path)


def symlinks_to(entries: Sequence[Entry], gone: set[str]) -> set[str]:
    """SYMLINK entries that would point at a dest name that is gone."""
    return {
        dest for dest, src, kind in entries
        if kind == "SYMLINK" and posixpath.normpath(
            posixpath.join(posixpath.dirname(dest.replace("\\", "/")), src.replace("\\", "/"))
        ) in gone
    }


def prune(binaries: list[Entry], datas: list[Entry], platform_name: str,
          report: str | Path) -> tuple[list[Entry], list[Entry]]:
    """Drop the Qt plugins KEEP_PLUGINS leaves out, the libraries only they needed (Linux and
    Windows; on macOS the frameworks' layout makes that unsafe), and Qt's translations. Writes
    what was dropped to `report` (JSON)."""
    dropped = {dest for dest, _, _ in binaries if plugin_kept(dest, platform_name) is False}
    orphans: set[str] = set()
    if platform_name != MACOS:
        from PyInstaller.depend.bindepend import get_imports

        # where the collected binaries came from: a fallback for resolving their imports
        search = sorted({os.path.dirname(src) for _, src, kind in binaries if kind != "SYMLINK"})

        def imports_of(src: str) -> list[str]:
            return [path for _, path in get_imports(src, search) if path]

        orphans = unreachable(binaries, dropped, imports_of)
    gone = dropped | orphans
    gone |= symlinks_to(binaries, gone)
    kept_binaries = [e for e in binaries if e[0] not in gone]
    kept_datas = [e for e in datas if not TRANSLATION_DEST.match(e[0].replace("\\", "/"))]
    Path(report).write_text(json.dumps({
        "plugins": sorted(dropped), "libraries": sorted(gone - dropped),
        "translations": len(datas) - len(kept_datas),
    }, indent=1))
    return kept_binaries, kept_datas


# --- the build ----------------------------------------------------------------------------------
SPEC = '''# Generated by build_installer.py: do not edit; it is rewritten by every build.
import json, sys
sys.path.insert(0, {root!r})
from build_installer import prune

plan = json.loads({plan!r})
a = Analysis(
    [plan["launcher"]], pathex=[plan["root"]], datas=[tuple(d) for d in plan["datas"]],
    hiddenimports=plan["hiddenimports"], excludes=plan["excludes"], noarchive=False,
)
a.binaries, a.datas = prune(a.binaries, a.datas, plan["platform"], plan["report"])
pyz = PYZ(a.pure)
exe = EXE(
    pyz, a.scripts, [], exclude_binaries=True, name=plan["app"], console=plan["console"],
    icon=plan["icon"], strip=plan["strip"], upx=False,
)
coll = COLLECT(exe, a.binaries, a.datas, strip=plan["strip"], upx=False, name=plan["app"])
if plan["platform"] == "macos":
    app = BUNDLE(coll, name=plan["app"] + ".app", icon=plan["icon"],
                 bundle_identifier=plan["bundle_id"],
                 info_plist={{"CFBundleDisplayName": plan["display_name"],
                             "CFBundleShortVersionString": plan["version"],
                             "NSHighResolutionCapable": True}})
'''

LAUNCHER = '''"""The frozen program's entry point: the `gameapp` command."""
from gameapp.cli import main

raise SystemExit(main())
'''


@dataclass(frozen=True)
class Build:
    platform: str
    dist: Path
    work: Path

    @property
    def bundle(self) -> Path:
        """The folder to archive: the one-folder bundle, or the .app on macOS."""
        folder = self.dist / APP
        return folder.with_name(APP + ".app") if self.platform == MACOS else folder

    @property
    def executable(self) -> Path:
        if self.platform == WINDOWS:
            return Path(APP) / f"{APP}.exe"
        if self.platform == MACOS:
            return Path(APP + ".app") / "Contents" / "MacOS" / APP
        return Path(APP) / APP

    @property
    def archive(self) -> Path:
        machine = platform.machine().lower() or "unknown"
        suffix = ".tar.gz" if self.platform == LINUX else ".zip"
        return self.dist / f"{APP}-{project_version()}-{self.platform}-{machine}{suffix}"


def render_icons(out: Path, platform_name: str) -> dict[str, Path]:
    """icons/app.svg drawn by Qt: a 256 px PNG, and the .ico (Windows) or .icns (macOS)."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QSize
    from PySide6.QtGui import QGuiApplication, QImageReader

    _app = QGuiApplication.instance() or QGuiApplication([])
    reader = QImageReader(str(ICON_SVG))
    reader.setScaledSize(QSize(256, 256))
    image = reader.read()
    if image.isNull():
        raise RuntimeError(f"Qt could not draw {ICON_SVG}: {reader.errorString()}")
    out.mkdir(parents=True, exist_ok=True)
    icons = {"png": out / f"{DESKTOP_ID}.png"}
    if platform_name == WINDOWS:
        icons["native"] = out / f"{APP}.ico"
    elif platform_name == MACOS:
        icons["native"] = out / f"{APP}.icns"
    for kind, path in icons.items():
        if not image.save(str(path)):
            raise RuntimeError(f"Qt could not write the {kind} icon {path}")
    return icons


def run_pyinstaller(build: Build, icons: dict[str, Path]) -> None:
    build.work.mkdir(parents=True, exist_ok=True)
    launcher = build.work / "rally_and_charge.py"
    launcher.write_text(LAUNCHER)
    plan = {
        "root": str(ROOT), "launcher": str(launcher), "app": APP, "platform": build.platform,
        "datas": data_files(), "hiddenimports": hidden_imports(),
        "excludes": list(EXCLUDED_MODULES), "console": build.platform == LINUX,
        "icon": str(icons["native"]) if "native" in icons else None,
        "strip": False,  # strip_debug_info does it, carefully
        "bundle_id": BUNDLE_ID, "display_name": DISPLAY_NAME,
        "version": project_version(), "report": str(build.work / "pruned.json"),
    }
    spec = build.work / f"{APP}.spec"
    spec.write_text(SPEC.format(root=str(ROOT), plan=json.dumps(plan)))
    command = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean", "--log-level=WARN",
               "--distpath", str(build.dist), "--workpath", str(build.work / "pyinstaller"),
               str(spec)]
    env = {**os.environ, "QT_QPA_PLATFORM": os.environ.get("QT_QPA_PLATFORM", "offscreen")}
    subprocess.run(command, check=True, cwd=ROOT, env=env)


def add_desktop_files(build: Build, icons: dict[str, Path]) -> None:
    """Linux: the .desktop file, the icon and the script that puts them in the user's menu."""
    folder = build.dist / APP
    shutil.copy2(icons["png"], folder / f"{DESKTOP_ID}.png")
    shutil.copy2(PACKAGING / f"{DESKTOP_ID}.desktop", folder / f"{DESKTOP_ID}.desktop")
    script = folder / "install-desktop-entry.sh"
    shutil.copy2(PACKAGING / "install-desktop-entry.sh", script)
    script.chmod(script.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)


def strip_debug_info(folder: Path) -> tuple[int, int]:
    """Linux: remove the debug sections of the binaries that carry them (the interpreter's own
    libpython and extension modules, mostly), with `strip --strip-debug`. Binaries without debug
    sections are left alone: stripping the wheels' patchelf-edited libraries (numpy's OpenBLAS)
    corrupts them. Returns (files stripped, bytes saved); (0, 0) without binutils."""
    readelf, strip = shutil.which("readelf"), shutil.which("strip")
    if readelf is None or strip is None:
        return 0, 0
    count = saved = 0
    for path in sorted(folder.rglob("*")):
        if path.is_symlink() or not path.is_file() or not _is_elf(path):
            continue
        sections = subprocess.run([readelf, "-S", "--wide", str(path)], capture_output=True,
                                  text=True).stdout
        if ".debug_info" not in sections:
            continue
        before = path.stat().st_size
        subprocess.run([strip, "--strip-debug", str(path)], check=True)
        count, saved = count + 1, saved + before - path.stat().st_size
    return count, saved


def _is_elf(path: Path) -> bool:
    with path.open("rb") as f:
        return f.read(4) == b"\x7fELF"


def make_archive(folder: Path, archive: Path) -> None:
    """tar.gz (Linux) or zip of `folder`, with the folder's name at the top, symlinks kept."""
    archive.unlink(missing_ok=True)
    files = sorted(folder.rglob("*"))
    if archive.name.endswith(".tar.gz"):
        with tarfile.open(archive, "w:gz", compresslevel=6) as tar:
            tar.add(folder, arcname=folder.name, recursive=False, filter=_anonymous)
            for path in files:
                name = f"{folder.name}/{path.relative_to(folder).as_posix()}"
                tar.add(path, arcname=name, recursive=False, filter=_anonymous)
        return
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED, compresslevel=6) as zf:
        for path in files:
            name = f"{folder.name}/{path.relative_to(folder).as_posix()}"
            if path.is_symlink():  # macOS frameworks: store the link, not a copy
                info = zipfile.ZipInfo(name)
                info.create_system = 3  # unix, so the mode bits below are read
                info.external_attr = (stat.S_IFLNK | 0o777) << 16
                zf.writestr(info, os.readlink(path))
            elif path.is_dir():
                zf.write(path, name + "/")
            else:
                zf.write(path, name)


def _anonymous(info: tarfile.TarInfo) -> tarfile.TarInfo:
    info.uid = info.gid = 0
    info.uname = info.gname = ""
    return info


def folder_size(folder: Path) -> tuple[int, int]:
    """Bytes and files in `folder` (symlinks counted as links, not their targets)."""
    files = [p for p in folder.rglob("*") if p.is_file() and not p.is_symlink()]
    return sum(p.stat().st_size for p in files), len(files)


# --- the smoke test -----------------------------------------------------------------------------
def smoke_test(build: Build) -> list[str]:
    """Unpack the archive into a temporary folder and run its --self-test, offscreen (and under
    xvfb-run with xcb, on Linux when available). Raises RuntimeError on a failure."""
    results = []
    with tempfile.TemporaryDirectory(prefix="rally-smoke-") as tmp:
        unpack(build.archive, Path(tmp))
        program = Path(tmp) / build.executable
        runs = [("offscreen", [str(program), "--self-test"])]
        xvfb = shutil.which("xvfb-run")
        if build.platform == LINUX and xvfb:
            runs.append(("xcb", [xvfb, "-a", str(program), "--self-test"]))
        for platform_name, command in runs:
            env = _clean_env(QT_QPA_PLATFORM=platform_name, HOME=tmp, XDG_DATA_HOME="",
                             XDG_CONFIG_HOME="", XDG_STATE_HOME="")
            start = time.perf_counter()
            done = subprocess.run(command, cwd=tmp, env=env, capture_output=True, text=True,
                                  timeout=300)
            seconds = time.perf_counter() - start
            print(done.stdout, end="")
            # A windowed Windows program has no stdout: there only the exit status tells.
            silent = build.platform == WINDOWS
            if done.returncode != 0 or not (silent or "(frozen bundle)" in done.stdout):
                print(done.stderr, end="", file=sys.stderr)
                raise RuntimeError(f"the frozen self-test failed on {platform_name} "
                                   f"(exit status {done.returncode})")
            results.append(f"frozen self-test on {platform_name}: passed in {seconds:.1f} s")
        if build.platform == LINUX:
            results.append(check_desktop_entry(Path(tmp) / APP, Path(tmp) / "home"))
    if build.platform == LINUX and not shutil.which("xvfb-run"):
        results.append("frozen self-test on xcb: skipped (no xvfb-run)")
    return results


def unpack(archive: Path, into: Path) -> None:
    if archive.name.endswith(".tar.gz"):
        with tarfile.open(archive) as tar:
            tar.extractall(into, filter="tar")
    else:  # zip: restore the mode bits (and symlinks) that zipfile.extractall ignores
        with zipfile.ZipFile(archive) as zf:
            for info in zf.infolist():
                mode = info.external_attr >> 16
                target = into / info.filename
                if stat.S_ISLNK(mode):
                    target.parent.mkdir(parents=True, exist_ok=True)
                    target.symlink_to(zf.read(info).decode())
                    continue
                zf.extract(info, into)
                if mode and not info.is_dir():
                    target.chmod(stat.S_IMODE(mode))


def check_desktop_entry(folder: Path, home: Path) -> str:
    """Run the bundle's install-desktop-entry.sh into a scratch home; check what it wrote."""
    data = home / "share"
    env = _clean_env(HOME=str(home), XDG_DATA_HOME=str(data))
    subprocess.run([str(folder / "install-desktop-entry.sh")], check=True, env=env,
                   capture_output=True, text=True)
    entry = (data / "applications" / f"{DESKTOP_ID}.desktop").read_text()
    icon = data / "icons" / "hicolor" / "256x256" / "apps" / f"{DESKTOP_ID}.png"
    if f'Exec="{folder / APP}"' not in entry or not icon.is_file():
        raise RuntimeError(f"install-desktop-entry.sh wrote an unexpected entry:\n{entry}")
    validator = shutil.which("desktop-file-validate")
    if validator:
        subprocess.run([validator, str(data / "applications" / f"{DESKTOP_ID}.desktop")],
                       check=True)
    checked = "validated by desktop-file-validate" if validator else "not validated"
    return f"desktop entry: installed into a scratch home ({checked})"


def _clean_env(**overrides: str) -> dict[str, str]:
    """This environment without the development interpreter's variables, plus `overrides`
    (an empty value removes the variable)."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "PYTHONSTARTUP")}
    for key, value in overrides.items():
        if value:
            env[key] = value
        else:
            env.pop(key, None)
    return env


# --- the command --------------------------------------------------------------------------------
def build_all(build: Build) -> list[str]:
    start = time.perf_counter()
    icons = render_icons(build.work / "icons", build.platform)
    compile_maps()
    run_pyinstaller(build, icons)
    stripped = (0, 0)
    if build.platform == LINUX:
        stripped = strip_debug_info(build.bundle)
        add_desktop_files(build, icons)
    built = time.perf_counter()
    make_archive(build.bundle, build.archive)
    done = time.perf_counter()
    size, count = folder_size(build.bundle)
    pruned = json.loads((build.work / "pruned.json").read_text())
    return [
        f"bundle: {build.bundle} ({size / 1e6:.0f} MB, {count} files)",
        f"archive: {build.archive} ({build.archive.stat().st_size / 1e6:.0f} MB)",
        f"left out: {len(pruned['plugins'])} Qt plugins, {len(pruned['libraries'])} libraries "
        f"only they needed, {pruned['translations']} Qt translations "
        f"(list: {build.work / 'pruned.json'}); debug sections stripped from {stripped[0]} "
        f"binaries ({stripped[1] / 1e6:.0f} MB)",
        f"build time: {done - start:.0f} s ({built - start:.0f} s for the bundle, "
        f"{done - built:.0f} s for the archive)",
    ]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--smoke", action="store_true",
                        help="after building, run the unpacked archive's --self-test")
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="output folder")
    parser.add_argument("--work", type=Path, default=ROOT / "build" / "installer",
                        help="PyInstaller's working folder")
    args = parser.parse_args(argv)
    if importlib.util.find_spec("PyInstaller") is None:
        print("PyInstaller is not installed: .venv/bin/pip install -e '.[installer]'",
              file=sys.stderr)
        return 2
    build = Build(target_platform(), args.dist.resolve(), args.work.resolve())
    try:
        lines = build_all(build)
        if args.smoke:
            lines += smoke_test(build)
    except (subprocess.CalledProcessError, RuntimeError, OSError) as error:
        print(f"build_installer: FAILED: {error}", file=sys.stderr)
        return 1
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
