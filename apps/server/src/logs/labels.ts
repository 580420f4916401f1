/** Does a line's (or a file's) label set hold every label asked for? */
export function labelsMatch(have: Record<string, string>, want: Record<string, string>): boolean {
  return Object.entries(want).every(([k, v]) => have[k] === v);
}
