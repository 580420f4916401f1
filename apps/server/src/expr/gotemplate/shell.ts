import type { Printer } from './exec.js';
import { printed, Raw } from './raw.js';

/**
 * Contextual shell escaping for templates rendered into scripts, as html/template escapes for
 * HTML: the printer follows the script's own text (quotes, `$'...'`, comments, heredocs) and
 * escapes each printed value for where it lands, so a value is always data, never code.
 * - outside quotes: kept bare when it only holds `[A-Za-z0-9_./:=@%+,-]` (so `--name={{.x}}` and
 *   paths read as before), otherwise single-quoted (`'it'\''s'`);
 * - inside "...": `$`, backtick, `"` and `\` are backslash-escaped;
 * - inside '...': `'` becomes `'\''`;
 * - inside $'...': `\` and `'` are backslash-escaped;
 * - in a heredoc: `$`, backtick and `\` escaped (nothing when its delimiter is quoted);
 * - in a comment: a newline continues the comment.
 * `raw` values print as they are; `shellQuote`d values as they are outside quotes.
 */

type State = 'bare' | 'double' | 'single' | 'ansi' | 'comment' | 'heredoc';

const SAFE = /^[A-Za-z0-9_./:=@%+,-]+$/;

export function quoteBare(s: string): string {
  if (SAFE.test(s)) return s;
  return `'${s.replaceAll("'", `'\\''`)}'`;
}

class ShellPrinter implements Printer {
  private state: State = 'bare';
  /** The last character of the text so far (a `#` starts a comment only at a word's start). */
  private prev = '\n';
  private escaped = false;
  private heredocs: { delim: string; quoted: boolean; strip: boolean }[] = [];
  private heredoc?: { delim: string; quoted: boolean; strip: boolean };
  private line = '';

  text(s: string): void {
    for (let i = 0; i < s.length; i++) {
      const c = s[i] as string;
      this.step(c, s, i);
      this.prev = c;
    }
  }

  private step(c: string, s: string, i: number): void {
    if (this.escaped) {
      this.escaped = false;
      return;
    }
    switch (this.state) {
      case 'bare':
        if (c === '\\') this.escaped = true;
        else if (c === "'") this.state = this.prev === '$' ? 'ansi' : 'single';
        else if (c === '"') this.state = 'double';
        else if (c === '#' && /[\s;&|(]/.test(this.prev)) this.state = 'comment';
        else if (c === '<' && s[i + 1] === '<' && s[i + 2] !== '<') this.startHeredoc(s.slice(i + 2));
        else if (c === '\n') this.beginPendingHeredoc();
        return;
      case 'double':
        if (c === '\\') this.escaped = true;
        else if (c === '"') this.state = 'bare';
        return;
      case 'single':
        if (c === "'") this.state = 'bare';
        return;
      case 'ansi':
        if (c === '\\') this.escaped = true;
        else if (c === "'") this.state = 'bare';
        return;
      case 'comment':
        if (c === '\n') {
          this.state = 'bare';
          this.beginPendingHeredoc();
        }
        return;
      case 'heredoc': {
        const h = this.heredoc as { delim: string; quoted: boolean; strip: boolean };
        if (c !== '\n') {
          this.line += c;
          return;
        }
        const line = h.strip ? this.line.replace(/^\t+/, '') : this.line;
        this.line = '';
        if (line === h.delim) {
          this.heredoc = undefined;
          this.state = 'bare';
          this.beginPendingHeredoc();
        }
        return;
      }
    }
  }

  private startHeredoc(rest: string): void {
    const m = /^(-?)[ \t]*(?:'([^']*)'|"([^"]*)"|\\?([A-Za-z_][\w]*))/.exec(rest);
    if (!m) return;
    const delim = m[2] ?? m[3] ?? (m[4] as string);
    this.heredocs.push({ delim, quoted: m[2] !== undefined || m[3] !== undefined, strip: m[1] === '-' });
  }

  private beginPendingHeredoc(): void {
    const next = this.heredocs.shift();
    if (!next) return;
    this.heredoc = next;
    this.state = 'heredoc';
    this.line = '';
  }

  value(v: unknown): string {
    if (v instanceof Raw && (!v.bareOnly || this.state === 'bare')) return v.text;
    const s = printed(v instanceof Raw ? v.text : v);
    let out: string;
    switch (this.state) {
      case 'bare':
        out = quoteBare(s);
        break;
      case 'double':
        out = s.replace(/[$`"\\]/g, '\\$&');
        break;
      case 'single':
        out = s.replaceAll("'", `'\\''`);
        break;
      case 'ansi':
        out = s.replace(/[\\']/g, '\\$&');
        break;
      case 'comment':
        out = s.replaceAll('\n', '\n# ');
        break;
      case 'heredoc':
        out = this.heredoc?.quoted ? s : s.replace(/[$`\\]/g, '\\$&');
        // a value never ends the heredoc early: a line equal to the delimiter is kept apart
        if (this.heredoc && s.split('\n').some((l) => l === this.heredoc?.delim)) out = out.replaceAll('\n', '\n ');
        break;
    }
    // what was printed continues the current line (for heredoc delimiter matching)
    if (this.state === 'heredoc') this.line += out.slice(out.lastIndexOf('\n') + 1);
    if (out.length) this.prev = out[out.length - 1] as string;
    return out;
  }
}

/** A fresh printer for one rendering of a script (it keeps the quoting state of that script). */
export function shellPrinter(): Printer {
  return new ShellPrinter();
}
