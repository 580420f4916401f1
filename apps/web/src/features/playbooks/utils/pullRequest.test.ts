import { describe, expect, it } from 'vitest';
import { pullRequestOf } from './pullRequest.js';

describe('pullRequestOf', () => {
  it('names the pull request or merge request a gitops action opened', () => {
    expect(
      pullRequestOf({ pull_request: { forge: 'github', number: 4, url: 'https://github.com/a/b/pull/4' } }),
    ).toEqual({ url: 'https://github.com/a/b/pull/4', label: 'Pull request #4' });
    expect(
      pullRequestOf({ pull_request: { forge: 'gitlab', number: 2, url: 'http://gl/a/-/merge_requests/2' } }),
    ).toEqual({ url: 'http://gl/a/-/merge_requests/2', label: 'Merge request !2' });
  });

  it('answers nothing for other results and for links that are not http(s)', () => {
    expect(pullRequestOf({ stdout: 'x' })).toBeUndefined();
    expect(pullRequestOf(null)).toBeUndefined();
    expect(pullRequestOf({ pull_request: { url: 'javascript:alert(1)', number: 1 } })).toBeUndefined();
  });
});
