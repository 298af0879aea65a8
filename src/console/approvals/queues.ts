// Which approval queues exist, where their screens live and what they are called: read from the
// definitions alone (`approval.queue`), so a new content type joins a queue, or makes a new one,
// without a line here. Plain data: the menu, the routes and the tests read it.
import { compareNames, type ResourceDefinition } from "../../../resources";
import { t, verbatim, type Label, type MessageKey } from "../../../providers/i18n";

export interface Queue {
  /** The queue's name as the API knows it (`?queue=content`, a key of /api/approvals/counts). */
  name: string;
  /** /app/administration/<name>-approval */
  path: string;
  /** The queue page's heading: an i18n key, or the label itself for a queue the spec does not name. */
  label: Label;
  /** Its entry in the sidebar, under the approval group: what waits there ("Content requests"). */
  entry: Label;
  layout: "table" | "grid";
  /** The definitions whose changes wait in this queue. */
  resources: string[];
}

/** The spec's queues, in the spec's order, with their strings: the page's heading and the sidebar's entry. */
const SPEC_QUEUES: Record<string, { heading: MessageKey; entry: MessageKey }> = {
  content: { heading: "menu.contentApprovalList", entry: "menu.queues.content" },
  career: { heading: "pages.careerApproval", entry: "menu.queues.career" },
  link: { heading: "menu.linkApproval", entry: "menu.queues.link" },
  image: { heading: "menu.imageApproval", entry: "menu.queues.image" },
};

export const APPROVAL_PAGE = "/app/administration/approval-page/:id";
export const approvalPagePath = (id: number | string) => APPROVAL_PAGE.replace(":id", encodeURIComponent(String(id)));
export const queuePath = (queue: string) => `/app/administration/${queue}-approval`;

const titleCase = (name: string) =>
  name
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join(" ");

/** Every queue named by a definition: the spec's first (in its order), then the others by name. */
export function queuesOf(registry: readonly ResourceDefinition[]): Queue[] {
  const byName = new Map<string, Queue>();
  for (const definition of registry) {
    if (!definition.approval) continue;
    const { queue: name, layout = "table" } = definition.approval;
    const spec = SPEC_QUEUES[name];
    const queue = byName.get(name) ?? {
      name,
      path: queuePath(name),
      label: spec?.heading ?? verbatim(t("approval.queueLabel", { name: titleCase(name) })),
      entry: spec?.entry ?? verbatim(t("approval.queueEntry", { name: titleCase(name) })),
      layout,
      resources: [],
    };
    // One grid-layout type makes the queue a grid (images); mixing layouts in a queue is the definitions' call.
    if (layout === "grid") queue.layout = "grid";
    queue.resources.push(definition.name);
    byName.set(name, queue);
  }
  const spec = Object.keys(SPEC_QUEUES);
  const rank = (name: string) => (spec.includes(name) ? spec.indexOf(name) : spec.length);
  return [...byName.values()].sort((a, b) => rank(a.name) - rank(b.name) || compareNames(a.name, b.name));
}

export const queueByName = (registry: readonly ResourceDefinition[], name: string | undefined) => queuesOf(registry).find((q) => q.name === name);
