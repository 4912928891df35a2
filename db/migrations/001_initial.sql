-- Tables, seats, the append-only action log and state snapshots.
CREATE TABLE matches (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    game            TEXT    NOT NULL,
    guild_id        INTEGER,
    channel_id      INTEGER NOT NULL,      -- where /new was used
    thread_id       INTEGER,               -- the table's thread, when one could be made
    host_id         INTEGER NOT NULL,
    status          TEXT    NOT NULL DEFAULT 'lobby',   -- lobby | running | finished | aborted
    seed            INTEGER NOT NULL,
    options         TEXT    NOT NULL DEFAULT '{}',      -- JSON
    lang            TEXT    NOT NULL DEFAULT 'en',
    lobby_message_id  INTEGER,
    board_message_id  INTEGER,
    created_at      TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
    updated_at      TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
    finished_at     TEXT,
    result          TEXT                   -- JSON outcome once finished
);
CREATE INDEX matches_status ON matches(status);
CREATE INDEX matches_channel ON matches(channel_id);
CREATE INDEX matches_thread ON matches(thread_id);

CREATE TABLE seats (
    match_id   INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
    seat       TEXT    NOT NULL,           -- "A", "B", ... in seat order
    position   INTEGER NOT NULL,
    user_id    INTEGER,                    -- NULL for an AI seat
    name       TEXT    NOT NULL,
    is_ai      INTEGER NOT NULL DEFAULT 0,
    locale     TEXT,
    PRIMARY KEY (match_id, seat)
);
CREATE UNIQUE INDEX seats_user ON seats(match_id, user_id) WHERE user_id IS NOT NULL;

CREATE TABLE actions (
    match_id   INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
    n          INTEGER NOT NULL,           -- 1, 2, 3 ... per match
    seat       TEXT    NOT NULL,
    action     TEXT    NOT NULL,           -- JSON
    by_ai      INTEGER NOT NULL DEFAULT 0,
    created_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
    PRIMARY KEY (match_id, n)
);

CREATE TABLE snapshots (
    match_id   INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
    n          INTEGER NOT NULL,           -- the state after action n (0 = fresh game)
    state      TEXT    NOT NULL,           -- JSON of engine.dump(state)
    PRIMARY KEY (match_id, n)
);

-- Messages the bot keeps editing per seat (the DM panel), so a restart edits rather than reposts.
CREATE TABLE seat_messages (
    match_id   INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
    seat       TEXT    NOT NULL,
    kind       TEXT    NOT NULL,           -- 'panel'
    channel_id INTEGER NOT NULL,
    message_id INTEGER NOT NULL,
    PRIMARY KEY (match_id, seat, kind)
);
