"""The Whisky Game (2-6 players): rules engine, board data and AI."""
from .engine import WhiskyEngine

ENGINE = WhiskyEngine()

__all__ = ["ENGINE", "WhiskyEngine"]
