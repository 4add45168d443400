"""Line of sight: obstacle heights, the map as sight arrays, precomputed hex lines, the blocking
rules and the public calls (`los`)."""
