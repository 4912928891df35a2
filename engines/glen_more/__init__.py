"""Glen More: rules engine (``ENGINE``), data table (``data``) and heuristic AI (``ai``)."""
from .engine import ENGINE, GlenMoreEngine

__all__ = ["ENGINE", "GlenMoreEngine"]
