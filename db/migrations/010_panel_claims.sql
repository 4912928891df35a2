-- When a process claimed a decision's panel (kinds "offer" and "table_offer") and has not
-- finished sending it yet: NULL once sent (or found undeliverable, DMs closed). A claim older
-- than a minute was left by a process that died mid-send: another process takes it over
-- (see Store.stale_offers), so the player is not left without their panel until that process
-- restarts, or for good when it was not the table's own process.
ALTER TABLE seat_messages ADD COLUMN claimed_at REAL;
CREATE INDEX seat_messages_claimed ON seat_messages(claimed_at);
