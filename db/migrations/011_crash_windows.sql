-- The nonce of a board message being posted, stored before the post and cleared once the
-- message's id is stored (board_message_id): a process that died in between left a board
-- nobody knows of, with live buttons; the next process posts again with the same nonce, and
-- Discord answers with the message that was posted, which then becomes the table's board.
ALTER TABLE matches ADD COLUMN board_nonce INTEGER;

-- Whether the end of a finished or closed table was published (its panels and buttons
-- retired, its results posted): 0 from the moment the end is stored until then. A process
-- that died in between leaves it 0, and the next one publishes the end at its start.
ALTER TABLE matches ADD COLUMN end_published INTEGER NOT NULL DEFAULT 1;
