"""Pure game rules: no I/O, no clocks, no global randomness."""
