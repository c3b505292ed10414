// The site's reset and design tokens as a stylesheet of index.html itself (render-blocking): the
// prerendered page painted before any script runs needs them (decision 018).
import "./app.css";
import { startRemotes } from "./federation/startup";

// Before the boundary: the page's remote starts loading while the shared modules do (ADR 017).
void startRemotes(location.pathname);
// Async boundary: the federation runtime must set up shared modules before any of them is used.
import("./bootstrap");
