-- Incident rules may open incidents for service level objectives whose alerts fire: the incident's
-- evidence then names the objective (type 'objective'), as a check's names the check.
alter table evidences add column objective_id uuid;
alter table evidences drop constraint evidences_type_check;
alter table evidences add constraint evidences_type_check check (
  type in ('log', 'config', 'topology', 'check', 'config_analysis', 'config_change', 'comment', 'objective'));
create index evidences_objective_idx on evidences (objective_id) where objective_id is not null;
