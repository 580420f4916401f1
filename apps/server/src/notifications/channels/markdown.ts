/** Small markdown conversions for channels whose services do not render markdown themselves. */

/** Escapes text for HTML. */
export function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function inline(s: string): string {
  return escapeHtml(s)
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, '<b>$1</b>')
    .replace(/(^|[^*])\*([^*\s][^*]*)\*/g, '$1<i>$2</i>')
    .replace(/\[([^\]]+)\]\((https?:\/\/[^)\s]+)\)/g, '<a href="$2">$1</a>');
}

/** Renders the markdown subset notification templates use (headings, emphasis, code, links, lists) as HTML. */
export function markdownToHtml(md: string): string {
  const out: string[] = [];
  let list = false;
  let para: string[] = [];
  const flush = () => {
    if (para.length) out.push(`<p>${para.map(inline).join('<br>')}</p>`);
    para = [];
  };
  for (const raw of md.split('\n')) {
    const line = raw.trimEnd();
    const item = /^\s*[-*]\s+(.*)$/.exec(line);
    if (!item && list) {
      out.push('</ul>');
      list = false;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      flush();
      const level = (heading[1] as string).length;
      out.push(`<h${level}>${inline(heading[2] as string)}</h${level}>`);
    } else if (item) {
      flush();
      if (!list) out.push('<ul>');
      list = true;
      out.push(`<li>${inline(item[1] as string)}</li>`);
    } else if (!line.trim()) flush();
    else para.push(line);
  }
  flush();
  if (list) out.push('</ul>');
  return out.join('\n');
}

/** Slack's mrkdwn: *bold*, _italic_, <url|text> links. */
export function markdownToSlack(md: string): string {
  return md
    .replace(/\*\*([^*]+)\*\*/g, '*$1*')
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, '<$2|$1>')
    .replace(/^#{1,6}\s+(.*)$/gm, '*$1*');
}
