import { defineResource } from "./types";

export default defineResource({
  name: "center-informations",
  label: "Center information",
  labelPlural: "Center information",
  permissionKey: "center_management",
  scope: "center",
  singleton: true,
  openingHoursField: "opening_hours",
  // Its approved value is the center's zone: schedules are entered and shown in it.
  centerTimeZoneField: "time_zone",
  noDelete: true,
  titleField: "address",
  approval: { queue: "content" },
  history: true,
  public: true,
  fields: [
    { name: "address", label: "Address", type: "textarea", required: true, maxLength: 400, listed: true, searchable: true },
    {
      name: "phone",
      label: "Phone",
      type: "text",
      maxLength: 30,
      listed: true,
      placeholder: "+62 21 7179 1234",
      pattern: { regex: "^\\+?[0-9 ()-]{6,30}$", message: "Use digits, spaces, dashes and an optional leading +" },
    },
    { name: "email", label: "Email", type: "email", maxLength: 200, listed: true },
    { name: "opening_hours", label: "Opening hours", type: "textarea", maxLength: 400, placeholder: "Mon–Fri 09:00–20:00, Sat 09:00–15:00" },
    { name: "map_url", label: "Map link", type: "url", maxLength: 500 },
    {
      name: "time_zone",
      label: "Time zone",
      type: "select",
      default: "Asia/Jakarta",
      options: [
        { value: "Asia/Jakarta", label: "WIB: Western Indonesia (Asia/Jakarta)" },
        { value: "Asia/Makassar", label: "WITA: Central Indonesia (Asia/Makassar)" },
        { value: "Asia/Jayapura", label: "WIT: Eastern Indonesia (Asia/Jayapura)" },
      ],
      help: "Publishing times of this center are entered and shown in this zone",
    },
    { name: "description", label: "Description", type: "richtext", maxLength: 20_000 },
  ],
  routes: {
    list: "/app/center-management/center-informations",
    state: "/app/center-management/center-informations/:state/:id",
  },
  translations: {
    id: {
      label: "Informasi center",
      labelPlural: "Informasi center",
      fields: {
        address: { label: "Alamat" },
        phone: { label: "Telepon", pattern: "Gunakan angka, spasi, tanda hubung, dan tanda + di awal (opsional)" },
        email: { label: "Email" },
        opening_hours: { label: "Jam buka", placeholder: "Sen–Jum 09.00–20.00, Sab 09.00–15.00" },
        map_url: { label: "Tautan peta" },
        time_zone: {
          label: "Zona waktu",
          help: "Waktu penayangan center ini dimasukkan dan ditampilkan dalam zona ini",
          options: {
            "Asia/Jakarta": "WIB: Waktu Indonesia Barat (Asia/Jakarta)",
            "Asia/Makassar": "WITA: Waktu Indonesia Tengah (Asia/Makassar)",
            "Asia/Jayapura": "WIT: Waktu Indonesia Timur (Asia/Jayapura)",
          },
        },
        description: { label: "Deskripsi" },
      },
    },
  },
});
