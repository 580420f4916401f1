import { ExprError } from './errors.js';
import { GoTemplate, type Printer, type TemplateFunc } from './gotemplate/index.js';
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
let lastKey: string | undefined;
let lastTemplate: GoTemplate | undefined;

/** The data of the render in progress, for data keys called as functions (renders are synchronous). */
let rendering: unknown;

/** Function sets by the data keys they add to the library (a handful of fixed lists). */
const withData = new Map<string, Record<string, TemplateFunc>>();

function functionsFor(dataFunctions: readonly string[] | undefined): Record<string, TemplateFunc> {
  if (!dataFunctions?.length) return templateFunctions;
  const key = dataFunctions.join(',');
  let funcs = withData.get(key);
  if (!funcs) {
    funcs = { ...templateFunctions };
    for (const name of dataFunctions) {
      funcs[name] = () =>
        rendering !== null && typeof rendering === 'object' ? (rendering as Record<string, unknown>)[name] : undefined;
    }
    withData.set(key, funcs);
  }
  return funcs;
}

function compile(src: string, dataFunctions?: readonly string[]): GoTemplate {
  // the same text parses differently when data keys are functions too
  const key = dataFunctions?.length ? `\u0000${dataFunctions.join(',')}\u0000${src}` : src;
  // the template rendered last is most often the next one (a display template over many checks)
  if (key === lastKey && lastTemplate) return lastTemplate;
  const hit = cache.get(key);
  if (hit) {
    lastKey = key;
    lastTemplate = hit;
    return hit;
  }
  let tpl: GoTemplate;
  try {
    tpl = GoTemplate.parse(src, { name: 'template', funcs: functionsFor(dataFunctions), header: true });
  } catch (err) {
    throw new ExprError('template', src, err instanceof Error ? err.message : String(err));
  }
  cache.set(key, tpl);
  lastKey = key;
  lastTemplate = tpl;
  return tpl;
}

/**
 * Checks template syntax without rendering (for validation); throws ExprError. `dataFunctions`
 * as for renderTemplate.
 */
export function compileTemplate(src: string, dataFunctions?: readonly string[]): void {
  compile(src, dataFunctions);
}

export interface RenderOptions {
  /** Escapes printed values for where they land (shell.ts: quoting for scripts). */
  printer?: Printer;
  /**
   * Top-level keys of the data that may also be called as functions: upstream notification
   * templates write `{{ slackSectionTextMD check_status.error }}` and `{{ eq channel "slack" }}`,
   * their renderer offering the variables as functions too.
   */
  dataFunctions?: readonly string[];
}

/** Renders a Go template with `data` as `.` and `$`; throws ExprError. */
export function renderTemplate(src: string, data: unknown, opts?: RenderOptions): string {
  if (!opts?.dataFunctions) return execute(compile(src), src, data, opts?.printer);
  const tpl = compile(src, opts.dataFunctions);
  // the data functions read this render's data while it runs
  const outer = rendering;
  rendering = data;
  try {
    return execute(tpl, src, data, opts.printer);
  } finally {
    rendering = outer;
  }
}

function execute(tpl: GoTemplate, src: string, data: unknown, printer: Printer | undefined): string {
  try {
    return printer ? tpl.execute(data, { printer }) : tpl.execute(data);
  } catch (err) {
    throw new ExprError('template', src, err instanceof Error ? err.message : String(err));
  }
}
