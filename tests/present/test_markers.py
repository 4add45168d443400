"""The words of a counter's status marks (gameapp/present/markers.py)."""

from __future__ import annotations

from gameapp.present.markers import Marker, marker_words


def test_marker_words_in_a_fixed_order() -> None:
    both = frozenset({Marker.CHECKS_IGNORED, Marker.ENGAGED})
    assert marker_words(both) == "engaged; further morale checks ignored this phase"
    assert marker_words(frozenset()) == ""
