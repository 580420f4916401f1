-- The closed hours of each objective, kept by the periodic evaluation so a read of a 30-day window
-- reads about 720 rows instead of every check's results. One row per hour in the objective's
-- window, empty hours included (a row says "this hour was computed"). Bit i of a mask stands for
-- minute i of the hour: seen = some raw result, good / bad = the minute's verdict. bad_runs lists
-- the runs of bad minutes with the same failing checks ([first minute, end minute, check ids]);
-- ratio is the hour's estimate from check_statuses_1h (null without a rollup). fingerprint names
-- what the hour was computed from (indicator, selected checks, the maintenance windows covering
-- them); a row with another fingerprint is stale and is recomputed.
create table service_level_objective_hours (
  objective_id uuid not null references service_level_objectives (id) on delete cascade,
  hour timestamptz not null,
  fingerprint text not null,
  seen_mask bigint not null default 0,
  good_mask bigint not null default 0,
  bad_mask bigint not null default 0,
  bad_runs jsonb not null default '[]',
  ratio float8,
  primary key (objective_id, hour)
);
