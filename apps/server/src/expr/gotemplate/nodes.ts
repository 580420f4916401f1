import type { GoComplex } from './complex.js';

/** The parse tree of a Go template (the shapes of Go's text/template/parse nodes). */

export type Arg =
  | { t: 'field'; names: string[]; pos: number }
  | { t: 'variable'; names: string[]; pos: number }
  | { t: 'dot'; pos: number }
  | { t: 'nil'; pos: number }
  | { t: 'bool'; value: boolean; pos: number }
  | { t: 'number'; value: number | GoComplex; isInt: boolean; text: string; pos: number }
  | { t: 'string'; value: string; text: string; pos: number }
  /**
   * `fn`: the function the name resolves to, kept by the executor on first call; `binary`: its
   * two-operand form when it is one of Go's comparisons.
   */
  | {
      t: 'identifier';
      name: string;
      pos: number;
      fn?: (...args: unknown[]) => unknown;
      binary?: ((a: unknown, b: unknown) => boolean) | null;
    }
  | { t: 'pipe'; pipe: Pipe; pos: number }
  | { t: 'chain'; node: Arg; fields: string[]; pos: number };

export interface Command {
  args: Arg[];
  pos: number;
  /** `args` after the first, kept by the executor on first use. */
  rest?: Arg[];
}

export interface Pipe {
  /** Variables declared (`:=`) or assigned (`=`) by the pipeline. */
  decl: string[];
  isAssign: boolean;
  cmds: Command[];
  pos: number;
}

export type Node =
  | { t: 'text'; text: string; pos: number }
  | { t: 'action'; pipe: Pipe; pos: number }
  | ControlNode
  | { t: 'template'; name: string; pipe?: Pipe; pos: number }
  | { t: 'break' | 'continue'; pos: number };

/** `if`, `with` and `range`: a pipeline, its body and the `else` body (an `else if` is a nested node there). */
export interface ControlNode {
  t: 'if' | 'with' | 'range';
  pipe: Pipe;
  list: Node[];
  elseList?: Node[];
  pos: number;
}

/** The text of an argument as Go prints it in "executing ... at <...>". */
export function argText(a: Arg): string {
  switch (a.t) {
    case 'field':
      return a.names.map((n) => `.${n}`).join('');
    case 'variable':
      return (
        a.names[0] +
        a.names
          .slice(1)
          .map((n) => `.${n}`)
          .join('')
      );
    case 'dot':
      return '.';
    case 'nil':
      return 'nil';
    case 'bool':
      return String(a.value);
    case 'number':
    case 'string':
      return a.text;
    case 'identifier':
      return a.name;
    case 'pipe':
      return `(${pipeText(a.pipe)})`;
    case 'chain':
      return argText(a.node) + a.fields.map((n) => `.${n}`).join('');
  }
}

export function pipeText(p: Pipe): string {
  const decl = p.decl.length ? `${p.decl.join(', ')} ${p.isAssign ? '=' : ':='} ` : '';
  return decl + p.cmds.map((c) => c.args.map(argText).join(' ')).join(' | ');
}
