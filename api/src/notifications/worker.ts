import { deliverDue, type OutboxDeps } from "./outbox.js";
import { enqueueDueReminders } from "./reminders.js";

/**
 * The worker every API process runs: a pass every `workerIntervalMs`, never two at once in one
 * process. Returns a stop function that waits for the pass in progress.
 */
export function startOutboxWorker(deps: OutboxDeps): { stop(): Promise<void> } {
  let running: Promise<unknown> | undefined;
  let remindersRunAt = Number.NEGATIVE_INFINITY;
  const pass = async () => {
    // The scheduled reminders, every `reminderIntervalMs`: written first, sent by this pass.
    if (Date.now() - remindersRunAt >= deps.config.reminderIntervalMs) {
      remindersRunAt = Date.now();
      await enqueueDueReminders(deps.db, { days: deps.config.reminderDays }).catch((error: unknown) =>
        deps.log.warn({ err: error }, "writing reminders failed"),
      );
      for (const job of deps.scheduled ?? []) {
        await job().catch((error: unknown) => deps.log.warn({ err: error }, "writing scheduled e-mails failed"));
      }
    }
    return deliverDue(deps);
  };
  const timer = setInterval(() => {
    if (running) return;
    running = pass()
      .catch((error: unknown) => deps.log.warn({ err: error }, "sending e-mails failed"))
      .finally(() => (running = undefined));
  }, deps.config.workerIntervalMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
