-- The catalog summary counts the changes of a time window per group of items: an index on
-- created_at that carries config_id lets it read the window without touching the change rows.
create index if not exists config_changes_created_config_idx on config_changes (created_at desc) include (config_id);
