-- The last push a webhook (push) check received through /api/push/<token>: one row per check,
-- replaced by each push. A scheduled run of the check reports it, or fails when it is too old.
create table check_pushes (
  check_id uuid primary key references checks (id) on delete cascade,
  received_at timestamptz not null,
  up boolean not null,
  message text,
  ping_ms double precision
);
