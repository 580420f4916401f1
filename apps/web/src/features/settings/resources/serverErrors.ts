/**
 * Which field a server refusal is about, so the message shows next to it ("the
 * validation the API already does shown next to the field"). Understands `field: message`
 * (OpsDeck's validators), `field[2]: message`, `invalid <kind>: field.path: message` (the resource
 * validators of playbooks and the like), and PostgreSQL's not-null and unique errors.
 */
export function fieldOfError(message: string, fields: readonly string[]): string | undefined {
  const prefixed = /^(?:invalid [a-z ]+: )?([a-z_]+)(?:\[\d+\])?(?:\.[\w.]+)?:/i.exec(message);
  if (prefixed?.[1] && fields.includes(prefixed[1])) return prefixed[1];
  const column = /column "([a-z_]+)"/i.exec(message);
  if (column?.[1] && fields.includes(column[1])) return column[1];
  if (/duplicate key|already exists/i.test(message) && fields.includes('name')) return 'name';
  return undefined;
}
