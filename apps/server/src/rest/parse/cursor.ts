import { parseError } from '../errors.js';

/** A JSON path step of PostgREST's `col->key->>key` syntax. */
export interface JsonStep {
  arrow: '->' | '->>';
  /** An object key, or an array index when it is an integer. */
  key: string;
}

/** A column reference with an optional JSON path: `details->a->>b`. */
export interface FieldRef {
  column: string;
  path: JsonStep[];
}

const IDENT = /[A-Za-z0-9_$]/;

/** A position in one query-string value, with PostgREST-style PGRST100 errors. */
export class Cursor {
  pos = 0;
  constructor(
    readonly text: string,
    /** What is being parsed, for the error message: `select`, `filter`, `order`, ... */
    readonly what: string,
  ) {}

  get done(): boolean {
    return this.pos >= this.text.length;
  }

  peek(n = 0): string {
    return this.text[this.pos + n] ?? '';
  }

  startsWith(s: string): boolean {
    return this.text.startsWith(s, this.pos);
  }

  eat(s: string): boolean {
    if (!this.startsWith(s)) return false;
    this.pos += s.length;
    return true;
  }

  expect(s: string): void {
    if (!this.eat(s)) throw this.fail(`"${s}"`);
  }

  /** A PGRST100 error pointing at the current position. */
  fail(expecting: string): Error {
    const found = this.done ? 'end of input' : `"${this.peek()}"`;
    return parseError(
      `"failed to parse ${this.what} (${this.text})" (line 1, column ${this.pos + 1})`,
      `unexpected ${found} expecting ${expecting}`,
    );
  }

  /** An identifier (`[A-Za-z0-9_$]+`) or a double-quoted name. */
  name(): string {
    if (this.eat('"')) {
      let out = '';
      while (!this.done && this.peek() !== '"') {
        if (this.peek() === '\\' && this.pos + 1 < this.text.length) this.pos++;
        out += this.peek();
        this.pos++;
      }
      this.expect('"');
      // a NUL would cut the statement short on the wire; no catalog name holds control characters
      if (!out || [...out].some((ch) => ch < ' ')) throw this.fail('a name without control characters');
      return out;
    }
    const start = this.pos;
    while (!this.done && IDENT.test(this.peek())) this.pos++;
    if (this.pos === start) throw this.fail('a name');
    return this.text.slice(start, this.pos);
  }

  /** `column` followed by any `->key` / `->>key` steps; stops at `stops` characters. */
  field(stops: string): FieldRef {
    const column = this.name();
    const path: JsonStep[] = [];
    while (this.startsWith('->')) {
      const arrow = this.eat('->>') ? '->>' : '->';
      if (arrow === '->') this.pos += 2;
      let key = '';
      if (this.peek() === '"') key = this.name();
      else {
        while (!this.done && !stops.includes(this.peek()) && !this.startsWith('->') && !this.startsWith('::')) {
          key += this.peek();
          this.pos++;
        }
      }
      if (!key) throw this.fail('a JSON key');
      path.push({ arrow, key });
    }
    return { column, path };
  }
}

/** Parses a whole value as a field reference (`col`, `col->a->>b`), as in filter keys. */
export function parseFieldRef(text: string, what: string, stops = ''): FieldRef {
  const c = new Cursor(text, what);
  const field = c.field(stops);
  if (!c.done) throw c.fail('end of input');
  return field;
}

/** The name PostgREST gives a selected field: its last JSON key, else the column. */
export function fieldLabel(f: FieldRef): string {
  return f.path.length ? (f.path[f.path.length - 1] as JsonStep).key : f.column;
}
