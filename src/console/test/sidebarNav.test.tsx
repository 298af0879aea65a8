// The sidebar's menu: antd Menu's roles (e2e tests find entries as menuitems), groups that fold
// open and closed (the current page's opening on arrival), the current entry lit and named
// aria-current, and the count badges on queues, closed groups and Customer Chats.
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { Link, MemoryRouter, useLocation } from "react-router";
import { activeMenuPath, CHATS_KEY, type MenuGroup } from "../menu";
import { SidebarNav } from "../SidebarNav";
import { CountBadge } from "../layout/CountBadge";

const GROUPS: MenuGroup[] = [
  { key: "welcome", label: "menu.welcome", permissionKey: null, items: [{ path: "/app/welcome", label: "menu.welcome" }] },
  { key: CHATS_KEY, label: "menu.customerChats", permissionKey: null, items: [{ path: "/app/customer-chats", label: "menu.customerChats" }] },
  {
    key: "content-approval",
    label: "menu.contentApproval",
    permissionKey: "approval_management",
    items: [
      { path: "/app/approvals/content", label: "Content Approval", queue: "content" },
      { path: "/app/approvals/careers", label: "Career Approval", queue: "careers" },
      { path: "/app/approvals/links", label: "Link Approval", queue: "links" },
    ],
  },
  { key: "career-management", label: "menu.careerManagement", permissionKey: "career_management", items: [{ path: "/app/careers/lists", label: "Careers" }] },
];

function Nav({ counts = {}, unread = 0 }: { counts?: Record<string, number>; unread?: number }) {
  const location = useLocation();
  return (
    <>
      <SidebarNav groups={GROUPS} active={activeMenuPath(location.pathname, GROUPS, [])} counts={counts} chatUnread={unread} />
      {/* A way to another group's page from outside the menu (a breadcrumb, a notification). */}
      <Link to="/app/careers/lists">elsewhere</Link>
    </>
  );
}

const renderAt = (path: string, props: Parameters<typeof Nav>[0] = {}) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Nav {...props} />
    </MemoryRouter>,
  );

const group = (name: RegExp) => screen.getByRole("menuitem", { name });
const current = () => document.querySelectorAll('[aria-current="page"]');

