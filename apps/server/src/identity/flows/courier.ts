import type { Transporter } from 'nodemailer';
import type { Db } from '../../db/connection.js';
import { lazyDriver } from '../../integrations/lazyDriver.js';
import type { IdentityConfig } from '../config.js';
import type { Log } from '../deps.js';

/** The SMTP client, loaded at the first email sent over SMTP. */
const loadNodemailer = lazyDriver(async () => (await import('nodemailer')).default);

/** One outgoing email. */
export interface Email {
  to: string;
  subject: string;
  body: string;
  template: 'recovery_code' | 'verification_code' | 'invite';
}

/**
 * Sends identity emails: SMTP when `SMTP_URL` is set, otherwise only kept in `courier_messages`
 * (an admin reads them there, docs/identity.md).
 */
export interface Courier {
  send(email: Email): Promise<void>;
}

/** The courier of an installation. Every message is recorded; the SMTP outcome updates its status. */
export function createCourier(db: Db, config: IdentityConfig, log: () => Log): Courier {
  let transport: Transporter | undefined;
  return {
    async send(email) {
      const row = await db.kysely
        .insertInto('courier_messages')
        .values({ recipient: email.to, subject: email.subject, body: email.body, template_type: email.template })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (!config.smtpUrl) {
        // never the body: it holds recovery and invitation codes, and the log may be read by others
        log().info(
          { courierMessageId: row.id, to: email.to, template: email.template },
          'email kept in courier_messages (SMTP_URL is not set)',
        );
        return;
      }
      transport ??= (await loadNodemailer()).createTransport(config.smtpUrl);
      try {
        await transport.sendMail({ from: config.smtpFrom, to: email.to, subject: email.subject, text: email.body });
        await db.kysely
          .updateTable('courier_messages')
          .set((eb) => ({ status: 'sent', send_count: eb('send_count', '+', 1), error: null }))
          .where('id', '=', row.id)
          .execute();
      } catch (err) {
        log().warn({ err, courierMessageId: row.id, to: email.to }, 'sending email failed; kept in courier_messages');
        await db.kysely
          .updateTable('courier_messages')
          .set((eb) => ({ send_count: eb('send_count', '+', 1), error: (err as Error).message.slice(0, 500) }))
          .where('id', '=', row.id)
          .execute();
      }
    },
  };
}
