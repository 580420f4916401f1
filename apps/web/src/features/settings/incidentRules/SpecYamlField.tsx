import { LazyYamlEditor } from '../canaries/LazyYamlEditor.js';
import type { SpecIssue } from './ruleSpec.js';

/** Accessible name of the YAML editor, by which people and tests find it. */
export const SPEC_EDITOR_LABEL = 'Spec (YAML)';

export interface SpecYamlFieldProps {
  value: string;
  onChange: (value: string) => void;
  readOnly: boolean;
  /** Problems of the current text, listed under the editor by path. */
  issues: SpecIssue[];
}

/** The rule's spec in the shared CodeMirror YAML editor, with the shared schema's problems listed inline. */
export function SpecYamlField({ value, onChange, readOnly, issues }: SpecYamlFieldProps) {
  return (
    <div className="flex flex-col gap-1">
      <span className="text-xs font-medium text-zinc-600">{SPEC_EDITOR_LABEL}</span>
      <div className="h-[24rem]">
        <LazyYamlEditor value={value} onChange={onChange} readOnly={readOnly} label={SPEC_EDITOR_LABEL} />
      </div>
      {issues.length > 0 ? (
        <ul aria-label="Problems" className="rounded-md border border-red-200 bg-red-50 p-2 text-xs text-red-700">
          {issues.map((i) => (
            <li key={`${i.path}:${i.message}`}>
              {i.path && <code className="mr-1 font-mono font-medium">{i.path}:</code>}
              {i.message}
            </li>
          ))}
        </ul>
      ) : (
        !readOnly && <p className="text-xs text-emerald-700">Valid incident rule spec</p>
      )}
    </div>
  );
}
