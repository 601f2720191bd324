-- Per-shopper caps, enforced by the database on every write path (PUT, merges, anything later), so
-- concurrent writes cannot pass them (src/caps.ts maps the errors to 409 answers):
--   shopping_list_items  1,000 items per shopper            SQLSTATE SF001
--   recipe_lists         50 lists per shopper               SF002
--   recipe_list_recipes  200 recipes per list               SF003
--   meal_plan_entries    10 recipes per day                 SF004
--                        1,000 planned recipes per shopper  SF005
-- A BEFORE INSERT row trigger takes the group's lock before the row reaches the table's indexes (the
-- same lock the application takes first, so the order is always lock → rows: no deadlock); an AFTER
-- INSERT statement trigger counts once per statement, under that lock, with a fresh snapshot (READ
-- COMMITTED: rows committed by the transaction that held the lock before are seen) and raises.

CREATE FUNCTION shopping_list_lock() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('shopping-list:' || NEW.uid, 13));
  RETURN NEW;
END $$;
CREATE FUNCTION shopping_list_cap() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE over text;
BEGIN
  SELECT n.uid INTO over FROM (SELECT DISTINCT uid FROM new_rows) n
   WHERE (SELECT count(*) FROM shopping_list_items t WHERE t.uid = n.uid) > 1000 LIMIT 1;
  IF over IS NOT NULL THEN
    RAISE EXCEPTION 'shopping list full: 1000 items at most' USING ERRCODE = 'SF001';
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER shopping_list_items_lock BEFORE INSERT ON shopping_list_items FOR EACH ROW EXECUTE FUNCTION shopping_list_lock();
CREATE TRIGGER shopping_list_items_cap AFTER INSERT ON shopping_list_items REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION shopping_list_cap();

CREATE FUNCTION recipe_lists_lock() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('recipe-lists:' || NEW.uid));
  RETURN NEW;
END $$;
CREATE FUNCTION recipe_lists_cap() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM (SELECT DISTINCT uid FROM new_rows) n
              WHERE (SELECT count(*) FROM recipe_lists t WHERE t.uid = n.uid) > 50) THEN
    RAISE EXCEPTION 'recipe lists full: 50 lists at most' USING ERRCODE = 'SF002';
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER recipe_lists_lock BEFORE INSERT ON recipe_lists FOR EACH ROW EXECUTE FUNCTION recipe_lists_lock();
CREATE TRIGGER recipe_lists_cap AFTER INSERT ON recipe_lists REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION recipe_lists_cap();

-- A list's recipes: the lock is the list's row (what adding a recipe locks first).
CREATE FUNCTION recipe_list_recipes_lock() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM recipe_lists WHERE uid = NEW.uid AND id = NEW.list_id FOR UPDATE;
  RETURN NEW;
END $$;
CREATE FUNCTION recipe_list_recipes_cap() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM (SELECT DISTINCT uid, list_id FROM new_rows) n
              WHERE (SELECT count(*) FROM recipe_list_recipes t WHERE t.uid = n.uid AND t.list_id = n.list_id) > 200) THEN
    RAISE EXCEPTION 'recipe list full: 200 recipes at most' USING ERRCODE = 'SF003';
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER recipe_list_recipes_lock BEFORE INSERT ON recipe_list_recipes FOR EACH ROW EXECUTE FUNCTION recipe_list_recipes_lock();
CREATE TRIGGER recipe_list_recipes_cap AFTER INSERT ON recipe_list_recipes REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION recipe_list_recipes_cap();

CREATE FUNCTION meal_plan_lock() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('meal-plan:' || NEW.uid));
  RETURN NEW;
END $$;
CREATE FUNCTION meal_plan_cap() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM (SELECT DISTINCT uid, plan_date FROM new_rows) n
              WHERE (SELECT count(*) FROM meal_plan_entries t WHERE t.uid = n.uid AND t.plan_date = n.plan_date) > 10) THEN
    RAISE EXCEPTION 'meal plan day full: 10 recipes at most' USING ERRCODE = 'SF004';
  END IF;
  IF EXISTS (SELECT 1 FROM (SELECT DISTINCT uid FROM new_rows) n
              WHERE (SELECT count(*) FROM meal_plan_entries t WHERE t.uid = n.uid) > 1000) THEN
    RAISE EXCEPTION 'meal plan full: 1000 planned recipes at most' USING ERRCODE = 'SF005';
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER meal_plan_entries_lock BEFORE INSERT ON meal_plan_entries FOR EACH ROW EXECUTE FUNCTION meal_plan_lock();
CREATE TRIGGER meal_plan_entries_cap AFTER INSERT ON meal_plan_entries REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION meal_plan_cap();
