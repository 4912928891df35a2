-- The nonce of a board message being posted, stored before the post and cleared once the
-- message's id is stored (board_message_id): a process that died in between left a board
-- nobody knows of, with live buttons; the next process posts again with the same nonce, and
-- Discord answers with the message that was posted, which then becomes the table's board.
ALTER TABLE matches ADD COLUMN board_nonce INTEGER;
