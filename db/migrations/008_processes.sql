-- Several bot processes on one database: a table's timers are claimed in the store (any
-- process may fire a due one), a reminder goes out once (`reminded`), and a board is redrawn
-- only with a state at least as new as the one last drawn (`board_n`, see claim_board).
ALTER TABLE deadlines ADD COLUMN reminded INTEGER NOT NULL DEFAULT 0;
ALTER TABLE matches ADD COLUMN board_n INTEGER NOT NULL DEFAULT 0;
CREATE INDEX deadlines_at ON deadlines(at);
