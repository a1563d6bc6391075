"""Pure computation on a model: Berger tables, the regime, points, tie-breaks, standings."""
