import { githubActionSchema } from '@opsdeck/schema';
import type { z } from 'zod';
import { type ActionType, failed } from './types.js';

type Spec = z.infer<typeof githubActionSchema>;

const DEFAULT_API = 'https://api.github.com';

interface Dispatched {
  workflow: string;
  ref: string;
  status: number;
}

/**
 * Starts GitHub Actions workflows through GitHub's REST API: one `workflow_dispatch` per entry
 * of `workflows` (`POST /repos/{owner}/{repo}/actions/workflows/{id}/dispatches`, the token as
 * bearer). The result lists each dispatch; the first one GitHub refuses fails the action with
 * GitHub's own message.
 */
export const githubAction: ActionType<Spec> = {
  type: 'github',
  schema: githubActionSchema,
  async run(spec, ctx) {
    const token = await ctx.resolveEnv(spec.token);
    if (!token) return failed(new Error('github: token is empty'));
    const api = (spec.url || DEFAULT_API).replace(/\/+$/, '');
    const repo = `${encodeURIComponent(spec.username)}/${encodeURIComponent(spec.repo)}`;
    const dispatched: Dispatched[] = [];
    for (const w of spec.workflows ?? []) {
      let inputs: unknown;
      if (w.input?.trim()) {
        try {
          inputs = JSON.parse(w.input);
        } catch {
          return failed(new Error(`github: workflow ${w.id}: input is not JSON`), { dispatched });
        }
        if (!inputs || typeof inputs !== 'object' || Array.isArray(inputs))
          return failed(new Error(`github: workflow ${w.id}: input must be a JSON object`), { dispatched });
      }
      const ref = w.ref || 'main';
      const url = `${api}/repos/${repo}/actions/workflows/${encodeURIComponent(w.id)}/dispatches`;
      let res: Response;
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: {
            accept: 'application/vnd.github+json',
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            'x-github-api-version': '2022-11-28',
          },
          body: JSON.stringify({ ref, ...(inputs ? { inputs } : {}) }),
          signal: ctx.signal,
        });
      } catch (err) {
        if (ctx.signal.aborted) throw ctx.signal.reason;
        const cause = (err as { cause?: { message?: string } }).cause?.message;
        return failed(new Error(`github: ${api}: ${cause ?? (err as Error).message}`), { dispatched });
      }
      const text = await res.text();
      if (!res.ok) {
        let message = text.slice(0, 300);
        try {
          message = (JSON.parse(text) as { message?: string }).message ?? message;
        } catch {
          // not JSON: keep the text
        }
        return failed(new Error(`github: workflow ${w.id} on ${ref}: ${res.status} ${message}`), { dispatched });
      }
      dispatched.push({ workflow: w.id, ref, status: res.status });
    }
    return { ok: true, result: { repository: `${spec.username}/${spec.repo}`, dispatched } };
  },
};
