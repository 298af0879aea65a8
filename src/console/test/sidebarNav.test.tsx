// The sidebar's menu, antd's Menu: its roles (e2e tests find entries as menuitems), groups that
// fold open and closed (the current page's opening on arrival), the current entry named
// aria-current, and the count badges on queues, closed groups and Customer Chats.
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ConfigProvider } from "antd";
import { Link, MemoryRouter, useLocation } from "react-router";
import { activeMenuPath, CHATS_KEY, type MenuGroup } from "../menu";
import { SidebarNav } from "../SidebarNav";
import { theme } from "../../app/theme";

const GROUPS: MenuGroup[] = [
  { key: "welcome", label: "menu.welcome", permissionKey: null, items: [{ path: "/app/welcome", label: "menu.welcome" }] },
  { key: CHATS_KEY, label: "menu.customerChats", permissionKey: null, items: [{ path: "/app/customer-chats", label: "menu.customerChats" }] },
  {
    key: "content-approval",
    label: "menu.contentApproval",
    permissionKey: "approval_management",
    items: [
      { path: "/app/approvals/content", label: "menu.contentApprovalList", queue: "content" },
      { path: "/app/approvals/careers", label: "pages.careerApproval", queue: "careers" },
      { path: "/app/approvals/links", label: "menu.linkApproval", queue: "links" },
    ],
  },
  {
    key: "career-management",
    label: "menu.careerManagement",
    permissionKey: "career_management",
    items: [{ path: "/app/careers/lists", label: "menu.careers" }],
  },
];

function Nav({ counts = {}, unread = 0 }: { counts?: Record<string, number>; unread?: number }) {
  const location = useLocation();
  return (
    <>
      <SidebarNav groups={GROUPS} active={activeMenuPath(location.pathname, GROUPS, [])} counts={counts} chatUnread={unread} />
      {/* A way to another group's page from outside the menu (a breadcrumb, a notification). */}
      <Link to="/app/careers/lists">elsewhere</Link>
      <output data-testid="at">{location.pathname}</output>
    </>
  );
}

const renderAt = (path: string, props: Parameters<typeof Nav>[0] = {}) =>
  render(
    <ConfigProvider theme={theme}>
      <MemoryRouter initialEntries={[path]}>
        <Nav {...props} />
      </MemoryRouter>
    </ConfigProvider>,
  );
const at = () => screen.getByTestId("at").textContent;

const group = (name: RegExp) => screen.getByRole("menuitem", { name });
const current = () => document.querySelectorAll('[aria-current="page"]');

describe("the sidebar's menu", () => {
  it("has antd's roles: a menu of menuitems, a group a menuitem with aria-expanded controlling its own menu", () => {
    renderAt("/app/careers/lists");
    const [root] = screen.getAllByRole("menu");
    expect(within(root).getByRole("menuitem", { name: "Welcome" })).toContainElement(screen.getByRole("link", { name: "Welcome" }));
    const careers = group(/Career Management/);
    expect(careers).toHaveAttribute("aria-expanded", "true");
    expect(document.getElementById(careers.getAttribute("aria-controls")!)).toHaveAttribute("role", "menu");
    expect(group(/Content Approval/)).toHaveAttribute("aria-expanded", "false");
  });

  it("names the current entry aria-current, and only that entry", () => {
    renderAt("/app/careers/lists/");
    const careers = screen.getByRole("link", { name: "Careers" });
    expect(careers).toHaveAttribute("aria-current", "page");
    expect(careers).toHaveAttribute("href", "/app/careers/lists");
    expect(current()).toHaveLength(1);
    expect(screen.getByRole("link", { name: "Welcome" })).not.toHaveAttribute("aria-current");
  });

  it("folds groups open and closed, several open at once; a closed group shows its queues' total", async () => {
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
    // antd keeps a closed group's list, hidden (the browser tests see it go); the closed group sums its queues again.
    expect(within(approvals).getByLabelText("154 waiting")).toBeInTheDocument();
  });

  it("goes to an entry from anywhere on its row, and from the keyboard", async () => {
    const user = userEvent.setup();
    renderAt("/app/careers/lists");
    await user.click(screen.getByRole("menuitem", { name: "Welcome" }));
    expect(at()).toBe("/app/welcome");
    screen.getByRole("link", { name: "Careers" }).focus();
    await user.keyboard("{Enter}");
    expect(at()).toBe("/app/careers/lists");
    expect(screen.getByRole("link", { name: "Careers" })).toHaveAttribute("aria-current", "page");
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

  it("shows Customer Chats' unread conversations in the theme's info colour, the queues' counts in its error colour", () => {
    renderAt("/app/welcome", { unread: 2, counts: { links: 3 } });
    const unread = within(screen.getByRole("link", { name: /Customer Chats/ })).getByLabelText("2 unread conversations");
    expect(unread).toHaveTextContent("2");
    expect(within(unread).getByTitle("2 unread conversations")).toHaveStyle({ background: theme.token!.colorInfo });
    // antd Badge's own colour: the theme's error colour.
    expect(within(group(/Content Approval/)).getByLabelText("3 waiting")).toHaveTextContent("3");
    expect(within(group(/Content Approval/)).getByTitle("3 waiting")).not.toHaveStyle({ background: theme.token!.colorInfo });
  });
});
