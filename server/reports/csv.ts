// The report's days as CSV: headed in the reader's language, durations in business minutes.
import { REPORT_FIGURES, type ReportDay } from "../../protocol/reports.js";
import { cell } from "../documents/csv.js";
import type { Language } from "../http/language.js";

/** The CSV's headings, in the reader's language. */
const HEADINGS: Record<Language, Record<"day" | (typeof REPORT_FIGURES)[number], string>> = {
  en: {
    day: "Day",
    conversations: "Conversations",
    first_replies: "First replies",
    first_reply_median: "First response median (business minutes)",
    first_reply_p90: "First response 90th percentile (business minutes)",
    resolutions: "Resolutions",
    resolved_conversations: "Resolved conversations",
    resolution_median: "Resolution median (business minutes)",
    resolution_p90: "Resolution 90th percentile (business minutes)",
    decisions: "Decisions",
    approved: "Approved",
    rejected: "Rejected",
    decision_median: "Time to decision median (business minutes)",
    decision_p90: "Time to decision 90th percentile (business minutes)",
  },
  id: {
    day: "Tanggal",
    conversations: "Percakapan",
    first_replies: "Balasan pertama",
    first_reply_median: "Median respons pertama (menit kerja)",
    first_reply_p90: "Persentil ke-90 respons pertama (menit kerja)",
    resolutions: "Penyelesaian",
    resolved_conversations: "Percakapan diselesaikan",
    resolution_median: "Median penyelesaian (menit kerja)",
    resolution_p90: "Persentil ke-90 penyelesaian (menit kerja)",
    decisions: "Keputusan",
    approved: "Disetujui",
    rejected: "Ditolak",
    decision_median: "Median waktu keputusan (menit kerja)",
    decision_p90: "Persentil ke-90 waktu keputusan (menit kerja)",
  },
};

/** Seconds as minutes with one decimal: what a spreadsheet reader compares. */
const minutes = (seconds: number | null) => (seconds === null ? "" : (Math.round(seconds / 6) / 10).toFixed(1));

export function reportCsv(days: readonly ReportDay[], language: Language): string {
  const headings = HEADINGS[language];
  const lines = [(["day", ...REPORT_FIGURES] as const).map((k) => cell(headings[k])).join(",")];
  for (const d of days) {
    lines.push([d.day, ...REPORT_FIGURES.map((k) => (k.endsWith("median") || k.endsWith("p90") ? minutes(d[k] as number | null) : d[k]))].map(cell).join(","));
  }
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}
