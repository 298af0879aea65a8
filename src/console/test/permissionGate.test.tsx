// The route gate with two keys (the reports' approval_management or center_management): either
// one opens the page; neither shows the denial.
import { render, screen } from "@testing-library/react";
import { Refine } from "@refinedev/core";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { PermissionKey } from "../../../resources/types";
import { PermissionGate } from "../PermissionGate";

function gate(held: PermissionKey[], orKey?: PermissionKey) {
  return render(
    <MemoryRouter>
      <Refine
        options={{ disableTelemetry: true, reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false } } } } }}
        accessControlProvider={{ can: async ({ params }) => ({ can: params?.permissionKey === null || held.includes(params?.permissionKey) }) }}
      >
        <PermissionGate permissionKey="approval_management" orKey={orKey}>
          <p>The page</p>
        </PermissionGate>
      </Refine>
    </MemoryRouter>,
  );
}

describe("the permission gate with a second key", () => {
  it("opens for whoever holds the second key alone", async () => {
    gate(["center_management"], "center_management");
    expect(await screen.findByText("The page", {}, { timeout: 3000 })).toBeTruthy();
  });

  it("opens for whoever holds the first key alone", async () => {
    gate(["approval_management"], "center_management");
    expect(await screen.findByText("The page", {}, { timeout: 3000 })).toBeTruthy();
  });

  it("refuses whoever holds neither, and a route of one key is not opened by another", async () => {
    const { unmount } = gate(["content_management"], "center_management");
    expect(await screen.findByText("You don't have permission to access this page", {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.queryByText("The page")).toBeNull();
    unmount();
    gate(["center_management"]);
    expect(await screen.findByText("You don't have permission to access this page", {}, { timeout: 3000 })).toBeTruthy();
  });
});
