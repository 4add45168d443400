"""Compiled maps kept on disk, so that a start of the program does not compile a map again.

Compiling a map file (`mapfile.load_map`: its schema, its meaning, and its polygons laid on the
hexes with shapely) costs more than the rest of a scenario's loading. The program (the `gameapp`
window, `gameapp play`) turns this cache on with `use_map_cache(folder)`, a folder in the user's
cache folder (gameapp.paths.map_cache_dir); everything else, the tests included, compiles as
before unless it asks for a cache.

- Key: a hash of the map file's bytes and name, of this cache's format and of the code that
  compiles maps (the compiler's source files, else the program's version in a frozen build). An
  edited map or a changed compiler simply misses.
- One file per map: a header line (JSON: the key, the map's plain fields, each array's type and
  shape, the payload's length and SHA-256) and the arrays' bytes. Nothing is unpickled.
- Read: the file is used only if all of it checks: the key, the types and shapes against the
  map's size, the payload's hash, and every terrain code and flag a known one. Otherwise the
  map is compiled and the entry written again. A file that will not read never stops a game.
- Written atomically (a temporary file renamed over the entry), and the folder is kept under
  `MAX_BYTES`, the entries least recently used removed first.

Maps compiled at install (`gameapp compile-maps`, run by scripts/bootstrap.sh and
build_installer.py, as bytecode is compiled at install): a folder `compiled/` beside the map files
(`maps/compiled/<map>.rcmap`, git-ignored), read before the user's cache, so that even the very
first start compiles nothing (docs/architecture.md, "Maps compiled at install", says why there
and not in the user's cache). Same file format and the same checks; the key is the map file's
bytes and file name with the compiler's version, not its folder, since an installation may move.
A stale, broken or missing shipped file is passed over for the user's cache, then the compiler.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import os
import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # numpy and the map when a map is loaded: `gameapp` turns the cache on before
    # its start screen, which imports neither
    from gameapp.core.mapdata import HexMap, PackedArray
    from gameapp.core.numbering import Numbering

log = logging.getLogger(__name__)

FORMAT = "rally-and-charge compiled map 1"
MAX_BYTES = 32 * 1024 * 1024
SUFFIX = ".rcmap"
SHIPPED = "compiled"  # the folder of maps compiled at install, beside the map files
_CORE = Path(__file__).resolve().parent
# the files whose change can change what a map file compiles to
COMPILER_FILES = ("mapfile.py", "mapcompile.py", "mapdata.py", "mapspec.py", "mapgeometry.py",
                  "terrain.py", "numbering.py", "hexgrid.py", "mapcache.py",
                  "schemas/map.schema.json")
# each array: its type and the shape after the map's (height, width)
ARRAYS: dict[str, tuple[str, tuple[int, ...]]] = {
    "terrain": ("uint8", ()),
    "elevation": ("int16", ()),
    "features": ("uint8", ()),
    "hexsides": ("uint16", (6,)),
    "roads": ("uint8", (6,)),
}
ITEM_BYTES = {"uint8": 1, "int16": 2, "uint16": 2}


class BrokenEntry(ValueError):
    """A cache file that does not hold what its header says (it is compiled again)."""


@dataclass
class MapCache:
    folder: Path
    max_bytes: int = MAX_BYTES
    shipped: bool = True  # read the maps compiled at install first (tests of this cache: False)

    def load(self, path: Path) -> HexMap:
        """The map file at `path`, from the cache when it holds it, else compiled (raising
        DataError as `load_map` does) and kept."""
        try:
            map_file = Path(path).read_bytes()
        except OSError:
            return _compile(path)  # says what is wrong with the file
        shipped = read_shipped(Path(path), map_file) if self.shipped else None
        if shipped is not None:
            return shipped
        key = entry_key(map_file, str(path))
        entry = self.folder / f"{key}{SUFFIX}"
        with contextlib.suppress(OSError, BrokenEntry):
            hexmap = read_entry(entry.read_bytes(), key)
            with contextlib.suppress(OSError):
                os.utime(entry)  # recently used
            return hexmap
        hexmap = _compile(path)
        try:
            self._write(entry, encode_entry(hexmap, key))
        except OSError as error:  # a read-only or full disk: the game goes on uncached
            log.info("cannot keep the compiled map %s: %s", entry, error)
        return hexmap

    def _write(self, entry: Path, data: bytes) -> None:
        write_atomically(entry, data)
        self.prune()

    def prune(self) -> None:
        """Remove the least recently used entries until the folder is under `max_bytes`."""
        entries = []
        for file in self.folder.glob(f"*{SUFFIX}"):
            with contextlib.suppress(OSError):
                stat = file.stat()
                entries.append((stat.st_mtime, stat.st_size, file))
        total = sum(size for _, size, _ in entries)
        for _, size, file in sorted(entries, key=lambda e: e[0]):
            if total <= self.max_bytes:
                break
            with contextlib.suppress(OSError):
                file.unlink()
                total -= size


def write_atomically(entry: Path, data: bytes) -> None:
    """`data` in the file `entry` (its folder made), whole or not at all: a temporary file
    renamed over it."""
    import tempfile

    entry.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=entry.parent, suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(data)
        os.replace(temporary, entry)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


# --- maps compiled at install ---------------------------------------------------------------------
def shipped_entry(path: Path) -> Path:
    """Where the map file at `path` is kept compiled at install: compiled/<name>.rcmap beside it."""
    return path.parent / SHIPPED / f"{path.stem}{SUFFIX}"


def shipped_key(map_file: bytes, file_name: str) -> str:
    """The key of a map compiled at install: the map file's bytes and name (not its folder, which
    moves with the installation) and the compiler's version."""
    return hashlib.sha256(
        f"{code_version()}\0{SHIPPED}\0{file_name}\0".encode() + map_file).hexdigest()


