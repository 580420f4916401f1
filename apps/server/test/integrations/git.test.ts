import { describe, expect, it } from 'vitest';
import { checkGitUrl, maskGitText, requireConnectionHost, splitCredentials } from '../../src/integrations/git.js';
import { treePath } from '../../src/integrations/gitTree.js';

describe('git helper: paths a spec may change', () => {
  it('keeps relative paths inside the repository', () => {
    expect(treePath('deploy/app.yaml')).toBe('deploy/app.yaml');
    expect(treePath('./a.json')).toBe('a.json');
    expect(treePath('.gitattributes')).toBe('.gitattributes');
    expect(treePath('.github/workflows/ci.yaml')).toBe('.github/workflows/ci.yaml');
  });

  it('refuses .git in any spelling, paths leaving the tree and absolute paths', () => {
    for (const p of ['.git/config', '.GIT/config', 'a/.git/hooks/x', '.git', '.git./config', 'a/../.git/config'])
      expect(() => treePath(p), p).toThrow(/\.git\/|leaves the repository/);
    for (const p of ['../x', 'a/../../x', 'a/..', '/etc/passwd', '', 'a//b/']) expect(() => treePath(p), p).toThrow();
  });
});

describe('git helper: remotes and credentials', () => {
  it('refuses transports that run commands', () => {
    for (const u of ['ext::sh -c touch% /tmp/x', 'fd::3', 'foo://x/y'])
      expect(() => checkGitUrl(u), u).toThrow(/only https/);
    for (const u of ['https://h/r.git', 'ssh://git@h/r', 'git@github.com:o/r.git', '/srv/r.git', 'file:///srv/r.git'])
      expect(() => checkGitUrl(u), u).not.toThrow();
  });

  it('takes user:password@ out of a URL and keeps explicit credentials first', () => {
    expect(splitCredentials({ url: 'https://bot:p%40ss@h/r.git' })).toEqual({
      url: 'https://h/r.git',
      credentials: { username: 'bot', password: 'p@ss' },
    });
    expect(splitCredentials({ url: 'https://bot:old@h/r.git', credentials: { password: 'new' } }).credentials).toEqual({
      username: 'bot',
      password: 'new',
    });
  });

  it('sends a connection’s credentials to its own host only', () => {
    expect(() => requireConnectionHost('https://git.example/a.git', 'https://git.example/b.git', 'c')).not.toThrow();
    expect(() => requireConnectionHost('https://evil.example/a.git', 'https://git.example/b.git', 'c')).toThrow(
      /sent only to its own host \(git\.example\)/,
    );
    expect(() => requireConnectionHost('https://git.example:8443/a', 'https://git.example/b', 'c')).toThrow();
    expect(() => requireConnectionHost('https://git.example/a', undefined, 'c')).toThrow(/no url/);
  });

  it('masks the password, its URL form and the basic-auth value', () => {
    const remote = { url: 'https://h/r', credentials: { username: 'bot', password: 's3cr/t' } };
    const basic = Buffer.from('bot:s3cr/t').toString('base64');
    expect(maskGitText(`a s3cr/t b s3cr%2Ft c ${basic}`, remote)).toBe('a ******** b ******** c ********');
  });
});
