"""101 Okey: the Turkish tile game with public melds opened at 101 or with five pairs, lay-offs,
okeys freed from the table and penalty scores with doublings (``okey-101.md``)."""
