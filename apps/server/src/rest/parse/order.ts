import { Cursor, type FieldRef } from './cursor.js';

/** One term of `order=col.desc.nullslast`. */
export interface OrderTerm {
  field: FieldRef;
  direction?: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

/** Parses `order=a.asc.nullslast,details->>b.desc`. */
export function parseOrder(text: string): OrderTerm[] {
  const c = new Cursor(text, 'order');
  const out: OrderTerm[] = [];
  for (;;) {
    const term: OrderTerm = { field: c.field(',.') };
    if (c.eat('.asc')) term.direction = 'asc';
    else if (c.eat('.desc')) term.direction = 'desc';
    if (c.eat('.nullsfirst')) term.nulls = 'first';
    else if (c.eat('.nullslast')) term.nulls = 'last';
    out.push(term);
    if (c.done) return out;
    if (!c.eat(',')) throw c.fail('".asc", ".desc", ".nullsfirst", ".nullslast" or ","');
  }
}
