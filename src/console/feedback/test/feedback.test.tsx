import { describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { FeedbackProvider, useFeedback } from "../Feedback";

function Buttons({ onOk }: { onOk: () => void }) {
  const feedback = useFeedback();
  return (
    <>
      <button type="button" onClick={() => feedback.error("The export could not be made.")}>
        fail
      </button>
      <button type="button" onClick={() => feedback.confirm({ title: "Discard?", okText: "Discard", cancelText: "Keep", onOk })}>
        ask
      </button>
    </>
  );
}

describe("useFeedback", () => {
  it("shows nothing and loads nothing until asked, then a message and a dialog whose OK runs", { timeout: 20_000 }, async () => {
    const onOk = vi.fn();
    render(
      <FeedbackProvider>
        <Buttons onOk={onOk} />
      </FeedbackProvider>,
    );
    // Nothing beside what was rendered: no message holder or dialog root in the page yet.
    expect([...document.body.children].map((element) => element.tagName)).toEqual(["DIV"]);
    fireEvent.click(screen.getByRole("button", { name: "fail" }));
    expect(await screen.findByText("The export could not be made.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "ask" }));
    const dialog = (await screen.findAllByText("Discard?"))[0]!.closest("[role=dialog]") as HTMLElement;
    fireEvent.click(within(dialog).getByRole("button", { name: "Discard" }));
    await vi.waitFor(() => expect(onOk).toHaveBeenCalledTimes(1));
  });

  it("refuses to work outside the provider, rather than dropping what it was asked to show", () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(() => render(<Buttons onOk={() => undefined} />)).toThrow(/FeedbackProvider/);
  });
});
