"""Errors raised by games."""


class IllegalAction(ValueError):
    """An action the rules or the game's state do not allow; the game is left unchanged."""
