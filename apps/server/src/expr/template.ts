import { ExprError } from './errors.js';
import { GoTemplate, type Printer } from './gotemplate/index.js';
import { Lru } from './lru.js';
import { templateFunctions } from './template-funcs.js';

/**
 * Go templates as specs write them, through the text/template engine in `gotemplate/` (the whole
 * language: variables, `define`/`template`/`block`, `range` with `break`/`continue`, Go's
 * builtins and printf) with the gomplate/Sprig function library of template-funcs.ts. A
 * `# gotemplate: left-delim=$[[ right-delim=]]` line switches the delimiters of that template.
 */

export { shellPrinter } from './gotemplate/shell.js';

const cache = new Lru<GoTemplate>(2000);

function compile(src: string): GoTemplate {
  const hit = cache.get(src);
  if (hit) return hit;
  let tpl: GoTemplate;
  try {
    tpl = GoTemplate.parse(src, { name: 'template', funcs: templateFunctions, header: true });
  } catch (err) {
    throw new ExprError('template', src, err instanceof Error ? err.message : String(err));
  }
  cache.set(src, tpl);
  return tpl;
}

/** Checks template syntax without rendering (for validation); throws ExprError. */
export function compileTemplate(src: string): void {
  compile(src);
}

export interface RenderOptions {
  /** Escapes printed values for where they land (shell.ts: quoting for scripts). */
  printer?: Printer;
}

/** Renders a Go template with `data` as `.` and `$`; throws ExprError. */
export function renderTemplate(src: string, data: unknown, opts?: RenderOptions): string {
  const tpl = compile(src);
  try {
    return opts?.printer ? tpl.execute(data, { printer: opts.printer }) : tpl.execute(data);
  } catch (err) {
    throw new ExprError('template', src, err instanceof Error ? err.message : String(err));
  }
}
