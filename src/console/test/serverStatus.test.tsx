import { act, render, screen, waitFor } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { availability } from "../../app/services";
import { ServerStatus } from "../ServerStatus";

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  availability.up();
});

describe("ServerStatus", () => {
  it("shows one calm banner while the server is away, asks until it is back, then refetches", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let ready = false;
    const fetch = vi.fn(async () => ({ ok: ready }));
    vi.stubGlobal("fetch", fetch);
    const client = new QueryClient();
    const refetch = vi.spyOn(client, "invalidateQueries");
    render(
      <QueryClientProvider client={client}>
        <ServerStatus />
      </QueryClientProvider>,
    );
    expect(screen.queryByRole("status")).toBeNull();
    act(() => availability.down());
    expect(await screen.findByRole("status")).toHaveTextContent("The server is unavailable: retrying…");
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(fetch).toHaveBeenCalledWith("/api/ready");
    expect(screen.getByRole("status")).toBeInTheDocument();
    ready = true;
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    await waitFor(() => expect(screen.queryByRole("status")).toBeNull());
    expect(refetch).toHaveBeenCalled();
  });
});
