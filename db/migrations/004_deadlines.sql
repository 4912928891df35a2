-- Timers survive a restart: each running decision timer's deadline (wall-clock seconds since
-- the epoch) for the seat's decision number `count`, and whether a timer paused the game.
CREATE TABLE deadlines (
    match_id   INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
    seat       TEXT    NOT NULL,
    kind       TEXT    NOT NULL,           -- 'turn' (the table's timer) | 'rule' (the game's own)
    count      INTEGER NOT NULL,           -- the seat's action count when the decision began
    at         REAL    NOT NULL,
    PRIMARY KEY (match_id, seat, kind)
);
ALTER TABLE matches ADD COLUMN paused INTEGER NOT NULL DEFAULT 0;
