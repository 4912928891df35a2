-- The decision a stored panel offers: "<the seat's action count>:<fingerprint of its
-- choices>". After a restart a decision whose panel the bot had not posted yet (it died
-- between storing a move and publishing it) is delivered then, and one whose panel was posted
-- is not sent twice. NULL: not known (a row from before this migration).
ALTER TABLE seat_messages ADD COLUMN stamp TEXT;
