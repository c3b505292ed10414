import { startRemotes } from "./federation/startup";

// Before the boundary: the page's remote starts loading while the shared modules do (ADR 017).
void startRemotes(location.pathname);
// Async boundary: the federation runtime must set up shared modules before any of them is used.
import("./bootstrap");
