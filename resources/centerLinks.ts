import { defineResource } from "./types";

export default defineResource({
  name: "center-links",
  label: "Center link",
  labelPlural: "Center links",
  permissionKey: "center_management",
  scope: "center",
  titleField: "label",
  approval: { queue: "link" },
  history: true,
  public: true,
  fields: [
    { name: "label", label: "Label", type: "text", required: true, maxLength: 80, listed: true, sortable: true, searchable: true },
    { name: "url", label: "URL", type: "url", required: true, maxLength: 500, listed: true },
    {
      name: "kind",
      label: "Kind",
      type: "select",
      required: true,
      default: "website",
      listed: true,
      filterable: true,
      options: [
        { value: "website", label: "Website" },
        { value: "social", label: "Social media" },
        { value: "whatsapp", label: "WhatsApp" },
        { value: "registration", label: "Registration" },
        { value: "other", label: "Other" },
      ],
    },
    { name: "position", label: "Order", type: "number", integer: true, min: 0, max: 999, default: 0, listed: true, sortable: true },
  ],
  list: { defaultSort: "position" },
  routes: {
    list: "/app/center-management/center-links",
    centerHistory: "/app/administration/link-history/:center_code",
    state: "/app/center-management/center-links/:state/:id",
  },
  translations: {
    id: {
      label: "Tautan center",
      labelPlural: "Tautan center",
      fields: {
        label: { label: "Label" },
        url: { label: "URL" },
        kind: {
          label: "Jenis",
          options: { website: "Situs web", social: "Media sosial", whatsapp: "WhatsApp", registration: "Pendaftaran", other: "Lainnya" },
        },
        position: { label: "Urutan" },
      },
    },
  },
});
