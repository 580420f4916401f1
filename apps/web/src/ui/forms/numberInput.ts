/** What a number input's text becomes in the document: a number when it is one, else the text as typed. */
export function numberFromInput(text: string): number | string | undefined {
  const t = text.trim();
  if (t === '') return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : t;
}
