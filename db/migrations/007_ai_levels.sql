-- An AI seat's strength: easy, normal or hard (engines.players.LEVELS). NULL: a human, or
-- an AI seat from before this migration (it plays as easy, as it did).
ALTER TABLE seats ADD COLUMN ai_level TEXT;
