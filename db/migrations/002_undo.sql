-- "Back": a player's own decisions in the current turn can be taken back. The log stays
-- append-only; an undone action is flagged and skipped when the state is rebuilt.
ALTER TABLE actions ADD COLUMN undone INTEGER NOT NULL DEFAULT 0;
