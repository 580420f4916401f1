import type { YamlIssue } from './types.js';

/** The problems of the YAML by path, under the editor; `valid` when there are none (and it may be saved). */
export function YamlProblems({ issues, valid }: { issues: YamlIssue[]; valid?: string }) {
  if (!issues.length) return valid ? <p className="text-xs text-emerald-700">{valid}</p> : null;
  return (
    <ul aria-label="Problems" className="rounded-md border border-red-200 bg-red-50 p-2 text-xs text-red-700">
      {issues.map((i) => (
        <li key={`${i.path}:${i.message}`}>
          {i.path && <code className="mr-1 font-mono font-medium">{i.path}:</code>}
          {i.message}
        </li>
      ))}
    </ul>
  );
}
