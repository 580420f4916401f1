-- The health summary's short windows (15m, 1h) read the results stored since their previous read
-- by the time each was stored; rows come in that order, so the index grows at its right edge.
create index if not exists check_statuses_created_at_idx on check_statuses (created_at);
