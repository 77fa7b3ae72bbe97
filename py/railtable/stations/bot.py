"""Placeholder, replaced below."""
from ..core import RandomBot as BaselineBot  # noqa: F401
