"""Command-line interface: ``rummykit solve | play | simulate | replay``."""
