-- The words of new or changed packages are added to "search_words" in alphabetical order. Two
-- transactions adding packages at once that share words (a town, a common word) each wait for the
-- other's uncommitted word; in the order of a hash they could each hold a word the other needed
-- next, and PostgreSQL ended one of them as a deadlock. In one order for every transaction, the
-- later one waits at the first shared word, holding none the earlier one still needs.
CREATE OR REPLACE FUNCTION "packages_note_words"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "search_words" ("word")
    SELECT DISTINCT w.lexeme FROM new_rows AS p, unnest(p."search") AS w
    WHERE length(w.lexeme) >= 5
    ORDER BY w.lexeme
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
