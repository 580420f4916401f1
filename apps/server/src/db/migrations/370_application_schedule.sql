-- Applications with spec.schedule: the report is rebuilt on that schedule and stored here; the
-- due time is claimed by moving next_runtime forward (the check scheduler's pattern).
alter table applications add column next_runtime timestamptz;
alter table applications add column report jsonb;
alter table applications add column report_generated_at timestamptz;
-- md5 of the spec the stored report was built from: a changed spec is not answered an old report
alter table applications add column report_spec text;
create index applications_next_runtime on applications (next_runtime) where deleted_at is null;
