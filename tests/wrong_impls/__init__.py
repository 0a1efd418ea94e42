"""Implementations of Div for `divbridge conform`: WRONG lists the deliberately wrong ones, RIGHT the correct strategies."""
