-- Spec §3 Alert / §7 POST /api/bannerAlert: one red, dismissible banner per province.
-- An alert is current when starts_at <= now() and (ends_at IS NULL OR ends_at > now()).
CREATE TABLE banner_alerts (
  id serial PRIMARY KEY,
  province char(2) NOT NULL,
  description_text text NOT NULL,
  cta_label text,
  cta_url text,
  starts_at timestamptz NOT NULL DEFAULT now(),
  ends_at timestamptz
);

CREATE INDEX banner_alerts_province_starts_idx ON banner_alerts (province, starts_at DESC);

-- Demo alerts. PE deliberately has none; NB's only alert has expired.
INSERT INTO banner_alerts (province, description_text, cta_label, cta_url, starts_at, ends_at) VALUES
  ('ON', 'Earn 2x Scene+ points on Harbour Pantry fresh produce at Ontario stores this week.', 'View offers', '/offers', '2024-01-01T00:00:00Z', NULL),
  ('NS', 'Store 3299 on Quinpool now opens at 7 a.m. Check your store''s hours before you go.', 'Find a store', '/store-locator', '2024-01-01T00:00:00Z', NULL),
  ('NL', 'Winter storm notice: some Newfoundland stores may open late. Check store hours before you travel.', 'Store hours', '/store-locator', '2024-01-01T00:00:00Z', NULL),
  ('NB', 'Holiday hours for New Brunswick stores.', 'See hours', '/store-locator', '2023-12-01T00:00:00Z', '2024-01-02T00:00:00Z');
