import nodemailer from "nodemailer";
import type { MailConfig } from "../platform/config.js";
import { academyFacts } from "../academy/index.js";
import type { RenderedMessage } from "./templates/render.js";

/** The address part of MAIL_FROM ("Name <address>" or a bare address). */
const addressOf = (from: string) => /<([^>]+)>\s*$/.exec(from)?.[1] ?? from.trim();

/** Sends one message through real SMTP (nodemailer): the mail catcher locally, SMTP_URL in production. */
export interface Mailer {
  send(message: RenderedMessage & { to: string; messageId: string; date: Date }): Promise<void>;
  close(): void;
}

/**
 * Sends one message through real SMTP (nodemailer). The sender's address is MAIL_FROM's (the
 * domain's mail setup vouches for it); its name, and where answers go, are the academy's settings
 * now (decision 051).
 */
export function createMailer(config: Pick<MailConfig, "smtpUrl" | "from">): Mailer {
  const address = addressOf(config.from);
  const transport = nodemailer.createTransport({
    url: config.smtpUrl,
    // A server that does not answer ends the attempt well within the worker's lease.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    send: async (message) => {
      const academy = academyFacts();
      const replyTo =
        message.replyTo ?? (academy.replyToEmail ? { name: academy.name, address: academy.replyToEmail } : null);
      await transport.sendMail({
        from: { name: academy.senderName, address },
        to: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
        attachments: message.attachments,
        ...(message.headers && { headers: message.headers }),
        ...(replyTo && { replyTo }),
        // The outbox row's own: every attempt sends the same message.
        messageId: message.messageId,
        date: message.date,
      });
    },
    close: () => transport.close(),
  };
}
