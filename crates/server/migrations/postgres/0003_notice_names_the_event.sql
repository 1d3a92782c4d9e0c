-- The notice names the event ("game seq") and carries nothing else: any role that may NOTIFY
-- could forge a body, so every server reads the event itself from the table, which only the
-- servers write.
CREATE OR REPLACE FUNCTION surface_chess_notify() RETURNS trigger AS $$
BEGIN
    PERFORM pg_notify('surface_chess', NEW.game || ' ' || NEW.seq);
    RETURN NEW;
END
$$ LANGUAGE plpgsql;
