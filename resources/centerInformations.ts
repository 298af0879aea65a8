import { defineResource } from "./types";

/** Times of day every half hour, "00:00" to "23:30": a center's opening and closing. */
const TIMES = Array.from({ length: 48 }, (_, i) => {
  const time = `${String(Math.floor(i / 2)).padStart(2, "0")}:${i % 2 ? "30" : "00"}`;
  return { value: time, label: time };
});
/** Indonesian writes a time with a dot: "08.00". */
const TIMES_ID = Object.fromEntries(TIMES.map((t) => [t.value, t.value.replace(":", ".")]));

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
  // Its approved values are the hours reports count response times in.
  centerBusinessHours: { days: "business_days", opens: "business_opens", closes: "business_closes" },
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
    {
      name: "business_days",
      label: "Business days",
      type: "multiselect",
      default: ["1", "2", "3", "4", "5"],
      options: [
        { value: "1", label: "Monday" },
        { value: "2", label: "Tuesday" },
        { value: "3", label: "Wednesday" },
        { value: "4", label: "Thursday" },
        { value: "5", label: "Friday" },
        { value: "6", label: "Saturday" },
        { value: "7", label: "Sunday" },
      ],
      // Empty: what the center keeps until it says otherwise.
      placeholder: "Monday to Friday",
      help: "Reports count response and decision times only within these days and hours",
    },
    { name: "business_opens", label: "Opens at", type: "select", default: "08:00", placeholder: "08:00", options: TIMES },
    { name: "business_closes", label: "Closes at", type: "select", default: "17:00", placeholder: "17:00", options: TIMES },
    { name: "description", label: "Description", type: "richtext", maxLength: 20_000 },
  ],
  rules: [{ kind: "after", field: "business_closes", than: "business_opens", message: "Closing time must be after opening time" }],
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
        business_days: {
          label: "Hari kerja",
          placeholder: "Senin sampai Jumat",
          help: "Laporan menghitung waktu respons dan keputusan hanya pada hari dan jam ini",
          options: { "1": "Senin", "2": "Selasa", "3": "Rabu", "4": "Kamis", "5": "Jumat", "6": "Sabtu", "7": "Minggu" },
        },
        business_opens: { label: "Buka pukul", placeholder: "08.00", options: TIMES_ID },
        business_closes: { label: "Tutup pukul", placeholder: "17.00", options: TIMES_ID },
        description: { label: "Deskripsi" },
      },
      rules: ["Jam tutup harus setelah jam buka"],
    },
  },
});
