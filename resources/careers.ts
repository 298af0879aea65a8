import { defineResource } from "./types";

export default defineResource({
  name: "careers",
  label: "Career",
  labelPlural: "Careers",
  permissionKey: "career_management",
  // Spec §2: anyone signed in may read the job list; writing needs career_management.
  openModes: ["read"],
  // Spec: the careers history screens sit with the content screens, under content_management.
  historyKey: "content_management",
  scope: "center",
  titleField: "title",
  approval: { queue: "career" },
  history: true,
  public: true,
  // A listing comes down when its closing date is over (in the center's time zone).
  schedule: { takeDownFrom: "closing_date" },
  fields: [
    { name: "title", label: "Job title", type: "text", required: true, maxLength: 160, listed: true, sortable: true, searchable: true },
    { name: "department", label: "Department", type: "text", maxLength: 100, listed: true, sortable: true, searchable: true },
    {
      name: "employment_type",
      label: "Employment type",
      type: "select",
      required: true,
      default: "full_time",
      listed: true,
      filterable: true,
      options: [
        { value: "full_time", label: "Full time" },
        { value: "part_time", label: "Part time" },
        { value: "contract", label: "Contract" },
        { value: "internship", label: "Internship" },
      ],
    },
    { name: "location", label: "Location", type: "text", maxLength: 160, searchable: true },
    { name: "description", label: "Description", type: "richtext", required: true, maxLength: 50_000 },
    { name: "requirements", label: "Requirements", type: "richtext", maxLength: 50_000 },
    { name: "salary_min", label: "Salary from (IDR / month)", type: "number", min: 0, integer: true, sortable: true },
    { name: "salary_max", label: "Salary to (IDR / month)", type: "number", min: 0, integer: true },
    { name: "closing_date", label: "Closing date", type: "date", listed: true, sortable: true, filterable: true },
  ],
  rules: [{ kind: "notBefore", field: "salary_max", than: "salary_min", message: "The maximum salary must not be less than the minimum" }],
  list: { defaultSort: "-created_at" },
  routes: {
    list: "/app/careers/lists",
    create: "/app/careers/new",
    edit: "/app/careers/edit/:id",
    history: "/app/careers/history/:id",
    historyDetails: "/app/careers/history-details/:id",
  },
  translations: {
    id: {
      label: "Lowongan",
      labelPlural: "Lowongan",
      fields: {
        title: { label: "Posisi" },
        department: { label: "Departemen" },
        employment_type: {
          label: "Jenis pekerjaan",
          options: { full_time: "Penuh waktu", part_time: "Paruh waktu", contract: "Kontrak", internship: "Magang" },
        },
        location: { label: "Lokasi" },
        description: { label: "Deskripsi" },
        requirements: { label: "Persyaratan" },
        salary_min: { label: "Gaji dari (Rp / bulan)" },
        salary_max: { label: "Gaji sampai (Rp / bulan)" },
        closing_date: { label: "Batas akhir lamaran" },
      },
      rules: ["Gaji maksimum tidak boleh kurang dari gaji minimum"],
    },
  },
});
