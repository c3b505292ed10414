/** The test system runs on its own ports, so it never collides with a site started by `npm start`. */
export const E2E_PORTS = {
  shell: Number(process.env.E2E_SHELL_PORT ?? 3100),
  mfe_public: 3101,
  mfe_student: 3102,
  mfe_instructor: 3103,
  mfe_admin: 3104,
  api: Number(process.env.E2E_API_PORT ?? 4100),
};

/** The e2e run's own Firebase Auth Emulator (and the two ports the emulator suite reserves). */
export const AUTH_EMULATOR_PORTS = { auth: 9109, hub: 4409, logging: 4509 };
export const AUTH_EMULATOR_HOST = `127.0.0.1:${AUTH_EMULATOR_PORTS.auth}`;

/** The e2e run's payment sandbox, apart from the local run's 12111. */
export const PAYMENT_SANDBOX_PORT = 12119;

/** The e2e run's mail catcher (SMTP and web inbox), apart from the local run's 1025 and 1080. */
export const MAIL_PORTS = { smtp: 1029, web: 1089 };

/** Extra origins the composition tests start and stop themselves. */
export const SCRATCH_PORTS = { shell: 3110, remote: 3111 };

export const SHELL_URL = `http://localhost:${E2E_PORTS.shell}`;
export const API_URL = `http://localhost:${E2E_PORTS.api}`;

/** A public list call (GET /classes or /instructors) with or without its page, sort and filters. */
export const listUrl = (list: "classes" | "instructors") =>
  new RegExp(`^${API_URL.replace(/[.]/g, "\\.")}/${list}(\\?.*)?$`);
