-- The changes of a set of items counted per change type (POST /api/catalog/changes over a walked
-- scope) read only this index: its key is the old config_changes_config_time_idx's, and it carries
-- change_type, so a count of 100,000 changes is an index-only scan instead of 100,000 heap rows.
create index if not exists config_changes_config_time_type_idx on config_changes (config_id, created_at desc)
  include (change_type);
drop index if exists config_changes_config_time_idx;
