-- The notice carries the event itself ("game seq at body"), so that other servers apply it
-- without reading it back; a body too long for a notice (8000 bytes) sends "game seq" only, and
-- the listener reads the event from the table.
CREATE OR REPLACE FUNCTION surface_chess_notify() RETURNS trigger AS $$
BEGIN
    IF octet_length(NEW.body) < 7000 THEN
        PERFORM pg_notify('surface_chess', NEW.game || ' ' || NEW.seq || ' ' || NEW.at || ' ' || NEW.body);
    ELSE
        PERFORM pg_notify('surface_chess', NEW.game || ' ' || NEW.seq);
    END IF;
    RETURN NEW;
END
$$ LANGUAGE plpgsql;
