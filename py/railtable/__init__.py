"""Railtable: railway board games, rules engines in pure Python (standard library only)."""

__version__ = "0.1.0"
