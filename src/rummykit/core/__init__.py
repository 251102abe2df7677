"""Core layer: pieces, notation and melds. Knows nothing of turns or players."""
