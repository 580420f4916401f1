/** `1 canary`, `2 canaries`: a count with the noun that agrees with it. */
export function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}
