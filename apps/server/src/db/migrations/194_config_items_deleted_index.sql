-- The walk of POST /api/catalog/changes (catalog/query/changeScope.ts) leaves out deleted items at
-- every hop: an anti join with the (few) deleted items, read from this index, instead of a probe
-- or a scan of every live item.
create index if not exists config_items_deleted_idx on config_items (id) where deleted_at is not null;
