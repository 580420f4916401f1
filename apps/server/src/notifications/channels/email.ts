import { emailSchema } from '@opsdeck/schema';
import { z } from 'zod';
import { lazyDriver } from '../../integrations/lazyDriver.js';
import { list } from './http.js';
import { markdownToHtml } from './markdown.js';
import { ChannelError, defineChannel } from './types.js';

/** The SMTP client, loaded at the first email sent. */
const loadNodemailer = lazyDriver(async () => (await import('nodemailer')).default);

/**
 * Email over SMTP (nodemailer). Port 587 and encryption Auto by default: Auto uses implicit TLS
 * on port 465 and STARTTLS whenever the server offers it elsewhere; ExplicitTLS requires
 * STARTTLS; ImplicitTLS always connects with TLS; None never upgrades.
 */
export const email = defineChannel({
  type: 'email',
  schemes: ['smtp'],
  target: z.object({
    host: z.string().min(1, 'the SMTP host is required'),
    port: z.coerce.number().int().min(1).max(65535).default(587),
    encryption: z.enum(['Auto', 'None', 'ExplicitTLS', 'ImplicitTLS']).default('Auto'),
    auth: z.enum(['Unknown', 'None', 'Plain', 'Login', 'CRAMMD5']).default('Unknown'),
    username: z.string().optional(),
    password: z.string().optional(),
    from: z.string().min(1, 'a from address is required'),
    fromName: z.string().optional(),
    to: z.array(emailSchema()).min(1, 'name at least one recipient address'),
    insecureTls: z.boolean().default(false),
  }),
  fromUrl(url) {
    // smtp://user:pass@host:port/?from=a@b&to=c@d,e@f&encryption=ExplicitTLS&auth=Plain
    const q = url.searchParams;
    return {
      host: url.hostname,
      port: url.port || undefined,
      encryption: pick(q.get('encryption'), ['Auto', 'None', 'ExplicitTLS', 'ImplicitTLS']),
      auth: pick(q.get('auth'), ['Unknown', 'None', 'Plain', 'Login', 'CRAMMD5']),
      username: url.username ? decodeURIComponent(url.username) : undefined,
      password: url.password ? decodeURIComponent(url.password) : undefined,
      from: q.get('from') ?? q.get('fromaddress') ?? '',
      fromName: q.get('fromname') ?? undefined,
      to: list(q.get('to')),
    };
  },
  fromConnection(c) {
    const base = c.url ? safeUrl(c.url) : undefined;
    return {
      host: c.properties.host ?? base?.hostname,
      port: c.properties.port ?? (base?.port || undefined),
      encryption: pick(c.properties.encryption, ['Auto', 'None', 'ExplicitTLS', 'ImplicitTLS']),
      auth: pick(c.properties.auth, ['Unknown', 'None', 'Plain', 'Login', 'CRAMMD5']),
      username: c.username || undefined,
      password: c.password || undefined,
      from: c.properties.from ?? c.properties.fromAddress ?? '',
      fromName: c.properties.fromName,
      to: list(c.properties.to),
      insecureTls: c.properties.insecureTls === 'true',
    };
  },
  async send(t, msg, ctx) {
    const implicit = t.encryption === 'ImplicitTLS' || (t.encryption === 'Auto' && t.port === 465);
    const method = { Plain: 'PLAIN', Login: 'LOGIN', CRAMMD5: 'CRAM-MD5' }[t.auth as string];
    const transport = (await loadNodemailer()).createTransport({
      host: t.host,
      port: t.port,
      secure: implicit,
      requireTLS: t.encryption === 'ExplicitTLS',
      ignoreTLS: t.encryption === 'None',
      auth: t.auth !== 'None' && t.username ? { user: t.username, pass: t.password ?? '' } : undefined,
      authMethod: method,
      tls: { rejectUnauthorized: !t.insecureTls },
      connectionTimeout: ctx.timeoutMs,
      greetingTimeout: ctx.timeoutMs,
      socketTimeout: ctx.timeoutMs,
    });
    const abort = () => transport.close();
    ctx.signal.addEventListener('abort', abort, { once: true });
    try {
      await transport.sendMail({
        from: t.fromName ? { name: t.fromName, address: t.from } : t.from,
        to: msg.properties.to ? list(msg.properties.to) : t.to,
        subject: msg.title,
        text: msg.body || msg.title,
        html: markdownToHtml(msg.body || msg.title),
      });
    } catch (err) {
      if (ctx.signal.aborted) throw new ChannelError(`SMTP ${t.host}:${t.port}: no answer within ${ctx.timeoutMs} ms`);
      const e = err as { response?: string; code?: string; message: string };
      throw new ChannelError(`SMTP ${t.host}:${t.port}: ${e.response ?? e.message}`);
    } finally {
      ctx.signal.removeEventListener('abort', abort);
      transport.close();
    }
  },
});

function pick<T extends string>(v: string | null | undefined, allowed: readonly T[]): T | undefined {
  if (!v) return undefined;
  return allowed.find((a) => a.toLowerCase() === v.toLowerCase()) ?? (v as T);
}

function safeUrl(v: string): URL | undefined {
  try {
    return new URL(v);
  } catch {
    return undefined;
  }
}
