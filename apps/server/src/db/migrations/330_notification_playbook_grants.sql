-- A notification rule that runs a playbook now needs `playbook:run` through a permission row
-- naming it as subject (playbooks/notify.ts). Rules that ran their playbook before keep doing so:
-- each live rule with a playbook gets that row once (none when a row of the rule on that playbook
-- and action exists, allow or deny). Fallbacks run no playbooks (notifications/spec.ts), so
-- fallback_playbook_id gets none.
insert into permissions (name, namespace, description, source, action, playbook_id, notification_id)
select
  'notification-' || n.name || '-playbook-run',
  n.namespace,
  'Granted on upgrade: notification rule ' || n.namespace || '/' || n.name
    || ' ran this playbook before rules needed a playbook:run permission',
  'UI',
  'playbook:run',
  n.playbook_id,
  n.id
from notifications n
where n.deleted_at is null
  and n.playbook_id is not null
  and not exists (
    select 1 from permissions p
    where p.notification_id = n.id and p.playbook_id = n.playbook_id
      and p.action = 'playbook:run' and p.deleted_at is null
  );

-- every send of a rule with a playbook reads the rows naming the rule
create index if not exists permissions_notification_idx on permissions (notification_id) where deleted_at is null;
