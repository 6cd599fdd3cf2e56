"""Board pictures for Railways of the World."""

from renderers.rotw.render import compose, find_place, frame_for, render

__all__ = ["compose", "find_place", "frame_for", "render"]
