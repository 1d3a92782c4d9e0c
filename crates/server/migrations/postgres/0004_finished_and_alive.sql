-- When a game ended (server time), NULL while it is unfinished: on start the timer reads every
-- unfinished game, and an identity's unfinished games are counted against its limit.
ALTER TABLE games ADD COLUMN finished_at BIGINT;
CREATE INDEX games_unfinished ON games (id) WHERE finished_at IS NULL;

-- The last instant a server was known to be up (every server writes it every second): the time
-- between it and a start with no server up is an outage, credited to the running clocks.
CREATE TABLE alive (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    at BIGINT NOT NULL
);