def read_shipped(path: Path, map_file: bytes) -> HexMap | None:
    """The map file at `path` (its bytes `map_file`) as compiled at install, or None when there
    is no such file or it does not check (stale, cut short, forged): then it is compiled."""
    entry = shipped_entry(path)
    try:
        data = entry.read_bytes()
    except OSError:
        return None
    try:
        hexmap = read_entry(data, shipped_key(map_file, path.name))
    except BrokenEntry as error:
        log.info("passing over the compiled map %s: %s", entry, error)
        return None
    hexmap.source = str(path)  # as the compiler names it: where it was read this time
    return hexmap


def compile_shipped(maps: Path) -> list[tuple[Path, str]]:
    """Compile every map file (not theatre maps) in the folder `maps` into compiled/ beside them,
    where the program reads them before compiling (`gameapp compile-maps`, run at install). A
    file already compiled by this compiler is kept; an entry whose map is gone is removed.
    Returns each map file with what was done ('compiled', 'up to date', 'not a map' or the
    problem); raises OSError when the folder cannot be written."""
    from gameapp.core.datafiles import kind_of
    from gameapp.core.yamlsource import DataError

    done: list[tuple[Path, str]] = []
    kept: set[Path] = set()
    for path in sorted(maps.glob("*.yaml")):
        entry = shipped_entry(path)
        map_file = path.read_bytes()
        if read_shipped(path, map_file) is not None:
            done.append((path, "up to date"))
            kept.add(entry)
            continue
        try:
            if kind_of(path) != "map":
                done.append((path, "not a map"))
                continue
            hexmap = _compile(path)
        except DataError as error:
            done.append((path, f"not compiled: {error.problems[0]}"))
            continue
        write_atomically(entry, encode_entry(hexmap, shipped_key(map_file, path.name)))
        done.append((path, "compiled"))
        kept.add(entry)
    for leftover in (maps / SHIPPED).glob(f"*{SUFFIX}"):
        if leftover not in kept:
            leftover.unlink()
    return done


