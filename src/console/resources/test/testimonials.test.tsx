// A content type that exists only in this test: the console renders its list and form from the
// definition alone, and sends what the form holds to /api/testimonials.
import { FeedbackProvider } from "../../feedback/Feedback";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Refine } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { MemoryRouter, Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { createDataProvider } from "../../../../providers/dataProvider";
import { createHttpClient } from "../../../../providers/http";
import { createLoader } from "../../../../providers/loader";
import { fail, fakeTransport, list, ok, type RecordedRequest } from "../../../../providers/test/transport";
import { testimonials as shared } from "../../../../resources/fixtures/testimonials";
import { ResourceList } from "../ResourceList";
import type { OpenNotificationParams } from "@refinedev/core";

// The shared test-only definition, with a list route so the console can show it.
const testimonials = { ...shared, routes: { list: "/app/testimonials" } };

/** What the list and its form showed as toasts. */
const notices: OpenNotificationParams[] = [];

const ada = { id: 1, quote: "Great teachers", author: "Ada", rating: 5, featured: true, version: 1, updated_at: "2026-11-01T10:00:00Z" };

function renderList(route: (request: RecordedRequest) => ReturnType<typeof ok>) {
  const { adapter, requests } = fakeTransport(route);
  const dataProvider = createDataProvider(createLoader(createHttpClient({ adapter }), { retryDelayMs: 0 }));
  render(
    <MemoryRouter initialEntries={["/app/testimonials"]}>
      <FeedbackProvider>
        <Refine
          dataProvider={dataProvider}
          routerProvider={routerProvider}
          accessControlProvider={{ can: async () => ({ can: true }) }}
          notificationProvider={{ open: (notice) => void notices.push(notice), close: () => undefined }}
          resources={[{ name: "testimonials", list: "/app/testimonials" }]}
          options={{ disableTelemetry: true }}
        >
          <Routes>
            <Route path="/app/testimonials" element={<ResourceList definition={testimonials} />} />
          </Routes>
        </Refine>
      </FeedbackProvider>
    </MemoryRouter>,
  );
  return requests;
}

describe("a content type defined only in a test", () => {
  it("lists its records with the definition's columns, sorted and paged by the server", { timeout: 20_000 }, async () => {
    const requests = renderList(() => list([ada], 1));
    expect(await screen.findByRole("heading", { name: "Testimonials" })).toBeInTheDocument();
    const table = await screen.findByRole("table");
    for (const header of ["Author", "Rating", "Featured"]) {
      expect(within(table).getByRole("columnheader", { name: new RegExp(header) })).toBeInTheDocument();
    }
    expect(await within(table).findByText("Ada")).toBeInTheDocument();
    expect(within(table).getByText("Yes")).toBeInTheDocument();
    expect(requests[0]).toMatchObject({ method: "GET", url: "/api/testimonials", params: { page: 1, limit: 10, sort: "-created_at" } });
  });

  it("creates one through its generated form, with the rules and the server's field errors", { timeout: 30_000 }, async () => {
    const user = userEvent.setup({ delay: null });
    let attempts = 0;
    const requests = renderList(({ method, body }) => {
      if (method === "GET") return list([]);
      attempts += 1;
      return attempts === 1
        ? fail(400, "Validation failed", { author: "is already in use" })
        : ok({ id: 2, ...(body as object), version: 1 }, "Testimonial created");
    });
    await user.click(await screen.findByRole("button", { name: /New testimonial/ }));
    const drawer = await screen.findByRole("dialog");
    await user.click(within(drawer).getByRole("button", { name: "Submit for review" }));
    expect(await within(drawer).findByText("Quote is required")).toBeInTheDocument();
    expect(within(drawer).getByText("Author is required")).toBeInTheDocument();

    await user.type(within(drawer).getByLabelText("Quote"), "Friendly and fun");
    await user.type(within(drawer).getByLabelText("Author"), "Budi");
    await user.type(within(drawer).getByLabelText("Rating"), "4");
    // A reference is a field like the others: its label names its combobox.
    expect(within(drawer).getByRole("combobox", { name: "About the post" })).not.toHaveAttribute("aria-required");
    await user.click(within(drawer).getByRole("button", { name: "Submit for review" }));
    await waitFor(() => expect(attempts).toBe(1));
    // A whole sentence beside the field, the field focused, and a toast saying the save failed.
    expect(await within(drawer).findByText("This author is already used by another testimonial")).toBeInTheDocument();
    await waitFor(() => expect(within(drawer).getByLabelText("Author")).toHaveFocus());
    await waitFor(() => expect(notices).toContainEqual(expect.objectContaining({ type: "error", message: "The testimonial was not saved" })));

    await user.clear(within(drawer).getByLabelText("Author"));
    await user.type(within(drawer).getByLabelText("Author"), "Budi S.");
    await user.click(within(drawer).getByRole("button", { name: "Submit for review" }));
    await waitFor(() => expect(attempts).toBe(2));
    const post = requests.filter((r) => r.method === "POST").at(-1)!;
    expect(post.url).toBe("/api/testimonials");
    expect(post.body).toEqual({ quote: "Friendly and fun", author: "Budi S.", rating: 4, featured: false });
  });
});

describe("rules between fields", () => {
  // The same type with a second rating and a rule between the two, declared in the definition.
  const ranged = {
    ...testimonials,
    fields: [...testimonials.fields, { name: "rating_max", label: "Best rating", type: "number", min: 1, max: 5, integer: true } as const],
    rules: [{ kind: "notBefore", field: "rating_max", than: "rating", message: "The best rating must not be below the rating" }] as const,
  };

  it("are checked in the form before anything is sent, and again when the other field changes", { timeout: 30_000 }, async () => {
    const user = userEvent.setup({ delay: null });
    const { adapter, requests } = fakeTransport(({ method, body }) => (method === "GET" ? list([]) : ok({ id: 3, ...(body as object), version: 1 }, "Saved")));
    const dataProvider = createDataProvider(createLoader(createHttpClient({ adapter }), { retryDelayMs: 0 }));
    render(
      <MemoryRouter initialEntries={["/app/testimonials"]}>
        <FeedbackProvider>
          <Refine
            dataProvider={dataProvider}
            routerProvider={routerProvider}
            accessControlProvider={{ can: async () => ({ can: true }) }}
            resources={[{ name: "testimonials", list: "/app/testimonials" }]}
            options={{ disableTelemetry: true }}
          >
            <Routes>
              <Route path="/app/testimonials" element={<ResourceList definition={ranged} />} />
            </Routes>
          </Refine>
        </FeedbackProvider>
      </MemoryRouter>,
    );
    await user.click(await screen.findByRole("button", { name: /New testimonial/ }));
    const drawer = await screen.findByRole("dialog");
    await user.type(within(drawer).getByLabelText("Quote"), "Clear explanations");
    await user.type(within(drawer).getByLabelText("Author"), "Rina");
    await user.type(within(drawer).getByLabelText("Rating"), "4");
    await user.type(within(drawer).getByLabelText("Best rating"), "2");
    await user.click(within(drawer).getByRole("button", { name: "Submit for review" }));
    expect(await within(drawer).findByText("The best rating must not be below the rating")).toBeInTheDocument();
    expect(requests.filter((r) => r.method === "POST")).toHaveLength(0);
    // Lowering the other field clears the message without touching this one.
    await user.clear(within(drawer).getByLabelText("Rating"));
    await user.type(within(drawer).getByLabelText("Rating"), "1");
    await waitFor(() => expect(within(drawer).queryByText("The best rating must not be below the rating")).not.toBeInTheDocument());
    await user.click(within(drawer).getByRole("button", { name: "Submit for review" }));
    await waitFor(() => expect(requests.filter((r) => r.method === "POST")).toHaveLength(1));
  });
});
