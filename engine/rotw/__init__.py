"""Railways of the World and its expansion maps."""
