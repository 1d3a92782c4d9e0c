-- A game is its log of events (crates/server/src/event.rs); the other tables index it.
CREATE TABLE games (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    invite TEXT NOT NULL UNIQUE,
    created_at INTEGER NOT NULL
);

-- Event `seq` of a game, accepted at server time `at` (ms since the Unix epoch). The primary key
-- is the referee's lock across servers: an event is stored only if its number is still free.
CREATE TABLE events (
    game INTEGER NOT NULL REFERENCES games (id),
    seq INTEGER NOT NULL,
    at INTEGER NOT NULL,
    body TEXT NOT NULL,
    PRIMARY KEY (game, seq)
);

-- Who sits where, by identity token digest (never the token itself): the lobby's query.
CREATE TABLE seats (
    token TEXT NOT NULL,
    game INTEGER NOT NULL REFERENCES games (id),
    PRIMARY KEY (token, game)
);
