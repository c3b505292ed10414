import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { queryClient, setRuntimeEnv, settleSignedOut } from "shared-auth";
import "./app.css";
import { loadDeployConfig } from "./federation/deploy-config";
import { registerConfiguredRemotes } from "./federation/registry";
import { AppRouter } from "./routes/router";

async function start() {
  const config = await loadDeployConfig();
  for (const problem of config.problems) console.error(`[shell] ${problem}`);
  setRuntimeEnv(config.env);
  registerConfiguredRemotes(config.remotes);
  // Accounts are not open yet: every visitor is signed out.
  settleSignedOut();

  const container = document.getElementById("root");
  if (!container) throw new Error("index.html has no #root");
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AppRouter />
      </QueryClientProvider>
    </StrictMode>,
  );
}

void start();
