import type { BaseRecord, DataProvider } from "@refinedev/core";
import { HttpError } from "./http";
import { toListQuery } from "./listQuery";
import type { ListData, Loader } from "./loader";
import { t } from "./i18n";

export function singleDoc<T>(data: ListData<T> | undefined): T {
  const docs = data?.docs;
  if (!Array.isArray(docs) || docs.length !== 1) throw new HttpError(t("errors.notSingular"), 404);
  return docs[0];
}

/** Refine's data provider over the dashboard API's `data.docs` / `data.totalDocs` envelope. */
export function createDataProvider(load: Loader, apiUrl = "/api"): DataProvider {
  const url = (resource: string) => `${apiUrl}/${resource}`;

  return {
    getApiUrl: () => apiUrl,

    async getList({ resource, pagination, sorters, filters }) {
      const { data } = await load<ListData<any>>({
        method: "GET",
        url: url(resource),
        params: toListQuery({ pagination, sorters, filters }),
      });
      return { data: data?.docs ?? [], total: data?.totalDocs ?? 0 };
    },

    async getOne({ resource, id }) {
      const { data } = await load<ListData<any>>({ method: "GET", url: `${url(resource)}/${encodeURIComponent(String(id))}` });
      return { data: singleDoc(data) };
    },

    async getMany({ resource, ids }) {
      const { data } = await load<ListData<any>>({
        method: "GET",
        url: url(resource),
        params: { ids: ids.join(","), limit: Math.max(ids.length, 1) },
      });
      return { data: data?.docs ?? [] };
    },

    async create({ resource, variables }) {
      const { data } = await load<any>({ method: "POST", url: url(resource), body: variables });
      return { data };
    },

    async update({ resource, id, variables }) {
      const body = { ...(variables as object), id } as BaseRecord;
      const { data } = await load<any>({ method: "PUT", url: url(resource), body });
      return { data };
    },

    async deleteOne({ resource, id, variables }) {
      const body = { ...((variables as object) ?? {}), id };
      const { data } = await load<any>({ method: "DELETE", url: url(resource), body });
      return { data: data ?? { id } };
    },

    async custom({ url: target, method, payload, query, headers }) {
      const envelope = await load<any>({
        method,
        url: target,
        body: payload,
        params: query as Record<string, unknown> | undefined,
        headers: headers as Record<string, string> | undefined,
      });
      return { data: envelope as any };
    },
  };
}
