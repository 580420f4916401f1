-- The result writer updates every check's status and runtimes on each run and inserts its result;
-- row triggers that call PL/pgSQL only to find that nothing needs doing cost a function call per
-- row on each run. They now fire only when there is something to do.

-- A transition is a status change: the trigger's condition says so instead of its body.
drop trigger checks_status_transition on checks;
create trigger checks_status_transition before update of status on checks for each row
  when (new.status is distinct from old.status)
  execute function checks_status_transition();

drop trigger checks_queue_component_rollup on checks;
create trigger checks_queue_component_rollup after update of status, deleted_at on checks for each row
  when (new.status is distinct from old.status or new.deleted_at is distinct from old.deleted_at)
  execute function checks_queue_component_rollup();

-- The agent outbox for the tables every run writes (checks, check_statuses, job_history): once
-- per statement over its transition table, so a database that is no agent's (no upstream_state
-- row) pays one lookup per statement instead of one per row. The other pushed tables keep the
-- row trigger (upstream_enqueue), which queues the same keys. TG_ARGV: the primary-key columns.
create or replace function upstream_enqueue_rows() returns trigger language plpgsql as $$
declare
  tbl text;
begin
  if not exists (select 1 from upstream_state) then return null; end if;
  -- a partitioned table's rows are queued under its own name, as the push job knows it
  select relname into tbl from pg_class where oid = coalesce(pg_partition_root(tg_relid), tg_relid);
  if tg_op = 'DELETE' then
    insert into upstream_outbox (table_name, row_key, op, seq)
    select tbl, k.key, 'delete', nextval('upstream_outbox_seq')
    from old_rows r, lateral (select jsonb_object_agg(c, to_jsonb(r) -> c) as key from unnest(tg_argv) as c) k
    on conflict (table_name, row_key) do update set op = excluded.op, seq = excluded.seq, attempts = 0;
  else
    insert into upstream_outbox (table_name, row_key, op, seq)
    select tbl, k.key, 'upsert', nextval('upstream_outbox_seq')
    from new_rows r, lateral (select jsonb_object_agg(c, to_jsonb(r) -> c) as key from unnest(tg_argv) as c) k
    on conflict (table_name, row_key) do update set op = excluded.op, seq = excluded.seq, attempts = 0;
  end if;
  return null;
end $$;

-- a trigger with a transition table serves one event
drop trigger checks_upstream on checks;
create trigger checks_upstream_insert after insert on checks referencing new table as new_rows
  for each statement execute function upstream_enqueue_rows('id');
create trigger checks_upstream_update after update on checks referencing new table as new_rows
  for each statement execute function upstream_enqueue_rows('id');
create trigger checks_upstream_delete after delete on checks referencing old table as old_rows
  for each statement execute function upstream_enqueue_rows('id');

drop trigger check_statuses_upstream on check_statuses;
create trigger check_statuses_upstream_insert after insert on check_statuses referencing new table as new_rows
  for each statement execute function upstream_enqueue_rows('check_id', 'time');
create trigger check_statuses_upstream_update after update on check_statuses referencing new table as new_rows
  for each statement execute function upstream_enqueue_rows('check_id', 'time');
create trigger check_statuses_upstream_delete after delete on check_statuses referencing old table as old_rows
  for each statement execute function upstream_enqueue_rows('check_id', 'time');

drop trigger job_history_upstream on job_history;
create trigger job_history_upstream_insert after insert on job_history referencing new table as new_rows
  for each statement execute function upstream_enqueue_rows('id');
create trigger job_history_upstream_update after update on job_history referencing new table as new_rows
  for each statement execute function upstream_enqueue_rows('id');
create trigger job_history_upstream_delete after delete on job_history referencing old table as old_rows
  for each statement execute function upstream_enqueue_rows('id');
