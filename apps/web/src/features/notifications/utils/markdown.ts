// A small markdown reader for notification bodies. It yields a tree of plain strings and known
// node types, never HTML: the component renders it as React elements, so any HTML in a body is
// shown as text. Links keep only http(s), mailto and same-site targets.

/** Text-level pieces of a line. */
export type Inline =
  | { type: 'text'; text: string }
  | { type: 'code'; text: string }
  | { type: 'strong'; children: Inline[] }
  | { type: 'em'; children: Inline[] }
  | { type: 'link'; href: string; children: Inline[] }
  | { type: 'br' };

/** Blocks of a body. */
export type Block =
  | { type: 'heading'; level: 1 | 2 | 3 | 4 | 5 | 6; children: Inline[] }
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'code'; text: string }
  | { type: 'quote'; children: Inline[] }
  | { type: 'list'; ordered: boolean; items: Inline[][] };

/** The link target if it is safe to follow (http, https, mailto or a path on this site), else null. */
export function safeHref(raw: string): string | null {
  const href = raw.trim();
  if (/^(https?:|mailto:)/i.test(href)) return href;
  if (href.startsWith('/') && !href.startsWith('//')) return href;
  return null;
}

const INLINE = /`([^`]+)`|\*\*(.+?)\*\*|__(.+?)__|\*([^*\s][^*]*?)\*|_([^_\s][^_]*?)_|\[([^\]]+)\]\(([^)\s]+)\)/;

/** Splits one stretch of text into inline nodes. */
export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let rest = text;
  while (rest) {
    const m = INLINE.exec(rest);
    if (!m) {
      out.push({ type: 'text', text: rest });
      break;
    }
    if (m.index > 0) out.push({ type: 'text', text: rest.slice(0, m.index) });
    const [whole, code, strong1, strong2, em1, em2, label, href] = m;
    if (code !== undefined) out.push({ type: 'code', text: code });
    else if (strong1 !== undefined || strong2 !== undefined)
      out.push({ type: 'strong', children: parseInline(strong1 ?? strong2 ?? '') });
    else if (em1 !== undefined || em2 !== undefined) out.push({ type: 'em', children: parseInline(em1 ?? em2 ?? '') });
    else if (label !== undefined && href !== undefined) {
      const safe = safeHref(href);
      out.push(safe ? { type: 'link', href: safe, children: parseInline(label) } : { type: 'text', text: whole });
    }
    rest = rest.slice(m.index + whole.length);
  }
  return out;
}

/** Lines joined with line breaks, as chat messages show single newlines. */
function lines(texts: string[]): Inline[] {
  return texts.flatMap((t, i) => (i === 0 ? parseInline(t) : [{ type: 'br' } as const, ...parseInline(t)]));
}

const HEADING = /^(#{1,6})\s+(.*)$/;
const BULLET = /^\s*[-*+]\s+(.*)$/;
const NUMBERED = /^\s*\d+[.)]\s+(.*)$/;

/** Parses a markdown body into blocks. */
export function parseMarkdown(source: string): Block[] {
  const input = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let i = 0;
  while (i < input.length) {
    const line = input[i] as string;
    if (!line.trim()) {
      i++;
      continue;
    }
    if (line.trimStart().startsWith('```')) {
      const body: string[] = [];
      i++;
      while (i < input.length && !(input[i] as string).trimStart().startsWith('```')) body.push(input[i++] as string);
      i++; // the closing fence, if any
      blocks.push({ type: 'code', text: body.join('\n') });
      continue;
    }
    const h = HEADING.exec(line);
    if (h) {
      blocks.push({
        type: 'heading',
        level: (h[1] as string).length as 1,
        children: parseInline((h[2] as string).trim()),
      });
      i++;
      continue;
    }
    if (line.startsWith('>')) {
      const body: string[] = [];
      while (i < input.length && (input[i] as string).startsWith('>'))
        body.push((input[i++] as string).replace(/^>\s?/, ''));
      blocks.push({ type: 'quote', children: lines(body) });
      continue;
    }
    const ordered = NUMBERED.test(line);
    if (ordered || BULLET.test(line)) {
      const re = ordered ? NUMBERED : BULLET;
      const items: Inline[][] = [];
      for (let m = re.exec(input[i] ?? ''); i < input.length && m; m = re.exec(input[++i] ?? '')) {
        items.push(parseInline(m[1] as string));
      }
      blocks.push({ type: 'list', ordered, items });
      continue;
    }
    const body: string[] = [];
    while (i < input.length) {
      const l = input[i] as string;
      if (!l.trim() || HEADING.test(l) || l.trimStart().startsWith('```') || l.startsWith('>') || BULLET.test(l)) break;
      body.push(l);
      i++;
    }
    blocks.push({ type: 'paragraph', children: lines(body) });
  }
  return blocks;
}
