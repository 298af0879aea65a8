import { defineResource } from "./types";

/** The center's gallery for the school's website: each picture is approved before it shows. */
export default defineResource({
  name: "images",
  label: "Image",
  labelPlural: "Images",
  permissionKey: "center_management",
  scope: "center",
  titleField: "title",
  approval: { queue: "image", layout: "grid" },
  history: true,
  public: true,
  schedule: true,
  fields: [
    { name: "image", label: "Image", type: "image", required: true, listed: true },
    { name: "title", label: "Title", type: "text", required: true, maxLength: 120, listed: true, sortable: true, searchable: true },
    {
      name: "alt_text",
      label: "Alt text",
      type: "text",
      required: true,
      maxLength: 250,
      searchable: true,
      help: "What the picture shows, for visitors who cannot see it",
      placeholder: "Students presenting their posters in the main hall",
    },
    { name: "album", label: "Album", type: "text", maxLength: 80, listed: true, sortable: true, searchable: true },
  ],
  list: { defaultSort: "-created_at" },
  routes: {
    list: "/app/center-management/images",
    history: "/app/center-management/images/history/:id",
    historyDetails: "/app/center-management/images/history-details/:id",
  },
  menu: { group: "center-management" },
  translations: {
    id: {
      label: "Gambar",
      labelPlural: "Gambar",
      fields: {
        image: { label: "Gambar" },
        title: { label: "Judul" },
        alt_text: {
          label: "Teks alternatif",
          help: "Apa yang ditampilkan gambar, untuk pengunjung yang tidak dapat melihatnya",
          placeholder: "Siswa mempresentasikan poster mereka di aula utama",
        },
        album: { label: "Album" },
      },
    },
  },
});
