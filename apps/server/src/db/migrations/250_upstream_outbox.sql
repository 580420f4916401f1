-- Agent mode (issue 18 part 1): an OpsDeck started with OPSDECK_UPSTREAM_URL pushes what it runs
-- to an upstream OpsDeck. upstream_state holds the one row that says "this database is an
-- agent's" (and the push job's claim); while it exists, triggers queue the key of every inserted,
-- updated or deleted row of the pushed tables in upstream_outbox. The push job reads the outbox in
-- dependency order and deletes an entry only after the upstream accepted it, and only if it still
-- holds the sequence number it read (a row changed meanwhile is pushed again).
create table upstream_state (
  id int primary key default 1 check (id = 1),
  agent_name text not null,
  upstream_url text not null,
  claimed_by text,
  claimed_until timestamptz,
  last_pushed timestamptz,
  last_error text
);

create sequence upstream_outbox_seq;

create table upstream_outbox (
  table_name text not null,
  row_key jsonb not null,
  op text not null check (op in ('upsert', 'delete')),
  seq bigint not null,
  -- how often the upstream answered a foreign-key failure for this row (it waits for its parent)
  attempts int not null default 0,
  primary key (table_name, row_key)
);

-- TG_ARGV: the primary-key columns of the table.
create or replace function upstream_enqueue() returns trigger language plpgsql as $$
declare
  rec jsonb;
  k jsonb;
begin
  if not exists (select 1 from upstream_state) then return null; end if;
  rec := case when tg_op = 'DELETE' then to_jsonb(old) else to_jsonb(new) end;
  select jsonb_object_agg(c, rec -> c) into k from unnest(tg_argv) as c;
  insert into upstream_outbox (table_name, row_key, op, seq)
  values (tg_table_name, k, case when tg_op = 'DELETE' then 'delete' else 'upsert' end, nextval('upstream_outbox_seq'))
  on conflict (table_name, row_key) do update set op = excluded.op, seq = excluded.seq, attempts = 0;
  return null;
end $$;

create trigger canaries_upstream after insert or update or delete on canaries
  for each row execute function upstream_enqueue('id');
create trigger checks_upstream after insert or update or delete on checks
  for each row execute function upstream_enqueue('id');
create trigger check_statuses_upstream after insert or update or delete on check_statuses
  for each row execute function upstream_enqueue('check_id', 'time');
create trigger config_scrapers_upstream after insert or update or delete on config_scrapers
  for each row execute function upstream_enqueue('id');
create trigger config_items_upstream after insert or update or delete on config_items
  for each row execute function upstream_enqueue('id');
create trigger config_changes_upstream after insert or update or delete on config_changes
  for each row execute function upstream_enqueue('id');
create trigger config_analysis_upstream after insert or update or delete on config_analysis
  for each row execute function upstream_enqueue('id');
create trigger topologies_upstream after insert or update or delete on topologies
  for each row execute function upstream_enqueue('id');
create trigger components_upstream after insert or update or delete on components
  for each row execute function upstream_enqueue('id');
create trigger job_history_upstream after insert or update or delete on job_history
  for each row execute function upstream_enqueue('id');

-- Upstream side: deleting an agent marked `cleanup` soft-deletes what it pushed (its checks,
-- canaries, catalog and topologies leave the lists; history rows stay).
create or replace function agents_cleanup() returns trigger language plpgsql as $$
begin
  if new.deleted_at is not null and old.deleted_at is null and new.cleanup then
    update checks set deleted_at = new.deleted_at where agent_id = new.id and deleted_at is null;
    update canaries set deleted_at = new.deleted_at where agent_id = new.id and deleted_at is null;
    update config_items set deleted_at = new.deleted_at, delete_reason = 'agent deleted'
      where agent_id = new.id and deleted_at is null;
    update config_scrapers set deleted_at = new.deleted_at where agent_id = new.id and deleted_at is null;
    update components set deleted_at = new.deleted_at where agent_id = new.id and deleted_at is null;
    update topologies set deleted_at = new.deleted_at where agent_id = new.id and deleted_at is null;
  end if;
  return new;
end $$;
create trigger agents_cleanup after update of deleted_at on agents
  for each row execute function agents_cleanup();
