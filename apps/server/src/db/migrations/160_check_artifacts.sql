-- Files an exec check's `artifacts` kept with one result, downloadable from the check's history
-- (GET /api/artifacts/download/:id). They go with their result: retention deleting the
-- check_statuses row deletes them. The content is bounded by the exec runner (1 MiB a file,
-- 5 MiB a run).
create table check_artifacts (
  id uuid primary key,
  check_id uuid not null,
  check_time timestamptz not null,
  path text not null,
  filename text not null,
  size int not null,
  content_type text not null,
  checksum text not null,
  content bytea not null,
  created_at timestamptz not null default now(),
  foreign key (check_id, check_time) references check_statuses (check_id, time) on delete cascade
);
create index check_artifacts_result_idx on check_artifacts (check_id, check_time);
