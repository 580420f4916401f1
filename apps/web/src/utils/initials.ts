/**
 * Up to two upper-case initials for an avatar: from the name's first and last words, else from
 * the email's local part (split on . _ - +), else '?'.
 */
export function initials(name?: string | null, email?: string | null): string {
  const fromWords = (words: string[]) => {
    const letters = words.map((w) => Array.from(w).find((c) => /\p{L}|\p{N}/u.test(c))).filter(Boolean) as string[];
    if (letters.length === 0) return '';
    const picked = letters.length === 1 ? [letters[0]] : [letters[0], letters[letters.length - 1]];
    return picked.join('').toLocaleUpperCase();
  };
  const byName = fromWords((name ?? '').trim().split(/\s+/).filter(Boolean));
  if (byName) return byName;
  const local = (email ?? '').split('@')[0] ?? '';
  const byEmail = fromWords(local.split(/[._+-]+/).filter(Boolean));
  return byEmail || '?';
}
