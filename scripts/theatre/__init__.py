"""The theatre-map generator's parts (see scripts/build_theatre_maps.py). Run by hand, never by the
game: these modules import the geography packages of the `geo` extra."""
