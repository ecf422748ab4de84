/** Reads the test stack's mail catcher (Mailpit's API shape) the way a client of Mailpit would. */
import { loadProjectConfig } from '../../src/config/project-config.js';
import { stackEnv } from './stack-env.js';

export interface CaughtMail {
  ID: string;
  Subject: string;
  From: { Name: string; Address: string };
  To: { Name: string; Address: string }[];
  Text: string;
  HTML: string;
}

export function mailpitUrl(): string {
  return `http://127.0.0.1:${loadProjectConfig(stackEnv().workdir).localSmtp.port}`;
}

/** The messages to `address`, newest first (summaries). */
export async function mailsTo(address: string): Promise<{ ID: string; Subject: string }[]> {
  const query = encodeURIComponent(`to:${address}`);
  const response = await fetch(`${mailpitUrl()}/api/v1/search?query=${query}`);
  const body = (await response.json()) as { messages: { ID: string; Subject: string }[] };
  return body.messages;
}

/** Waits (up to 10 s) for the `count`-th mail to `address` and returns the newest in full. */
export async function waitForMail(address: string, count = 1): Promise<CaughtMail> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const list = await mailsTo(address);
    if (list.length >= count) {
      const response = await fetch(`${mailpitUrl()}/api/v1/message/${list[0]!.ID}`);
      return (await response.json()) as CaughtMail;
    }
    if (Date.now() > deadline) throw new Error(`no mail #${count} to ${address} within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The verify link and the code of an auth mail (its text part). */
export function linkAndCode(mail: CaughtMail): { link: string; otp: string } {
  const link = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(mail.Text)?.[0];
  const otp = /enter the code: (\d+)/.exec(mail.Text)?.[1];
  if (!link || !otp) throw new Error(`no link or code in mail "${mail.Subject}"`);
  return { link, otp };
}
