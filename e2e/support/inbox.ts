import { expect } from "@playwright/test";
import { MAIL_PORTS } from "./ports";

/** The e2e run's mail catcher (MailDev's REST API), read as a family or a coach reads their inbox. */
export const INBOX = `http://127.0.0.1:${MAIL_PORTS.web}`;

export interface CaughtMail {
  id: string;
  subject: string;
  text: string;
  html: string;
  to: { address: string }[];
  attachments?: { filename: string; generatedFileName: string }[];
}

/**
 * A message to `address` whose subject matches (the first caught, or the newest), waiting for the
 * outbox's worker to send it.
 */
export async function mailTo(
  address: string,
  subject: RegExp,
  which: "first" | "newest" = "first",
): Promise<CaughtMail> {
  let found: CaughtMail | undefined;
  await expect
    .poll(
      async () => {
        const all = (await (await fetch(`${INBOX}/api/email`)).json()) as CaughtMail[];
        const matches = (m: CaughtMail) => m.to.some((t) => t.address === address) && subject.test(m.subject);
        found = which === "first" ? all.find(matches) : all.findLast(matches);
        return found !== undefined;
      },
      { timeout: 30_000, message: `an e-mail to ${address} with the subject ${subject}` },
    )
    .toBe(true);
  return found!;
}

/** The text of a caught message's attachment. */
export async function attachment(mail: CaughtMail, filename: string): Promise<string> {
  const stored = mail.attachments?.find((a) => a.filename === filename);
  expect(stored, `${filename} attached`).toBeDefined();
  const res = await fetch(`${INBOX}/api/email/${mail.id}/attachment/${encodeURIComponent(stored!.generatedFileName)}`);
  return res.text();
}