describe("the sidebar's menu", () => {
  it("has antd's roles: a menu of menuitems, a group a menuitem with aria-expanded controlling its own menu", () => {
    renderAt("/app/careers/lists");
    const [root] = screen.getAllByRole("menu");
    expect(within(root).getByRole("menuitem", { name: "Welcome" })).toContainElement(screen.getByRole("link", { name: "Welcome" }));
    const careers = group(/Career Management/);
    expect(careers.tagName).toBe("BUTTON");
    expect(careers).toHaveAttribute("aria-expanded", "true");
    expect(document.getElementById(careers.getAttribute("aria-controls")!)).toHaveAttribute("role", "menu");
    expect(group(/Content Approval/)).toHaveAttribute("aria-expanded", "false");
    expect(group(/Content Approval/)).not.toHaveAttribute("aria-controls");
  });

  it("lights the current entry, its group's name too, and only that entry is aria-current", () => {
    renderAt("/app/careers/lists/");
    const careers = screen.getByRole("link", { name: "Careers" });
    expect(careers).toHaveAttribute("aria-current", "page");
    expect(careers).toHaveAttribute("href", "/app/careers/lists");
    expect(careers.closest("li")).toHaveClass("sidebar-nav__item--selected");
    expect(group(/Career Management/).closest("li")).toHaveClass("sidebar-nav__group--selected");
    expect(current()).toHaveLength(1);
    expect(screen.getByRole("link", { name: "Welcome" })).not.toHaveAttribute("aria-current");
    expect(group(/Content Approval/).closest("li")).not.toHaveClass("sidebar-nav__group--selected");
  });

  it("folds groups open and closed by click, Enter and Space, several open at once; a closed group shows its queues' total", async () => {
    const user = userEvent.setup();
    renderAt("/app/careers/lists", { counts: { content: 150, careers: 4, links: 0 } });
    const approvals = group(/Content Approval/);
    // Closed: the entries are not drawn, the group carries the sum of its queues.
    expect(screen.queryByRole("link", { name: /Career Approval/ })).toBeNull();
    expect(within(approvals).getByLabelText("154 waiting")).toHaveTextContent("99+");

    await user.click(approvals);
    expect(approvals).toHaveAttribute("aria-expanded", "true");
    expect(group(/Career Management/)).toHaveAttribute("aria-expanded", "true");
    // Open: each queue's own count; none where nothing waits, none on the group.
    expect(within(screen.getByRole("link", { name: /^Content Approval/ })).getByLabelText("150 waiting")).toHaveTextContent("99+");
    expect(within(screen.getByRole("link", { name: /Career Approval/ })).getByLabelText("4 waiting")).toHaveTextContent("4");
    expect(screen.getByRole("link", { name: "Link Approval" })).toBeInTheDocument();
    expect(within(approvals).queryByLabelText(/waiting/)).toBeNull();

    await user.click(approvals);
    expect(approvals).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("link", { name: /Career Approval/ })).toBeNull();

    // From the keyboard: Tab reaches the header, Enter and Space fold it.
    await user.click(screen.getByRole("link", { name: "Welcome" }));
    await user.tab();
    await user.tab();
    expect(approvals).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(approvals).toHaveAttribute("aria-expanded", "true");
    await user.keyboard(" ");
    expect(approvals).toHaveAttribute("aria-expanded", "false");
    // The arrows: right opens, down walks into the entries, left goes back to the header.
    await user.keyboard("{ArrowRight}{ArrowDown}");
    expect(screen.getByRole("link", { name: /^Content Approval/ })).toHaveFocus();
    await user.keyboard("{ArrowLeft}");
    expect(approvals).toHaveFocus();
    await user.keyboard("{ArrowLeft}");
    expect(approvals).toHaveAttribute("aria-expanded", "false");
  });

  it("opens the current page's group on arrival, from a link outside the menu too", async () => {
    const user = userEvent.setup();
    renderAt("/app/welcome");
    expect(screen.getByRole("link", { name: "Welcome" })).toHaveAttribute("aria-current", "page");
    expect(group(/Career Management/)).toHaveAttribute("aria-expanded", "false");
    await user.click(screen.getByRole("link", { name: "elsewhere" }));
    expect(group(/Career Management/)).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByRole("link", { name: "Careers" })).toHaveAttribute("aria-current", "page");
    expect(current()).toHaveLength(1);
  });

  it("shows Customer Chats' unread conversations in blue, the queues' counts in red", () => {
    renderAt("/app/welcome", { unread: 2, counts: { links: 3 } });
    const unread = within(screen.getByRole("link", { name: /Customer Chats/ })).getByLabelText("2 unread conversations");
    expect(unread).toHaveTextContent("2");
    expect(unread.firstElementChild).toHaveStyle({ background: "#1677ff" });
    expect(unread.firstElementChild).toHaveAttribute("title", "2 unread conversations");
    expect(within(group(/Content Approval/)).getByLabelText("3 waiting").firstElementChild).toHaveStyle({ background: "#d4380d" });
  });
});

describe("a count badge", () => {
  it("shows nothing for 0, the count up to its overflow, then overflow+", () => {
    const { container, rerender } = render(<CountBadge count={0} color="red" label="none" />);
    expect(container).toBeEmptyDOMElement();
    rerender(<CountBadge count={99} color="red" label="99 waiting" />);
    expect(screen.getByLabelText("99 waiting")).toHaveTextContent(/^99$/);
    rerender(<CountBadge count={100} color="red" label="100 waiting" />);
    expect(screen.getByLabelText("100 waiting")).toHaveTextContent(/^99\+$/);
    rerender(<CountBadge count={12} overflow={9} color="red" label="12 waiting" />);
    expect(screen.getByLabelText("12 waiting")).toHaveTextContent(/^9\+$/);
  });
});
