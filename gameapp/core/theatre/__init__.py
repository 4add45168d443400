"""Theatre maps: the strategic scale's hexes (about 21.5 km), with their own terrain chart, rail
and road links and named places. Kept beside the tactical map code (`gameapp.core.terrain`,
`mapdata`), not mixed into it; they share the hex grid, the numbering and the shapely geometry."""
