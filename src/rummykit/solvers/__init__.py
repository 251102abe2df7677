"""Solvers: exact hand arrangement (and, later, table rearrangement). No turns, no players."""
