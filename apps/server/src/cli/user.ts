import { isEmailAddress } from '@opsdeck/schema';
import { systemClock } from '../clock.js';
import { loadConfig } from '../config.js';
import { randomSecret } from '../crypto/tokens.js';
import { openDatabase } from '../db/connection.js';
import { migrate } from '../db/migrate.js';
import { addUser, DuplicateIdentityError, isRole, passwordPolicyViolation } from '../identity/index.js';
import { ROLES } from '../rbac/resources.js';
import { parseFlags } from './args.js';
import { type Command, UsageError } from './index.js';

const usage = `Usage: opsdeck user add --email <email> --role <role> [--password <password>] [--first-name <name>] [--last-name <name>]

Creates a user who signs in with a password. Without --password one is generated and printed once.
Roles: ${ROLES.join(', ')}.
Uses DATABASE_URL when set, otherwise the embedded database in OPSDECK_DATA_DIR (./data).`;

/** `opsdeck user add`: creates a user with a role from the command line. */
export const userCommand: Command = {
  usage,
  async run(argv) {
    const { values, positionals } = parseFlags(argv, {
      email: { type: 'string' },
      role: { type: 'string' },
      password: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
    });
    if (positionals[0] !== 'add' || positionals.length > 1) throw new UsageError('expected the sub-command add');
    const email = values.email?.trim();
    if (!email || !isEmailAddress(email)) throw new UsageError('--email must be an email address');
    if (!isRole(values.role)) throw new UsageError(`--role must be one of ${ROLES.join(', ')}`);
    const password = values.password ?? randomSecret(18);
    const violation = passwordPolicyViolation(password, email);
    if (violation) throw new UsageError(violation.text);

    const config = loadConfig();
    const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    try {
      await migrate(db);
      const id = await addUser(
        { db, clock: systemClock },
        { email, password, roles: [values.role], first: values['first-name'], last: values['last-name'] },
      );
      console.log(`created user ${email.toLowerCase()} (${id}) with role ${values.role}`);
      if (!values.password) console.log(`password: ${password}\nThis password is shown only once.`);
      return 0;
    } catch (err) {
      if (err instanceof DuplicateIdentityError) {
        console.error(`opsdeck user: a user with email ${email} already exists`);
        return 1;
      }
      throw err;
    } finally {
      await db.close();
    }
  },
};
