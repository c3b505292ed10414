// The local mail catcher: MailDev from the npm registry, an SMTP server that keeps every
// message it receives and shows them in a web inbox. `npm start` and the API tests start one; the API
// sends to it through real SMTP (production sends through SMTP_URL instead).
// Importing this file starts nothing and loads nothing but Node's builtins: MailDev is loaded when
// a catcher is started (tools/start.mjs imports its tools only once the install has run).
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

/** Default ports: SMTP 1025 and the web inbox 1080, as MailDev's own defaults. */
export function readMailPorts(env = process.env) {
  return { smtp: Number(env.MAIL_SMTP_PORT ?? 1025), web: Number(env.MAIL_WEB_PORT ?? 1080) };
}

/** The API's SMTP_URL for a catcher listening on `smtpPort` on this machine (no TLS, no login). */
export const catcherSmtpUrl = (smtpPort) => `smtp://127.0.0.1:${smtpPort}`;

/**
 * Starts a catcher on 127.0.0.1 and resolves once both its SMTP server and its web inbox listen.
 * Port 0 picks a free port (the tests' own catchers); `smtpPort` and `webUrl` say which.
 * `pauseSmtp` and `resumeSmtp` stop and start its SMTP server on the same port (the inbox stays up),
 * as a mail server that is down for a while.
 * Messages and their attachments are kept as files in `mailDir` (a new temporary folder by default).
 * @param {{ ports?: { smtp: number, web: number }, mailDir?: string }} [options]
 */
export async function startMailCatcher({ ports = readMailPorts(), mailDir } = {}) {
  const { MailDev } = await import("maildev");
  const maildev = new MailDev({
    smtp: ports.smtp,
    web: ports.web,
    ip: "127.0.0.1",
    webIp: "127.0.0.1",
    mailDirectory: mailDir ?? mkdtempSync(path.join(os.tmpdir(), "academy-mail-")),
    // Keep the newest 2000 messages: a long local run does not grow without bound.
    maxEmails: 2000,
    verbose: false,
    silent: true,
  });
  const servers = await maildev.start();
  const smtpPort = servers.smtp.getPort();
  const webUrl = `http://127.0.0.1:${servers.api.getPort()}`;
  let smtpUp = true;

  const api = async (method, pathname) => {
    const response = await fetch(`${webUrl}/api${pathname}`, { method });
    if (!response.ok) throw new Error(`mail catcher ${method} ${pathname}: ${response.status}`);
    return response.json();
  };
  return {
    smtpPort,
    smtpUrl: catcherSmtpUrl(smtpPort),
    webUrl,
    /** Every message received, oldest first (MailDev's REST API: GET /api/email). */
    messages: () => api("GET", "/email"),
    /** One message with its headers, text, html and attachments' names. */
    message: (id) => api("GET", `/email/${encodeURIComponent(id)}`),
    /** The raw message as received (RFC 5322 source). */
    source: async (id) => {
      const response = await fetch(`${webUrl}/api/email/${encodeURIComponent(id)}/source`);
      if (!response.ok) throw new Error(`mail catcher source ${id}: ${response.status}`);
      return response.text();
    },
    /** An attachment's bytes as text (an .ics file), by the name the sender gave it. */
    attachment: async (id, filename) => {
      const email = await api("GET", `/email/${encodeURIComponent(id)}`);
      const stored = email.attachments?.find((a) => a.filename === filename);
      if (!stored) throw new Error(`mail catcher: message ${id} has no attachment ${filename}`);
      const response = await fetch(
        `${webUrl}/api/email/${encodeURIComponent(id)}/attachment/${encodeURIComponent(stored.generatedFileName)}`,
      );
      if (!response.ok) throw new Error(`mail catcher attachment ${filename}: ${response.status}`);
      return response.text();
    },
    clear: () => api("DELETE", "/email/all"),
    pauseSmtp: async () => {
      if (!smtpUp) return;
      smtpUp = false;
      await servers.smtp.stop();
    },
    resumeSmtp: async () => {
      if (smtpUp) return;
      await servers.smtp.start();
      smtpUp = true;
    },
    stop: () => maildev.stop(),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  // `node tools/mail-catcher.mjs`: a catcher alone, on MAIL_SMTP_PORT and MAIL_WEB_PORT.
  const catcher = await startMailCatcher();
  console.log(`SMTP ${catcher.smtpUrl}, inbox ${catcher.webUrl} (Ctrl-C stops it)`);
  for (const signal of ["SIGINT", "SIGTERM"]) process.once(signal, () => catcher.stop().then(() => process.exit(0)));
}
