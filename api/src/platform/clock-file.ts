import { readFileSync, statSync } from "node:fs";
import { setClock } from "./clock.js";

/**
 * A clock moved from outside the process, for end-to-end tests that would otherwise wait out real
 * seat holds (decision 027): with the development defaults only (readConfig refuses API_CLOCK_FILE
 * in production, and setClock throws there), the API reads an `API_CLOCK` value (anchored,
 * `instant@real instant`) from this file whenever the file changes, checked every `everyMs`. A
 * missing or empty file leaves the clock as it is; a value that is not an instant stops the
 * process, as a wrong `API_CLOCK` does at start.
 */
export function followClockFile(file: string, everyMs = 100): () => void {
  let seen = Number.NaN;
  const read = () => {
    let changed: number;
    try {
      changed = statSync(file).mtimeMs;
    } catch {
      return;
    }
    if (changed === seen) return;
    seen = changed;
    const value = readFileSync(file, "utf8").trim();
    if (value) setClock(value);
  };
  read();
  const timer = setInterval(read, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
