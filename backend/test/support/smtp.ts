import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server on a free port that keeps every message it receives, parsed. */
export async function startSmtp(): Promise<{
  url: string;
  received: ParsedMail[];
  /** Recipient (lower case) -> how many more deliveries to refuse with 451 before accepting. */
  reject: Map<string, number>;
  next(to: string, timeoutMs?: number): Promise<ParsedMail>;
  stop(): Promise<void>;
}> {
  const received: ParsedMail[] = [];
  const reject = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo: (address, _session, callback) => {
      const to = address.address.toLowerCase();
      const left = reject.get(to) ?? 0;
      if (left > 0) {
        reject.set(to, left - 1);
        return callback(Object.assign(new Error(`Mailbox ${to} is busy, try later`), { responseCode: 451 }));
      }
      callback();
    },
    onData: (stream, _session, callback) => {
      simpleParser(stream).then((mail) => {
        received.push(mail);
        callback();
      }, callback);
    },
  });
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  const addressedTo = (mail: ParsedMail, to: string) => JSON.stringify(mail.to).toLowerCase().includes(to.toLowerCase());
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    reject,
    async next(to, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = received.find((m) => addressedTo(m, to));
        if (mail) {
          received.splice(received.indexOf(mail), 1);
          return mail;
        }
        if (Date.now() > deadline) throw new Error(`no email to ${to} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
