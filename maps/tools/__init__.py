"""One-off converters from the shared board facts to the map format (not used at run time)."""
