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
 * match). Synchronous, so `javascript` is refused here: scripts run on a worker thread and are
 * awaited, through `evaluateExpressionAsync`.
 */
export function evaluateExpression(e: Expression, vars: Record<string, unknown>): unknown {
  if (e.expr) return evaluateCel(e.expr, vars);
  if (e.template) return renderTemplate(e.template, vars);
  if (e.jsonPath) return queryJsonPath(e.jsonPath, vars);
  if (e.javascript) {
    throw new ExprError('javascript', e.javascript, 'javascript is not supported in this field; use expr (CEL)');
  }
  return undefined;
}

/** Evaluates an expression of any language, `javascript` included (awaited off this thread). */
export async function evaluateExpressionAsync(e: Expression, vars: Record<string, unknown>): Promise<unknown> {
  if (!e.expr && !e.template && !e.jsonPath && e.javascript) return evaluateJavaScript(e.javascript, vars);
  return evaluateExpression(e, vars);
}

/** A value as text (objects as JSON). */
function asText(v: unknown): string {
  return typeof v === 'string' ? v : v === undefined ? '' : printValue(v);
}

/** Evaluates an expression and renders the result as text (objects as JSON). */
export function evaluateToString(e: Expression, vars: Record<string, unknown>): string {
  return asText(evaluateExpression(e, vars));
}

/** `evaluateToString` for any language, `javascript` included. */
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

/** Evaluates an expression that must yield a boolean (see `asBoolean`). */
export function evaluateBoolean(e: Expression, vars: Record<string, unknown>): boolean {
  return asBoolean(e, evaluateExpression(e, vars));
}

/** `evaluateBoolean` for any language, `javascript` included. */
export async function evaluateBooleanAsync(e: Expression, vars: Record<string, unknown>): Promise<boolean> {
  return asBoolean(e, await evaluateExpressionAsync(e, vars));
}

/** Checks an expression's syntax (CEL and templates) without evaluating it. */
export function compileExpression(e: Expression): void {
  if (e.expr) compileCel(e.expr);
  else if (e.template) compileTemplate(e.template);
  else if (e.javascript) compileJavaScript(e.javascript);
}
