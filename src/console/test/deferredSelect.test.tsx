import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { DeferredSelect } from "../DeferredSelect";

const OPTIONS = [
  { value: "en", label: "English" },
  { value: "id", label: "Bahasa Indonesia" },
];

describe("a deferred select", () => {
  it("stands in with the select's role, name and value, then opens the real one from the keyboard, focused", async () => {
    const onChange = vi.fn();
    render(<DeferredSelect aria-label="Language" value="en" shown="English" options={OPTIONS} onChange={onChange} size="small" />);
    const standIn = screen.getByRole("combobox", { name: "Language" });
    expect(standIn.tagName).toBe("BUTTON");
    expect(standIn).toHaveTextContent("English");

    const user = userEvent.setup();
    standIn.focus();
    await user.keyboard("{ArrowDown}");
    // The real select arrives focused and open.
    await waitFor(() => expect(screen.getByRole("combobox", { name: "Language" }).tagName).toBe("INPUT"));
    const real = screen.getByRole("combobox", { name: "Language" });
    await waitFor(() => expect(real).toHaveFocus());
    expect(real).toHaveAttribute("aria-expanded", "true");
    await user.click(await screen.findByTitle("Bahasa Indonesia"));
    expect(onChange).toHaveBeenCalledWith("id", expect.anything());
    // Loading antd's Select into jsdom takes seconds on a busy machine.
  }, 20_000);
});
