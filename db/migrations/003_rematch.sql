-- "Play again" opens one rematch per result: the finished match remembers it
-- (-1 while it is being opened).
ALTER TABLE matches ADD COLUMN rematch_id INTEGER;
