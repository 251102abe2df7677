"""Carousel: manipulation rummy with declared jokers and knocking (``carousel.md``)."""
