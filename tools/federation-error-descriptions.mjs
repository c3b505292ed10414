/**
 * The federation runtime's error descriptions, in place of @module-federation/error-codes' own
 * (EsmFederationRuntimePlugin): every page carried about a kilobyte of developer-facing sentences.
 * Each message still names its code (#RUNTIME-008), its arguments, the original error and the page
 * of the federation's docs that describes that code, so a developer loses one click, not the cause.
 */
const described = new Proxy(
  {},
  { get: (_, code) => (typeof code === "string" ? "Module Federation error" : undefined) },
);

export const runtimeDescMap = described;
export const typeDescMap = described;
export const buildDescMap = described;
export const errorDescMap = described;
