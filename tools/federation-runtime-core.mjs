// The entry "standalone-runtime" of a remote's production build (tools/rspack-preset.mjs): on the
// remote's own page, where no shell provides the federation runtime core, it provides the one the
// remote's bundles read from the page (the global that `experiments.externalRuntime` points them to).
import * as runtimeCore from "federation-runtime-core-bundled";

globalThis._FEDERATION_RUNTIME_CORE ??= runtimeCore;
