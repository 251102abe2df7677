"""Bots: they see only an observation and the legal actions, exactly as a person does."""
