-- Deleting an incident rule keeps the incidents it opened: they lose the link instead of blocking
-- the delete with a foreign-key conflict.
alter table incidents drop constraint incidents_incident_rule_id_fkey;
alter table incidents add constraint incidents_incident_rule_id_fkey
  foreign key (incident_rule_id) references incident_rules (id) on delete set null;
