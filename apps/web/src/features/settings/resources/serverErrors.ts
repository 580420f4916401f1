/**
 * Which field a server refusal is about, so the message shows next to it (spec part 2: "the
 * validation the API already does shown next to the field"). Understands `field: message`
 * (OpsDeck's validators), `field[2]: message`, and PostgreSQL's not-null and unique errors.
 */
export function fieldOfError(message: string, fields: readonly string[]): string | undefined {
  const prefixed = /^([a-z_]+)(?:\[\d+\])?(?:\.[\w.]+)?:/i.exec(message);
  if (prefixed?.[1] && fields.includes(prefixed[1])) return prefixed[1];
  const column = /column "([a-z_]+)"/i.exec(message);
  if (column?.[1] && fields.includes(column[1])) return column[1];
  if (/duplicate key|already exists/i.test(message) && fields.includes('name')) return 'name';
  return undefined;
}
