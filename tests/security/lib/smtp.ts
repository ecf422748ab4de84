/**
 * A bare SMTP client for the checks (RFC 5321 §3.3 and §4.1): EHLO, MAIL FROM, RCPT TO, DATA, the
 * message with dot-stuffing (§4.5.2), QUIT. Black box on purpose: it speaks to the listener the way
 * any program on the machine could, and fails on any reply that is not the expected code.
 */
import net from 'node:net';

export async function sendSmtp(
  smtpUrl: string,
  mail: { from: string; to: string; message: string },
): Promise<void> {
  const { hostname, port } = new URL(smtpUrl);
  const socket = net.connect(Number(port), hostname);
  socket.setEncoding('utf8');
  let buffered = '';
  const waiting: ((reply: string) => void)[] = [];
  socket.on('data', (chunk: string) => {
    buffered += chunk;
    // A reply ends with a line whose code is followed by a space (multi-line replies use "-").
    for (;;) {
      const end = /^\d{3} [^\r\n]*\r\n/m.exec(buffered);
      if (!end) break;
      const reply = buffered.slice(0, end.index + end[0].length);
      buffered = buffered.slice(reply.length);
      waiting.shift()?.(reply);
    }
  });
  const failed = new Promise<never>((_, reject) => socket.once('error', reject));
  const reply = (expected: number) =>
    Promise.race([
      failed,
      new Promise<string>((resolve) => waiting.push(resolve)).then((text) => {
        if (!text.startsWith(String(expected))) throw new Error(`SMTP: expected ${expected}, got ${text}`);
        return text;
      }),
    ]);
  const command = (line: string, expected: number) => {
    const answer = reply(expected);
    socket.write(`${line}\r\n`);
    return answer;
  };
  try {
    await reply(220);
    await command('EHLO security-suite.localhost', 250);
    await command(`MAIL FROM:<${mail.from}>`, 250);
    await command(`RCPT TO:<${mail.to}>`, 250);
    await command('DATA', 354);
    const body = mail.message.replace(/\r?\n/g, '\r\n').replace(/^\./gm, '..');
    await command(`${body}\r\n.`, 250);
    await command('QUIT', 221);
  } finally {
    socket.destroy();
  }
}
