// What the federated `react-router-dom` singleton provides (ADR 017): react-router's declarative
// mode, everything that works under the shell's <BrowserRouter>. The data-router, framework and
// server APIs (loaders, actions, fetchers, <Form>, sessions, cookies, hydration) cannot work under
// it, so no app can use them, and leaving them out of the shared copy saves about 50 KB gzip.
// tools/router-facade.mjs re-exports exactly these names (router-surface.test.mjs checks it), and
// the lint rule of eslint.config.js lets no app import any other name from react-router-dom.
export const ROUTER_EXPORTS = [
  // components
  "BrowserRouter",
  "HashRouter",
  "MemoryRouter",
  "Router",
  "Routes",
  "Route",
  "Link",
  "NavLink",
  "Navigate",
  "Outlet",
  // hooks
  "useBeforeUnload",
  "useHref",
  "useInRouterContext",
  "useLinkClickHandler",
  "useLocation",
  "useMatch",
  "useNavigate",
  "useNavigationType",
  "useOutlet",
  "useOutletContext",
  "useParams",
  "useResolvedPath",
  "useRoutes",
  "useSearchParams",
  // utilities
  "NavigationType",
  "createPath",
  "createRoutesFromChildren",
  "createRoutesFromElements",
  "createSearchParams",
  "generatePath",
  "matchPath",
  "matchRoutes",
  "parsePath",
  "renderMatches",
  "resolvePath",
];
