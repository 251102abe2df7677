"""Okey, the Turkish tile game (``okey.md``)."""
