import { PermissionsTable } from './PermissionsTable.js';

/** /settings/permissions: every allow and deny row beyond the role table. */
export function PermissionsPage() {
  return (
    <div className="flex h-full flex-col gap-3 p-4">
      <p className="text-sm text-zinc-600">
        Allow and deny rules that give teams, people and notifications access beyond their role. A deny wins over every
        role and allow; a rule with an end date stops at that time.
      </p>
      <PermissionsTable />
    </div>
  );
}
