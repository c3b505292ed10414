// Types of tools/payment-sandbox.mjs: those of the package itself (tools/payment-sandbox/src), so
// the TypeScript suites and setups that import the entry are checked against the sandbox's code.
export * from "./payment-sandbox/src/index.js";
