/**
 * The catcher's SMTP listener (smtp-server; RFC 5321). It accepts every message for every
 * recipient and delivers nothing, as Mailpit does. No STARTTLS: a self-signed certificate would
 * make well-behaved clients (nodemailer upgrades whenever it is offered) refuse it, and the
 * listener binds 127.0.0.1 only. AUTH is accepted with any credentials so that an `SMTP_URL` with a
 * user and password works against it too (Mailpit's `--smtp-auth-accept-any`).
 */
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import { parseMessage, type CaughtMessage } from './message.js';

/** Largest message accepted (advertised with SIZE, refused with 552 past it). */
export const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

export function createSmtpListener(onMessage: (message: CaughtMessage) => void): SMTPServer {
  return new SMTPServer({
    name: 'cti-stack-mail',
    banner: 'CTI stack mail catcher: nothing is delivered',
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    size: MAX_MESSAGE_BYTES,
    rejectOversized: true,
    logger: false,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username ?? 'any' });
    },
    onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => {
        if (!stream.sizeExceeded) chunks.push(chunk);
      });
      stream.on('error', (error: Error) => callback(error));
      stream.on('end', () => {
        if (stream.sizeExceeded) return callback(null);
        const envelope = {
          recipients: session.envelope.rcptTo.map((r) => r.address),
          mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        };
        parseMessage(Buffer.concat(chunks), envelope).then(
          (message) => {
            onMessage(message);
            callback(null, `Ok: queued as ${message.id}`);
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
}
