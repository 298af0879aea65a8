// Renders the console's generated routes against a fake HTTP transport (no server, no gate).
import { FeedbackProvider } from "../feedback/Feedback";
import { Suspense } from "react";
import { render } from "@testing-library/react";
import { Refine } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { createDataProvider } from "../../../providers/dataProvider";
import { createHttpClient } from "../../../providers/http";
import { createLiveProvider } from "../../../providers/liveProvider";
import { createLoader } from "../../../providers/loader";
import { fakeTransport, type RecordedRequest, type Reply } from "../../../providers/test/transport";
import { registry } from "../../../resources";
import { testimonials } from "../../../resources/fixtures/testimonials";
import type { ResourceDefinition } from "../../../resources/types";
import type { LiveConnection } from "../live/connection";
import { LiveContext, live as unstarted } from "../live/context";
import { resourceRoutes } from "../resourceRoutes";

function Where() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** The definitions plus the test-only testimonials type, whose screens come from its definition alone. */
export const TEST_DEFINITIONS: readonly ResourceDefinition[] = [...registry, testimonials];

export function renderConsole(
  path: string,
  route: (request: RecordedRequest) => Reply | Promise<Reply>,
  {
    definitions = TEST_DEFINITIONS,
    can = () => true,
    live = unstarted,
  }: {
    definitions?: readonly ResourceDefinition[];
    can?: (params: { resource?: string; action: string }) => boolean;
    /** The socket's stand-in (test/fakeSocket.ts); without one, nothing live happens. */
    live?: LiveConnection;
  } = {},
) {
  const { adapter, requests } = fakeTransport(route);
  const dataProvider = createDataProvider(createLoader(createHttpClient({ adapter }), { retryDelayMs: 0 }));
  const routes = resourceRoutes(definitions);
  const utils = render(
    <MemoryRouter initialEntries={[path]}>
      <LiveContext.Provider value={live}>
        <FeedbackProvider>
          <Refine
            dataProvider={dataProvider}
            routerProvider={routerProvider}
            liveProvider={createLiveProvider(live)}
            accessControlProvider={{ can: async ({ resource, action }) => ({ can: can({ resource, action }) }) }}
            resources={definitions.map((d) => ({ name: d.name, list: d.routes.list }))}
            options={{ disableTelemetry: true, liveMode: "auto", reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false } } } } }}
          >
            <Suspense fallback={null}>
              <Routes>
                {routes.map((r) => (
                  <Route key={r.path} path={`/app/${r.path}`} element={r.element} />
                ))}
                <Route path="*" element={null} />
              </Routes>
            </Suspense>
            <Where />
          </Refine>
        </FeedbackProvider>
      </LiveContext.Provider>
    </MemoryRouter>,
  );
  return { ...utils, requests };
}

/** Loads the lazily imported screens once, so the first test does not wait for their compilation. */
export async function preloadScreens() {
  await Promise.all([
    import("../approvals/QueueScreen"),
    import("../approvals/ApprovalPage"),
    import("../history/HistoryScreen"),
    import("../history/HistoryDetails"),
    import("../history/CenterHistory"),
    import("../history/StateView"),
    import("../resources/ResourceList"),
    import("../resources/FormPage"),
    import("../resources/SingletonScreen"),
  ]);
}
