"""``python -m rummykit``: the same as the ``rummykit`` command."""

from rummykit.cli.app import main

main()
