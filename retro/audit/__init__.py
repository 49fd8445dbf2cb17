"""Putting each author's claim to the test: exhaustive play against the ports,
a perfect-play reference for 3x3, a Qubic win search, and a tournament."""
