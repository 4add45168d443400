"""Questions the fire rules ask about the hexes a line of fire passes through.

The line of fire is the centre-to-centre line of `Hex.lines_to`. Where it runs along hexsides it
has two traces; each question below says which one counts.

- `avoids_hexes(a, b, avoided)`: TEC artillery note 4b doubles shell fire at five hexes or
  more only when the line keeps clear of every hex holding a counter friendly to the guns: true
  when some trace has no such hex between the ends.
- `steep_slope_counts(game_map, firer, target)`: N4. The steep-slope modifier of a target counts
  only when the line of fire reaches it through the adjacent hex that is a slope top and not
  itself a slope hex (fire coming down over the brow).
- `slope_top_counts(game_map, firer, target)`: N19. A target in a slope-top hex has its modifier
  only when the line of fire reaches it through an adjacent lower slope hex (fire coming up).

For N4 and N19 either trace will do, and the hex "adjacent" to the target may be the firer's
own.

Words, as read from the map (docs/rules.md): a *slope hex* has a neighbour higher than it
by the map's gentle threshold or more (it lies on a hillside); a *slope top* carries the
`slope top` feature (maps can derive them, `derive_slope_tops`).
"""

from __future__ import annotations

from collections.abc import Collection

from gameapp.core.hexgrid import Hex
from gameapp.core.mapdata import HexMap
from gameapp.core.terrain import HexFeature


def _traces(a: Hex, b: Hex) -> list[list[Hex]]:
    first, second = a.lines_to(b)
    return [first] if first == second else [first, second]


def avoids_hexes(a: Hex, b: Hex, avoided: Collection[Hex]) -> bool:
    """True when some trace of the line from `a` to `b` has none of `avoided` between the ends."""
    return any(not any(h in avoided for h in trace[1:-1]) for trace in _traces(a, b))


def is_slope_hex(game_map: HexMap, h: Hex) -> bool:
    """The hex lies on a hillside: a neighbour on the map is higher by the gentle threshold."""
    if not game_map.contains(h):
        return False
    here = game_map.elevation_at(h)
    gentle = game_map.slope_thresholds.gentle
    return any(game_map.contains(n) and game_map.elevation_at(n) - here >= gentle
               for n in h.neighbors())


def is_slope_top(game_map: HexMap, h: Hex) -> bool:
    return game_map.contains(h) and bool(game_map.features_at(h) & HexFeature.SLOPE_TOP)


def _last_hexes(firer: Hex, target: Hex) -> list[Hex]:
    """The hex each trace passes through just before the target: the firer's own when adjacent."""
    if firer == target:
        return []
    return list(dict.fromkeys(trace[-2] for trace in _traces(firer, target)))


def steep_slope_counts(game_map: HexMap, firer: Hex, target: Hex) -> bool:
    """N4: the fire reaches the target through an adjacent slope top that is not a slope hex."""
    return any(is_slope_top(game_map, h) and not is_slope_hex(game_map, h)
               for h in _last_hexes(firer, target))


def slope_top_counts(game_map: HexMap, firer: Hex, target: Hex) -> bool:
    """N19: the fire reaches the target through an adjacent slope hex lower than the target."""
    if not game_map.contains(target):
        return False
    height = game_map.elevation_at(target)
    return any(game_map.contains(h) and is_slope_hex(game_map, h)
               and game_map.elevation_at(h) < height for h in _last_hexes(firer, target))
