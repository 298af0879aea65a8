import { defineResource } from "./types";

export const POST_TYPES = [
  { value: "life_club", label: "Life Club" },
  { value: "exhibition", label: "Exhibition" },
  { value: "special_event", label: "Special Event" },
  { value: "news", label: "News" },
] as const;

export default defineResource({
  name: "posts",
  label: "Post",
  labelPlural: "Posts",
  permissionKey: "content_management",
  scope: "center",
  titleField: "title",
  approval: { queue: "content" },
  history: true,
  public: true,
  // An event comes down when it ends, unless its change says otherwise.
  schedule: { takeDownFrom: "ends_at" },
  fields: [
    { name: "title", label: "Title", type: "text", required: true, maxLength: 160, listed: true, sortable: true, searchable: true },
    {
      name: "slug",
      label: "Slug",
      type: "text",
      required: true,
      maxLength: 120,
      unique: true,
      slugFrom: "title",
      pattern: { regex: "^[a-z0-9]+(?:-[a-z0-9]+)*$", message: "Use lower-case letters, digits and single dashes" },
      placeholder: "english-club-march",
      help: "The address of the post on the website: lower-case words joined by dashes",
    },
    { name: "type", label: "Type", type: "select", required: true, options: POST_TYPES, listed: true, filterable: true, default: "news" },
    { name: "excerpt", label: "Excerpt", type: "textarea", maxLength: 300, searchable: true, help: "Shown in lists and link previews" },
    { name: "content", label: "Content", type: "richtext", required: true, maxLength: 100_000 },
    { name: "cover_image", label: "Cover image", type: "image" },
    { name: "starts_at", label: "Starts", type: "datetime", listed: true, sortable: true, filterable: true },
    { name: "ends_at", label: "Ends", type: "datetime" },
    { name: "venue", label: "Venue", type: "text", maxLength: 200 },
    { name: "registration_url", label: "Registration link", type: "url", maxLength: 500 },
    { name: "tags", label: "Tags", type: "multiselect", maxItems: 10 },
  ],
  rules: [{ kind: "notBefore", field: "ends_at", than: "starts_at", message: "The end must not be before the start" }],
  list: { defaultSort: "-created_at" },
  routes: {
    // Every post, News included, with the type filter; the event pages are views over it.
    list: "/app/posts",
    create: "/app/posts/new",
    edit: "/app/posts/edit/:id",
    history: "/app/posts/history/:id",
    historyDetails: "/app/posts/history-details/:id",
  },
  menu: { group: "event-management" },
  views: [
    { path: "/app/events/life-club", label: "Life Club", preset: { type: "life_club" } },
    { path: "/app/events/exhibitions", label: "Exhibitions", preset: { type: "exhibition" } },
    // Spec §2: the special-events page needs no key; writing posts still does.
    { path: "/app/events/special-events", label: "Special Events", preset: { type: "special_event" }, permissionKey: null },
  ],
  translations: {
    id: {
      label: "Postingan",
      labelPlural: "Postingan",
      fields: {
        title: { label: "Judul" },
        slug: {
          label: "Slug",
          help: "Alamat postingan di situs web: kata-kata berhuruf kecil yang digabung dengan tanda hubung",
          pattern: "Gunakan huruf kecil, angka, dan tanda hubung tunggal",
        },
        type: { label: "Jenis", options: { life_club: "Life Club", exhibition: "Pameran", special_event: "Acara Khusus", news: "Berita" } },
        excerpt: { label: "Ringkasan", help: "Ditampilkan di daftar dan pratinjau tautan" },
        content: { label: "Konten" },
        cover_image: { label: "Gambar sampul" },
        starts_at: { label: "Mulai" },
        ends_at: { label: "Selesai" },
        venue: { label: "Tempat" },
        registration_url: { label: "Tautan pendaftaran" },
        tags: { label: "Tag" },
      },
      rules: ["Waktu selesai tidak boleh sebelum waktu mulai"],
      views: {
        "/app/events/life-club": "Life Club",
        "/app/events/exhibitions": "Pameran",
        "/app/events/special-events": "Acara Khusus",
      },
    },
  },
});
