// "Export CSV": the list as the server streams it (GET /api/<name>/export.csv), with the list's
// current filters, search and sort, saved under the name the server gives it.
import { useState } from "react";
import { Button } from "antd";
import { DownloadOutlined } from "@ant-design/icons";
import type { CrudFilter, CrudSort } from "@refinedev/core";
import { toListQuery } from "../../../providers/listQuery";
import { session } from "../../../providers/session";
import type { ResourceDefinition } from "../../../resources/types";
import { getLocale, t } from "../../../providers/i18n";
import { useFeedback } from "../feedback/Feedback";

/** The export's address: the list's query without its paging. */
export function exportUrl(definition: Pick<ResourceDefinition, "name">, sorters: CrudSort[], filters: CrudFilter[]): string {
  const query = toListQuery({ pagination: { mode: "off" }, sorters, filters });
  delete query.limit;
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return `/api/${definition.name}/export.csv${search ? `?${search}` : ""}`;
}

const fileName = (disposition: string | null, fallback: string) => /filename="([^"]+)"/.exec(disposition ?? "")?.[1] ?? fallback;

export function ExportButton({ definition, sorters, filters }: { definition: ResourceDefinition; sorters: CrudSort[]; filters: CrudFilter[] }) {
  const feedback = useFeedback();
  const [busy, setBusy] = useState(false);

  async function download() {
    setBusy(true);
    try {
      const user = session.getUser();
      const center = session.getCenter();
      const response = await fetch(exportUrl(definition, sorters, filters), {
        headers: {
          ...(user ? { Authorization: `Bearer ${user.token}` } : {}),
          ...(center ? { "X-Center-Code": center.code } : {}),
          // Headings and choices in the console's language.
          "Accept-Language": getLocale(),
        },
      });
      if (!response.ok) throw new Error(String(response.status));
      const blob = await response.blob();
      const link = document.createElement("a");
      link.href = URL.createObjectURL(blob);
      link.download = fileName(response.headers.get("content-disposition"), `${definition.name}.csv`);
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
    } catch {
      feedback.error(t("resource.exportFailed"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void download()}>
      {t("resource.exportCsv")}
    </Button>
  );
}
