"""Kalooki: 13-card rummy with public melds, a 51 opening and joker release (``kalooki.md``)."""
