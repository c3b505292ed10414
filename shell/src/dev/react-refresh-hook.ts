// Dev only (the first module of the shell's dev entry, before React DOM loads; ADR 007).
//
// Every federated bundle has its own React Fast Refresh runtime. A remote's runtime starts when its
// remoteEntry loads, after the shared react-dom has registered with the React DevTools global hook,
// and it can find that renderer only in `hook.renderers`. React Refresh's stand-in hook (used when
// the DevTools extension is absent) never fills `renderers`, so a remote's edits would not reach
// React. This hook records renderers like DevTools does.
//
// Each runtime also hands the renderer its own "which family is this component" handler, and the
// last one set wins: after a shell refresh, a remote's refreshed component would render its old
// code again on the next render. So the renderer asks every runtime's handler in turn.
//
// A real DevTools hook (the browser extension) is left alone.

interface Renderer {
  setRefreshHandler?: (handler: RefreshHandler | null) => void;
  [key: string]: unknown;
}
type RefreshHandler = (type: unknown) => unknown;
interface Hook {
  renderers: Map<number, Renderer>;
  supportsFiber: boolean;
  inject: (renderer: Renderer) => number;
  checkDCE?: unknown;
  [key: string]: unknown;
}

const scope = window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__?: Hook };

/** Lets every refresh runtime resolve component families, not only the last one that refreshed. */
function shareRefreshHandlers(renderer: Renderer) {
  const set = renderer.setRefreshHandler;
  if (typeof set !== "function") return;
  const handlers: RefreshHandler[] = [];
  const resolve: RefreshHandler = (type) => {
    for (const handler of handlers) {
      const family = handler(type);
      if (family !== undefined) return family;
    }
    return undefined;
  };
  renderer.setRefreshHandler = (handler) => {
    if (handler === null) return set.call(renderer, null);
    if (!handlers.includes(handler)) handlers.push(handler);
    set.call(renderer, resolve);
  };
}

function recordRenderers(hook: Hook) {
  const inject = hook.inject;
  hook.inject = function (renderer) {
    const id = inject.call(this, renderer);
    shareRefreshHandlers(renderer);
    hook.renderers.set(id, renderer);
    return id;
  };
}

const existing = scope.__REACT_DEVTOOLS_GLOBAL_HOOK__;
if (existing === undefined) {
  let nextId = 1;
  const noop = () => {};
  const hook: Hook = {
    renderers: new Map(),
    supportsFiber: true,
    inject: () => nextId++,
    onScheduleFiberRoot: noop,
    onCommitFiberRoot: noop,
    onCommitFiberUnmount: noop,
  };
  recordRenderers(hook);
  scope.__REACT_DEVTOOLS_GLOBAL_HOOK__ = hook;
} else if (typeof existing.checkDCE !== "function" && existing.renderers instanceof Map) {
  // The shell's own refresh runtime ran first and put its stand-in hook here.
  recordRenderers(existing);
}

export {};
