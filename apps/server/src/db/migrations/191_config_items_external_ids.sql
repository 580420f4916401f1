-- Reported changes, insights and relationship selectors find an item by any of its external ids
-- (transform.aliases are stored after the scraper's id): `external_id @> array[...]`.
create index if not exists config_items_external_id_idx on config_items using gin (external_id);
