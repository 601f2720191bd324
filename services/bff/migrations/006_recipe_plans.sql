-- Issue 16: the shopper's recipe lists (/recipes/my-recipe-lists) and meal plan (/recipes/meal-plan),
-- owned by mf-shopping-list (spec §2 Routes). Signed-in shoppers only; anonymous shoppers keep theirs in
-- the browser and it is merged in on sign-in (POST /api/recipe-lists/merge, /api/meal-plan/merge).
-- Every row is keyed by the shopper's uid: a list id is chosen by the browser (a UUID, so a list made
-- offline keeps its id when it reaches the account) and is unique per shopper only, so one shopper can
-- never reach or block another's list by its id.
CREATE TABLE recipe_lists (
  uid text NOT NULL,
  id uuid NOT NULL,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 60),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (uid, id)
);

CREATE TABLE recipe_list_recipes (
  uid text NOT NULL,
  list_id uuid NOT NULL,
  recipe_id text NOT NULL,
  added_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (uid, list_id, recipe_id),
  FOREIGN KEY (uid, list_id) REFERENCES recipe_lists (uid, id) ON DELETE CASCADE
);

CREATE TABLE meal_plan_entries (
  uid text NOT NULL,
  plan_date date NOT NULL,
  recipe_id text NOT NULL,
  added_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (uid, plan_date, recipe_id)
);
