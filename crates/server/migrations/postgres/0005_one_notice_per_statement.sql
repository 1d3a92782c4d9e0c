-- One notice per insert statement, naming every event it stored ("game seq" pairs separated by
-- commas), rather than one per event: a batch of moves costs one notice. Rows are named 100 to a
-- notice, well under NOTIFY's 8,000 bytes; an insert that stored nothing sends nothing.
DROP TRIGGER events_notify ON events;

CREATE FUNCTION surface_chess_notify_stored() RETURNS trigger AS $$
BEGIN
    PERFORM pg_notify('surface_chess', string_agg(name, ','))
    FROM (SELECT game || ' ' || seq AS name, (row_number() OVER () - 1) / 100 AS part FROM stored) AS names
    GROUP BY part;
    RETURN NULL;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER events_notify AFTER INSERT ON events
    REFERENCING NEW TABLE AS stored
    FOR EACH STATEMENT EXECUTE FUNCTION surface_chess_notify_stored();
