/** The pull request a gitops action opened (`result.pull_request`), when its link is safe to follow. */
export interface PullRequestLink {
  url: string;
  label: string;
}

export function pullRequestOf(result: Record<string, unknown> | null | undefined): PullRequestLink | undefined {
  const pr = result?.pull_request as { url?: unknown; number?: unknown; forge?: unknown } | undefined;
  if (!pr || typeof pr.url !== 'string' || !/^https?:\/\//i.test(pr.url)) return undefined;
  const n = typeof pr.number === 'number' ? pr.number : undefined;
  const label =
    pr.forge === 'gitlab'
      ? `Merge request${n === undefined ? '' : ` !${n}`}`
      : `Pull request${n === undefined ? '' : ` #${n}`}`;
  return { url: pr.url, label };
}