_in_use: MapCache | None = None


def use_map_cache(folder: Path | None, shipped: bool = True) -> None:
    """Keep compiled maps in `folder` from now on, reading those compiled at install first
    unless `shipped` is False (None: compile every time, the default)."""
    global _in_use
    _in_use = MapCache(Path(folder), shipped=shipped) if folder is not None else None


def load_map_file(path: Path) -> HexMap:
    """A map file compiled, through the cache when the program uses one (use_map_cache)."""
    if _in_use is not None:
        return _in_use.load(path)
    return _compile(path)


def _compile(path: Path) -> HexMap:
    """The map compiled (mapfile: the compiler and shapely, imported only when needed)."""
    from gameapp.core import mapfile

    return mapfile.load_map(path)


@cache
def code_version() -> str:
    """A hash of the code that compiles maps (the program's version where its sources are not
    files, in a frozen build)."""
    digest = hashlib.sha256(FORMAT.encode())
    for name in COMPILER_FILES:
        try:
            digest.update((_CORE / name).read_bytes())
        except OSError:
            from importlib.metadata import PackageNotFoundError, version

            try:
                digest.update(version("rally-and-charge").encode())
            except PackageNotFoundError:
                digest.update(b"unknown")
            break
    return digest.hexdigest()


def entry_key(map_file: bytes, name: str) -> str:
    """The key of the map file with bytes `map_file` read as `name` (the map keeps its name)."""
    return hashlib.sha256(f"{code_version()}\0{name}\0".encode() + map_file).hexdigest()


def encode_entry(hexmap: HexMap, key: str) -> bytes:
    import numpy as np

    arrays = [np.ascontiguousarray(getattr(hexmap, name)) for name in ARRAYS]
    payload = b"".join(array.tobytes() for array in arrays)
    numbering = hexmap.numbering
    header = {
        "format": FORMAT,
        "key": key,
        "name": hexmap.name,
        "source": hexmap.source,
        "numbering": {
            "orientation": numbering.orientation.value, "width": numbering.width,
            "height": numbering.height, "first_hexrow": numbering.first_hexrow,
            "first_position": numbering.first_position,
            "hexrows_grow": numbering.hexrows_grow.value,
            "positions_grow": numbering.positions_grow.value,
            "odd_shoved": numbering.odd_shoved, "north": numbering.north.value,
            "letter": numbering.letter,
            "sheets": [[s.letter, s.first_row, s.rows] for s in numbering.sheets],
        },
        "slope_thresholds": [hexmap.slope_thresholds.gentle, hexmap.slope_thresholds.steep],
        "friendly_edges": hexmap.friendly_edges,
        "arrays": {name: [array.dtype.str, list(array.shape)]
                   for name, array in zip(ARRAYS, arrays, strict=True)},
        "payload_bytes": len(payload),
        "payload_sha256": hashlib.sha256(payload).hexdigest(),
    }
    return json.dumps(header).encode() + b"\n" + payload


def read_entry(data: bytes, key: str) -> HexMap:
    """The map a cache file holds, its arrays packed till first read (HexMap.packed: the
    board's first frame needs no numpy); BrokenEntry unless every part of it checks."""
    from gameapp.core.mapdata import HexMap, SlopeThresholds

    line, newline, payload = data.partition(b"\n")
    try:
        header = json.loads(line)
        if not newline or header["format"] != FORMAT or header["key"] != key:
            raise BrokenEntry("another format or key")
        if (header["payload_bytes"] != len(payload)
                or header["payload_sha256"] != hashlib.sha256(payload).hexdigest()):
            raise BrokenEntry("payload cut short or changed")
        numbering = _numbering(header["numbering"])
        arrays = _arrays(header["arrays"], payload, (numbering.height, numbering.width))
        gentle, steep = header["slope_thresholds"]
        edges = header["friendly_edges"]
        if not (isinstance(edges, dict) and all(
                isinstance(patterns, list) and all(isinstance(p, str) for p in patterns)
                for patterns in edges.values())):
            raise BrokenEntry("friendly edges")
        return HexMap.packed(
            name=_text(header["name"]), numbering=numbering, arrays=arrays,
            slope_thresholds=SlopeThresholds(_integer(gentle), _integer(steep)),
            friendly_edges={str(side): list(p) for side, p in edges.items()},
            source=_text(header["source"]))
    except (KeyError, TypeError, ValueError) as error:  # JSONDecodeError is a ValueError
        raise BrokenEntry(str(error)) from None


