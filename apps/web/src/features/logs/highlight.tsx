/** `text` cut around every case-insensitive occurrence of `term`: `[part, matched]` pieces in order. */
export function splitMatches(text: string, term: string): Array<[string, boolean]> {
  const t = term.trim().toLowerCase();
  if (!t) return [[text, false]];
  const lower = text.toLowerCase();
  const out: Array<[string, boolean]> = [];
  let at = 0;
  for (let i = lower.indexOf(t); i >= 0; i = lower.indexOf(t, i + t.length)) {
    if (i > at) out.push([text.slice(at, i), false]);
    out.push([text.slice(i, i + t.length), true]);
    at = i + t.length;
  }
  if (at < text.length || !out.length) out.push([text.slice(at), false]);
  return out;
}

/** Text with the search term marked (rendered as text: markup in a line is shown, never run). */
export function Highlight({ text, term }: { text: string; term: string }) {
  return (
    <>
      {splitMatches(text, term).map(([part, hit], i) =>
        hit ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: pieces of one fixed text, in order
          <mark key={i} className="rounded-sm bg-yellow-200 text-inherit">
            {part}
          </mark>
        ) : (
          part
        ),
      )}
    </>
  );
}
