import { NamesPicker } from './NamesPicker.js';
import { type PlaybookDoc, withSpec } from './playbookDoc.js';
import { type FieldHint, SchemaFields } from './SchemaFields.js';
import { APPROVAL_FIELDS, SPEC_HINTS } from './specSections.js';

const APPROVAL_HINTS: Record<string, FieldHint> = {
  ...SPEC_HINTS,
  type: { help: 'any: one approver is enough; all: every one listed' },
  'approvers.people': { label: 'People', render: (p) => <NamesPicker kind="Person" {...p} /> },
  'approvers.teams': { label: 'Teams', render: (p) => <NamesPicker kind="Team" {...p} /> },
};

/** Whether runs wait for an approval, and whose: people by email, teams by name, any or all of them. */
export function ApprovalSection({
  doc,
  onChange,
  errors,
  readOnly,
}: {
  doc: PlaybookDoc;
  onChange: (doc: PlaybookDoc) => void;
  errors: Map<string, string>;
  readOnly: boolean;
}) {
  const raw = doc.spec.approval;
  const approval = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : undefined;
  return (
    <section aria-label="Approval" className="flex flex-col gap-3">
      <h3 className="text-sm font-semibold text-zinc-800">Approval</h3>
      <label className="flex items-center gap-2 text-sm text-zinc-700">
        <input
          type="checkbox"
          checked={raw !== undefined}
          disabled={readOnly}
          onChange={(e) =>
            onChange(withSpec(doc, 'approval', e.target.checked ? { type: 'any', approvers: {} } : undefined))
          }
        />
        Runs wait for an approval
      </label>
      {errors.get('spec.approval') && <p className="text-xs text-red-600">{errors.get('spec.approval')}</p>}
      {approval && (
        <SchemaFields
          fields={APPROVAL_FIELDS}
          value={approval}
          // the approval stays while its box is checked, even with nobody chosen yet
          onChange={(v) => onChange({ ...doc, spec: { ...doc.spec, approval: v } })}
          path="spec.approval"
          errors={errors}
          readOnly={readOnly}
          hints={APPROVAL_HINTS}
        />
      )}
    </section>
  );
}