def _numbering(fields: dict[str, Any]) -> Numbering:
    from gameapp.core.hexgrid import Orientation
    from gameapp.core.numbering import Numbering, ScreenDirection, Sheet

    sheets = tuple(Sheet(_text(letter), _integer(first), _integer(rows))
                   for letter, first, rows in fields["sheets"])
    letter = fields["letter"]
    numbering = Numbering(
        orientation=Orientation(fields["orientation"]), width=_integer(fields["width"]),
        height=_integer(fields["height"]), first_hexrow=_integer(fields["first_hexrow"]),
        first_position=_integer(fields["first_position"]),
        hexrows_grow=ScreenDirection(fields["hexrows_grow"]),
        positions_grow=ScreenDirection(fields["positions_grow"]),
        odd_shoved=bool(fields["odd_shoved"]), north=ScreenDirection(fields["north"]),
        letter=None if letter is None else _text(letter), sheets=sheets)
    if numbering.width <= 0 or numbering.height <= 0:
        raise BrokenEntry("map size")
    return numbering


def _native(type_name: str) -> str:
    """numpy's name (dtype.str) of an array type in this machine's byte order: the arrays are
    written as numpy holds them (encode_entry) and read here without numpy."""
    size = ITEM_BYTES[type_name]
    order = "|" if size == 1 else ("<" if sys.byteorder == "little" else ">")
    return f"{order}{type_name[0]}{size}"


def _arrays(described: dict[str, Any], payload: bytes,
            size: tuple[int, int]) -> dict[str, PackedArray]:
    from gameapp.core.mapdata import PackedArray

    arrays: dict[str, PackedArray] = {}
    offset = 0
    for name, (type_name, tail) in ARRAYS.items():
        stored, shape = described[name]
        shape = tuple(shape)
        if stored != _native(type_name) or shape != (*size, *tail):
            raise BrokenEntry(f"{name}: type or shape")
        length = ITEM_BYTES[type_name]
        for extent in shape:
            length *= extent
        chunk = payload[offset:offset + length]
        if len(chunk) != length:
            raise BrokenEntry(f"{name}: cut short")
        arrays[name] = PackedArray(type_name, shape, chunk)
        offset += length
    if offset != len(payload):
        raise BrokenEntry("bytes left over")
    _check_codes(arrays)
    return arrays


def _check_codes(arrays: dict[str, PackedArray]) -> None:
    """Every terrain and road grade a known one, every flag a known flag."""
    from gameapp.core.terrain import HexFeature, HexsideFeature, RoadGrade, Terrain

    if not set(arrays["terrain"].values()) <= {int(t) for t in Terrain}:
        raise BrokenEntry("unknown terrain")
    if not set(arrays["roads"].values()) <= {int(g) for g in RoadGrade}:
        raise BrokenEntry("unknown road grade")
    for name, flags in (("features", HexFeature), ("hexsides", HexsideFeature)):
        known = 0
        for flag in flags:
            known |= int(flag)
        if any(value & ~known for value in set(arrays[name].values())):
            raise BrokenEntry(f"unknown {name}")


def _integer(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise BrokenEntry(f"not a whole number: {value!r}")
    return value


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise BrokenEntry(f"not text: {value!r}")
    return value
