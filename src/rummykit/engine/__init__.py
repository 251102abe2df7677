"""Engine layer: rules options, the game protocol, actions, observations, records and matches."""
