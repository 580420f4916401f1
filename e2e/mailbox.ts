import { SMTPServer } from 'smtp-server';

/** A message the mailbox received: envelope recipients and the raw body. */
export interface Mail {
  to: string;
  body: string;
}

/** A real SMTP server on loopback that keeps every message, for the emails OpsDeck sends. */
export interface Mailbox {
  url: string;
  messages: Mail[];
  /** Waits for a new message to `to` (past the first `after`) and returns its 6-digit code. */
  codeFor(to: string, after?: number): Promise<string>;
  /** How many messages `to` has received so far. */
  count(to: string): number;
  close(): Promise<void>;
}

/** Starts the mailbox; `SMTP_URL` of the server under test points at `url`. */
export async function startMailbox(): Promise<Mailbox> {
  const messages: Mail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (c: Buffer) => {
        data += c.toString('utf8');
      });
      stream.on('end', () => {
        messages.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), body: data });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const address = smtp.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const mine = (to: string) => messages.filter((m) => m.to === to);
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    count: (to) => mine(to).length,
    async codeFor(to, after = 0) {
      for (let i = 0; i < 200; i++) {
        const list = mine(to);
        const last = list.at(-1);
        if (list.length > after && last) {
          // quoted-printable soft breaks and CRLFs out of the way, then a line that is only the code
          const text = last.body.replace(/=\r?\n/g, '').replace(/\r/g, '');
          const m = /\n(\d{6})\s*\n/.exec(text);
          if (m?.[1]) return m[1];
        }
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`no code emailed to ${to}`);
    },
    close: () => new Promise((resolve) => smtp.close(() => resolve())),
  };
}
