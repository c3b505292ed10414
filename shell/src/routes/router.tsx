import { lazy, Suspense, useEffect } from "react";
import { BrowserRouter, Navigate, Route, Routes } from "react-router-dom";
import { useAcademy, useAcademyFacts } from "shared-auth";
import { RemotePage } from "../federation/remote-page";
import { hasStoredSession } from "../federation/route-preload";
import { RootLayout } from "../layout/root-layout";
import { ErrorPage } from "../pages/error-page";
import { PageSkeleton } from "../layout/page-skeleton";
import { ProgressBar } from "../layout/progress-bar";
import { dashboardHome } from "./access";
import { Guard } from "./guard";
import { dashboardRoutes, siteRoutes, type RemoteRoute } from "./route-table";

// The account pages (and their form library) load when visited, not with every public page.
const LoginPage = lazy(() => import("../pages/login-page").then((m) => ({ default: m.LoginPage })));
const SignupPage = lazy(() => import("../pages/signup-page").then((m) => ({ default: m.SignupPage })));
// A registration opening's line (the API's decision 043): loaded only when a family is sent to it.
const WaitingRoomPage = lazy(() => import("../pages/waiting-room-page").then((m) => ({ default: m.WaitingRoomPage })));
// A new installation's first visit (decision 051): loaded only there.
const SetupPage = lazy(() => import("../pages/setup-page").then((m) => ({ default: m.SetupPage })));
// The dashboards' frame (sidebar, menus) is code of signed-in pages only: public pages carry none of it.
const loadDashboardLayout = () => import("../layout/dashboard-layout").then((m) => ({ default: m.DashboardLayout }));
const DashboardLayout = lazy(loadDashboardLayout);
// A dashboard page opened with a session: its frame loads while the session is checked, not after.
if (location.pathname.startsWith("/dashboard") && hasStoredSession()) void loadDashboardLayout();
// Under the page's QueryClient, loaded beside the page (remote pages get theirs from RemotePage).
const SettingsPage = lazy(() =>
  Promise.all([import("../pages/settings-page"), import("../federation/query-page")]).then(([m, { withQueries }]) => ({
    default: withQueries(m.SettingsPage),
  })),
);

function Titled({ title, children }: { title: string; children: React.ReactNode }) {
  const { name } = useAcademyFacts();
  useEffect(() => {
    document.title = `${title} | ${name}`;
  }, [title, name]);
  return <Suspense fallback={<PageSkeleton />}>{children}</Suspense>;
}

function remoteElement(route: RemoteRoute) {
  return (
    <Titled title={route.title}>
      <Guard access={route.access}>
        <RemotePage remote={route.remote} exposed={route.exposed} queries={route.queries ?? true} />
      </Guard>
    </Titled>
  );
}

/** /dashboard itself: the signed-in user's own home (the guard above waits for the role). */
function DashboardHome() {
  const role = useAcademy((s) => s.role);
  return <Navigate to={dashboardHome(role)} replace />;
}

export function AppRouter() {
  return (
    // Navigations as plain updates, so a logout can leave a guarded page before the session ends.
    <BrowserRouter useTransitions={false}>
      <Routes>
        <Route element={<RootLayout />}>
          {siteRoutes.map((route) => (
            <Route key={route.path} path={route.path} element={remoteElement(route)} />
          ))}
          <Route
            path="/login"
            element={
              <Titled title="Login">
                <LoginPage />
              </Titled>
            }
          />
          <Route
            path="/signup"
            element={
              <Titled title="Sign up">
                <SignupPage />
              </Titled>
            }
          />
          {/* Its own title: the academy's name is what it sets. */}
          <Route path="/setup" element={<SetupPage />} />
          <Route
            path="/waiting-room"
            element={
              <Titled title="Waiting room">
                <WaitingRoomPage />
              </Titled>
            }
          />
          <Route
            path="/settings"
            element={
              <Titled title="Settings">
                <Guard access="signed-in">
                  <SettingsPage />
                </Guard>
              </Titled>
            }
          />
          <Route
            path="/dashboard"
            element={
              <Guard access="signed-in">
                <Suspense fallback={<ProgressBar label="Loading page" />}>
                  <DashboardLayout />
                </Suspense>
              </Guard>
            }
          >
            <Route index element={<DashboardHome />} />
            {dashboardRoutes.map((route) => (
              <Route key={route.path} path={route.path} element={remoteElement(route)} />
            ))}
          </Route>
          <Route
            path="*"
            element={
              <Titled title="Not Found">
                <ErrorPage />
              </Titled>
            }
          />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
