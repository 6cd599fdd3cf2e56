"""The Advanced Game of Railways of England and Wales: players invest in railway companies."""
