import nodemailer from "nodemailer";
import type { MailConfig } from "../platform/config.js";
import type { RenderedMessage } from "./templates/render.js";

/** Sends one message through real SMTP (nodemailer): the mail catcher locally, SMTP_URL in production. */
export interface Mailer {
  send(message: RenderedMessage & { to: string; messageId: string; date: Date }): Promise<void>;
  close(): void;
}

export function createMailer(config: Pick<MailConfig, "smtpUrl" | "from">): Mailer {
  const transport = nodemailer.createTransport({
    url: config.smtpUrl,
    // A server that does not answer ends the attempt well within the worker's lease.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    send: async (message) => {
      await transport.sendMail({
        from: config.from,
        to: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
        attachments: message.attachments,
        ...(message.headers && { headers: message.headers }),
        ...(message.replyTo && { replyTo: message.replyTo }),
        // The outbox row's own: every attempt sends the same message.
        messageId: message.messageId,
        date: message.date,
      });
    },
    close: () => transport.close(),
  };
}
