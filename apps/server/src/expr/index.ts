import { compileCel, evaluateCel } from './cel.js';
import { ExprError } from './errors.js';
import { compileJavaScript, evaluateJavaScript } from './javascript.js';
import { queryJsonPath } from './jsonpath.js';
import { compileTemplate, renderTemplate } from './template.js';
import { printValue } from './template-funcs.js';

/**
 * Expression engines shared by checks, notifications and playbooks: CEL (`expr`), Go-style
 * templates (`template`), JSONPath (`jsonPath`) and JavaScript (`javascript`, asynchronous only),
 * behind one `Expression` shape as specs write it.
 */

export { compileCel, evaluateCel, humanSize } from './cel.js';
export { type ExpressionContext, withExpressionContext } from './context.js';
export { ExprError, type ExprLanguage } from './errors.js';
export { closeJavaScript, compileJavaScript, evaluateJavaScript } from './javascript.js';
export { queryJsonPath, queryJsonPathAll } from './jsonpath.js';
export { compileTemplate, renderTemplate } from './template.js';
export { ExprDuration, formatGoDuration } from './values.js';

/** An expression as written in a spec: one of `expr` (CEL), `template`, `jsonPath` or `javascript`. */
export interface Expression {
  expr?: string;
  template?: string;
  jsonPath?: string;
  javascript?: string;
}

/** True when no language is set (an empty expression is skipped, not evaluated). */
export function isEmptyExpression(e: Expression | undefined): boolean {
  return !e || (!e.expr && !e.template && !e.jsonPath && !e.javascript);
}

/**
 * Evaluates an expression to a value (CEL keeps its type; template renders text; JSONPath its
 * match; JavaScript its last value). Every language is evaluated through this one entry point:
 * `javascript` runs on a worker thread and is awaited, so there is no synchronous form.
 */
export async function evaluateExpressionAsync(e: Expression, vars: Record<string, unknown>): Promise<unknown> {
  if (e.expr) return evaluateCel(e.expr, vars);
  if (e.template) return renderTemplate(e.template, vars);
  if (e.jsonPath) return queryJsonPath(e.jsonPath, vars);
  if (e.javascript) return evaluateJavaScript(e.javascript, vars);
  return undefined;
}

/** A value as text (objects as JSON). */
function asText(v: unknown): string {
  return typeof v === 'string' ? v : v === undefined ? '' : printValue(v);
}

/** Evaluates an expression of any language and renders the result as text (objects as JSON). */
export async function evaluateToStringAsync(e: Expression, vars: Record<string, unknown>): Promise<string> {
  return asText(await evaluateExpressionAsync(e, vars));
}

/**
 * A result that must be a boolean: true/false, or text parseable as one ("true", "False", "1",
 * "0", as Go's strconv.ParseBool accepts).
 */
function asBoolean(e: Expression, v: unknown): boolean {
  if (typeof v === 'boolean') return v;
  const text = typeof v === 'string' ? v.trim() : printValue(v);
  if (/^(1|t|T|TRUE|true|True)$/.test(text)) return true;
  if (/^(0|f|F|FALSE|false|False)$/.test(text)) return false;
  const source = e.expr ?? e.template ?? e.jsonPath ?? e.javascript ?? '';
  const lang = e.expr ? 'cel' : e.template ? 'template' : e.jsonPath ? 'jsonpath' : 'javascript';
  throw new ExprError(lang, source, `expected a boolean, got ${JSON.stringify(text)}`);
}

/** Evaluates an expression of any language that must yield a boolean (see `asBoolean`). */
export async function evaluateBooleanAsync(e: Expression, vars: Record<string, unknown>): Promise<boolean> {
  return asBoolean(e, await evaluateExpressionAsync(e, vars));
}

/** Checks an expression's syntax (CEL, templates and JavaScript) without evaluating it. */
export function compileExpression(e: Expression): void {
  if (e.expr) compileCel(e.expr);
  else if (e.template) compileTemplate(e.template);
  else if (e.javascript) compileJavaScript(e.javascript);
}
