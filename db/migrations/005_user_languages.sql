-- A player's own choice of language (/table language), for everything they see privately.
CREATE TABLE user_languages (
    user_id    INTEGER PRIMARY KEY,
    lang       TEXT    NOT NULL
);
