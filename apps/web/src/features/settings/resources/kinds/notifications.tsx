import { NOTIFICATION_EVENTS } from '@opsdeck/schema/notifications';
import { Age } from '../../../../ui/Age.js';
import { channelErrors } from '../../channels/channelEntries.js';
import { NotificationRuleForm } from '../../channels/NotificationRuleForm.js';
import { RECIPIENT_SELECT, recipientNames } from '../../channels/recipients.js';
import { ResourceFormEditor } from '../ResourceFormEditor.js';
import type { ResourceKind } from '../types.js';
import { NotificationPlaybookHint } from './NotificationPlaybookHint.js';

const REQUIRED = 'This field is required';

/** Notification rules: events, filter, title, body, person, team and channels on the form; the rest in its YAML view. */
export const notificationsKind: ResourceKind = {
  table: 'notifications',
  title: 'Notifications',
  noun: 'notification rule',
  resource: 'notifications',
  listSelect: `id,name,namespace,events,custom_services,source,error,created_at,updated_at,${RECIPIENT_SELECT}`,
  columns: [
    { id: 'name', header: 'Name', sortable: true, cell: (r) => <span className="font-medium">{String(r.name)}</span> },
    { id: 'namespace', header: 'Namespace', sortable: true, cell: (r) => String(r.namespace ?? '') },
    {
      id: 'events',
      header: 'Events',
      cell: (r) => <span className="text-xs text-zinc-600">{((r.events as string[] | null) ?? []).join(', ')}</span>,
    },
    {
      id: 'recipients',
      header: 'Recipients',
      cell: (r) => <span className="text-xs text-zinc-600">{recipientNames(r).join(', ')}</span>,
    },
    { id: 'source', header: 'Source', sortable: true, cell: (r) => String(r.source ?? 'UI') },
    {
      id: 'error',
      header: 'Status',
      cell: (r) =>
        r.error ? (
          <span className="text-xs text-red-700">Paused: {String(r.error)}</span>
        ) : (
          <span className="text-xs">Active</span>
        ),
    },
    {
      id: 'updated_at',
      header: 'Updated',
      sortable: true,
      cell: (r) => <Age date={r.updated_at as string} suffix=" ago" className="text-xs text-zinc-500" />,
    },
  ],
  detailSelect:
    'id,name,namespace,events,title,template,filter,person_id,team_id,playbook_id,custom_services,properties,repeat_interval,wait_for,wait_for_eval_period,group_by,inhibitions,fallback_delay,fallback_custom_services,fallback_person_id,fallback_team_id,source,error,created_at,updated_at',
  fields: [
    { name: 'name', label: 'Name', kind: 'text', required: true, fixedOnceSaved: true },
    { name: 'namespace', label: 'Namespace', kind: 'text', fixedOnceSaved: true },
    { name: 'events', label: 'Events', kind: 'multiselect', required: true, options: NOTIFICATION_EVENTS },
    { name: 'filter', label: 'Filter', kind: 'text', placeholder: "check.name == 'web'", help: 'A CEL expression' },
    { name: 'title', label: 'Title', kind: 'text', placeholder: '{{.check.name}} failed' },
    { name: 'template', label: 'Body', kind: 'textarea' },
    { name: 'team_id', label: 'Team', kind: 'team' },
    { name: 'person_id', label: 'Person', kind: 'person' },
    { name: 'repeat_interval', label: 'Repeat interval', kind: 'text', placeholder: '4h' },
  ],
  yamlColumns: [
    'custom_services',
    'properties',
    'wait_for',
    'group_by',
    'inhibitions',
    'fallback_delay',
    'fallback_custom_services',
  ],
  blank: () => ({ name: '', namespace: 'default', events: [], custom_services: [] }),
  validate: (v) => {
    const errors: Record<string, string> = {};
    if (!String(v.name ?? '').trim()) errors.name = REQUIRED;
    if (!Array.isArray(v.events) || v.events.length === 0) errors.events = REQUIRED;
    const channels = Array.isArray(v.custom_services) && v.custom_services.length > 0;
    if (!v.team_id && !v.person_id && !channels && !v.playbook_id)
      errors.person_id = 'Choose who is told: a person, a team or a channel';
    return {
      ...errors,
      ...channelErrors('custom_services', v.custom_services),
      ...channelErrors('fallback_custom_services', v.fallback_custom_services),
    };
  },
  form: NotificationRuleForm,
  specEditor: ResourceFormEditor,
  crdKind: 'Notification',
  // a notification may be the subject of permission rows (running playbooks on its own)
  permissionsColumn: 'notification_id',
  notice: NotificationPlaybookHint,
};
