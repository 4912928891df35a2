-- Several bot processes share Discord's global rate limit (it is the bot's, not a process's):
-- each reports how many requests it wanted in the last second, and paces itself at its share
-- of the total (cogs/pacing.share_rate). Rows of processes that stopped reporting are ignored.
CREATE TABLE process_demand (
    process    TEXT    PRIMARY KEY,        -- host:pid
    demand     REAL    NOT NULL,           -- requests wanted per second, lately
    at         REAL    NOT NULL            -- when it said so (seconds since the epoch)
);
