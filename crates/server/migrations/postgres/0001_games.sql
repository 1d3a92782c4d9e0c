-- A game is its log of events (crates/server/src/event.rs); the other tables index it.
CREATE TABLE games (
    id BIGSERIAL PRIMARY KEY,
    invite TEXT NOT NULL UNIQUE,
    created_at BIGINT NOT NULL
);

-- Event `seq` of a game, accepted at server time `at` (ms since the Unix epoch). The primary key
-- is the referee's lock across servers: an event is stored only if its number is still free.
CREATE TABLE events (
    game BIGINT NOT NULL REFERENCES games (id),
    seq BIGINT NOT NULL,
    at BIGINT NOT NULL,
    body TEXT NOT NULL,
    PRIMARY KEY (game, seq)
);

-- Who sits where, by identity token digest (never the token itself): the lobby's query.
CREATE TABLE seats (
    token TEXT NOT NULL,
    game BIGINT NOT NULL REFERENCES games (id),
    PRIMARY KEY (token, game)
);

-- Every stored event tells every server listening (LISTEN surface_chess) which game changed,
-- when its transaction commits: a move made through one server reaches clients of another.
CREATE FUNCTION surface_chess_notify() RETURNS trigger AS $$
BEGIN
    PERFORM pg_notify('surface_chess', NEW.game::text);
    RETURN NEW;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER events_notify AFTER INSERT ON events
    FOR EACH ROW EXECUTE FUNCTION surface_chess_notify();
