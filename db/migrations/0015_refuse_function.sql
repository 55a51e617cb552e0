-- Refuses a one-statement write from inside it (db/queries/rows-write.ts: an edit that would pass a table's limit): the
-- error undoes everything the statement wrote, and its SQLSTATE (PX001) tells the caller to answer by the transactional path.
CREATE FUNCTION "pontifex_refuse"("reason" text) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'PX001', MESSAGE = reason;
END
$$;
