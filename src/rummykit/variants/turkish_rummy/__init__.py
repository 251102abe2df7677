"""Turkish Rummy: Okey played with two card decks and two jokers (``turkish-rummy.md``)."""
