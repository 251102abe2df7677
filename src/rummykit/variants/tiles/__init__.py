"""What the games of Okey's tiles (Okey, 101 Okey) share: a family package, no game of its own."""
