"""Keyflower with The Farmers."""
from .engine import ENGINE, KeyflowerEngine

__all__ = ["ENGINE", "KeyflowerEngine"]
