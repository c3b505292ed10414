// Types of tools/mail-catcher.mjs, for the TypeScript suites and setups that import it.

/** A message as the catcher's REST API (MailDev's GET /api/email) describes it. */
export interface CaughtMessage {
  id: string;
  subject: string;
  from: { address: string; name: string }[];
  to: { address: string; name: string }[];
  headers: Record<string, string>;
  html?: string;
  text?: string;
  attachments?: { filename: string; generatedFileName: string; contentType: string; size: number }[];
}

export interface MailCatcher {
  smtpPort: number;
  smtpUrl: string;
  webUrl: string;
  messages(): Promise<CaughtMessage[]>;
  message(id: string): Promise<CaughtMessage>;
  source(id: string): Promise<string>;
  attachment(id: string, filename: string): Promise<string>;
  clear(): Promise<unknown>;
  pauseSmtp(): Promise<void>;
  resumeSmtp(): Promise<void>;
  stop(): Promise<void>;
}

export function readMailPorts(env?: NodeJS.ProcessEnv): { smtp: number; web: number };
export function catcherSmtpUrl(smtpPort: number): string;
export function startMailCatcher(options?: {
  ports?: { smtp: number; web: number };
  mailDir?: string;
}): Promise<MailCatcher>;
