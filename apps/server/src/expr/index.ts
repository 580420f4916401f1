import { compileCel, evaluateCel } from './cel.js';
import { ExprError } from './errors.js';
import { compileJavaScript, evaluateJavaScript } from './javascript.js';
import { queryJsonPath } from './jsonpath.js';
import { compileTemplate, renderTemplate } from './template.js';
import { printValue } from './template-funcs.js';

/**
 * Expression engines shared by checks, notifications and playbooks: CEL (`expr`), Go-style
 * templates (`template`) and JSONPath (`jsonPath`), behind one `Expression` shape as specs write it.
 */

export { compileCel, evaluateCel, humanSize } from './cel.js';
export { type ExpressionContext, withExpressionContext } from './context.js';
export { ExprError, type ExprLanguage } from './errors.js';
export { evaluateJavaScript } from './javascript.js';
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

/** Evaluates an expression to a value (CEL keeps its type; template renders text; JSONPath its match). */
export function evaluateExpression(e: Expression, vars: Record<string, unknown>): unknown {
  if (e.expr) return evaluateCel(e.expr, vars);
  if (e.template) return renderTemplate(e.template, vars);
  if (e.jsonPath) return queryJsonPath(e.jsonPath, vars);
  if (e.javascript) return evaluateJavaScript(e.javascript, vars);
  return undefined;
}

/** Evaluates an expression and renders the result as text (objects as JSON). */
export function evaluateToString(e: Expression, vars: Record<string, unknown>): string {
  const v = evaluateExpression(e, vars);
  return typeof v === 'string' ? v : v === undefined ? '' : printValue(v);
}

/**
 * Evaluates an expression that must yield a boolean: true/false, or text parseable as one
 * ("true", "False", "1", "0", as Go's strconv.ParseBool accepts).
 */
export function evaluateBoolean(e: Expression, vars: Record<string, unknown>): boolean {
  const v = evaluateExpression(e, vars);
  if (typeof v === 'boolean') return v;
  const text = typeof v === 'string' ? v.trim() : printValue(v);
  if (/^(1|t|T|TRUE|true|True)$/.test(text)) return true;
  if (/^(0|f|F|FALSE|false|False)$/.test(text)) return false;
  const source = e.expr ?? e.template ?? e.jsonPath ?? e.javascript ?? '';
  const lang = e.expr ? 'cel' : e.template ? 'template' : e.jsonPath ? 'jsonpath' : 'javascript';
  throw new ExprError(lang, source, `expected a boolean, got ${JSON.stringify(text)}`);
}

/** Checks an expression's syntax (CEL and templates) without evaluating it. */
export function compileExpression(e: Expression): void {
  if (e.expr) compileCel(e.expr);
  else if (e.template) compileTemplate(e.template);
  else if (e.javascript) compileJavaScript(e.javascript);
}
