// Demo conversations, so the landing page (the customer chats inbox) works on a fresh start: at
// JKT01 and BDG01, in every status, with notes, assignments, canned replies and unread messages.
import type { ConversationStatus, MessageKind } from "../../protocol/chat.js";
import { preview } from "../chats/repository.js";
import type { Db } from "../db/client.js";

interface Person {
  id: number;
  name: string;
}

interface DemoConversation {
  center: string;
  contact: { name: string; email?: string; phone?: string; language: string; page: string };
  status: ConversationStatus;
  assignee?: "manager" | "editor";
  /** Hours from now (negative: in the past) for snoozed ones. */
  snoozeHours?: number;
  /** [minutes ago, kind, text, who (staff)] oldest first. */
  messages: [number, MessageKind, string, ("manager" | "editor")?][];
  /** Staff who have read everything so far. */
  readBy?: ("manager" | "editor")[];
}

const CONVERSATIONS: DemoConversation[] = [
  {
    center: "JKT01",
    contact: { name: "Sari Wulandari", email: "sari.w@example.com", language: "id-ID", page: "https://school.example/courses/kids" },
    status: "open",
    messages: [
      [42, "visitor", "Selamat siang, apakah ada kelas bahasa Inggris untuk anak umur 7 tahun?"],
      [41, "visitor", "Kalau ada, jadwalnya hari apa saja dan berapa biayanya per bulan?"],
    ],
  },
  {
    center: "JKT01",
    contact: { name: "Michael Tan", phone: "+62 812 5550 1234", language: "en-US", page: "https://school.example/ielts" },
    status: "open",
    assignee: "manager",
    messages: [
      [180, "visitor", "Hi, do you run IELTS preparation classes on weekends?"],
      [176, "staff", "Hello Michael! Yes, we have an IELTS class on Saturdays 09:00–12:00 at our Kemang center.", "manager"],
      [170, "visitor", "Great. Is there a placement test first? My target is band 7."],
      [168, "note", "Returning student from 2023 — offer the alumni discount.", "manager"],
      [12, "visitor", "Also, can I pay in two instalments?"],
    ],
    readBy: [],
  },
  {
    center: "JKT01",
    contact: { name: "Dewi Lestari", email: "dewi.lestari@example.com", language: "id-ID", page: "https://school.example/" },
    status: "pending",
    assignee: "editor",
    messages: [
      [1500, "visitor", "Apakah bisa trial class gratis untuk anak saya sebelum mendaftar?"],
      [1490, "staff", "Bisa, Bu Dewi. Trial class tersedia setiap Sabtu pukul 10.00. Boleh kami tahu usia anak Ibu?", "editor"],
      [1480, "visitor", "Usianya 10 tahun. Saya cek jadwal dulu dengan suami ya."],
      [1470, "activity", "Demo Content Editor marked this conversation as pending", "editor"],
    ],
    readBy: ["editor", "manager"],
  },
  {
    center: "JKT01",
    contact: { name: "Budi Santoso", phone: "+62 811 234 567", language: "id-ID", page: "https://school.example/corporate" },
    status: "snoozed",
    assignee: "manager",
    snoozeHours: 20,
    messages: [
      [3000, "visitor", "Kami ingin pelatihan bahasa Inggris untuk 15 karyawan kantor. Bisa kirim penawaran?"],
      [2990, "staff", "Terima kasih, Pak Budi. Kami siapkan penawarannya dan kabari besok pagi.", "manager"],
      [2985, "activity", "Demo Center Manager snoozed this conversation", "manager"],
    ],
    readBy: ["manager", "editor"],
  },
  {
    center: "JKT01",
    contact: { name: "Anna Schmidt", email: "anna.schmidt@example.com", language: "en-GB", page: "https://school.example/contact" },
    status: "resolved",
    assignee: "manager",
    messages: [
      [9000, "visitor", "Where can I park when I come to the Kemang center?"],
      [8990, "staff", "There is free parking in the building's basement — just tell the guard you are visiting us.", "manager"],
      [8985, "visitor", "Perfect, thank you!"],
      [8980, "activity", "Demo Center Manager resolved this conversation", "manager"],
    ],
    readBy: ["manager", "editor"],
  },
  {
    center: "BDG01",
    contact: { name: "Rizky Pratama", email: "rizky.p@example.com", language: "id-ID", page: "https://school.example/bandung" },
    status: "open",
    messages: [[25, "visitor", "Halo, apakah cabang Dago buka hari Minggu?"]],
  },
  {
    center: "BDG01",
    contact: { name: "Linda Hartono", phone: "+62 813 2200 9988", language: "id-ID", page: "https://school.example/toefl" },
    status: "resolved",
    assignee: "manager",
    messages: [
      [6000, "visitor", "Berapa biaya kursus TOEFL persiapan?"],
      [5990, "staff", "Biaya kursus TOEFL Rp 2.400.000 untuk 8 minggu, termasuk buku dan dua kali simulasi tes.", "manager"],
      [5980, "activity", "Demo Center Manager resolved this conversation", "manager"],
    ],
    readBy: ["manager"],
  },
];

const CANNED: { center: string; short_code: string; text: string }[] = [
  { center: "JKT01", short_code: "hours", text: "Our Kemang center is open Monday to Friday 09:00–20:00 and Saturday 09:00–15:00." },
  { center: "JKT01", short_code: "trial", text: "You are welcome to join a free trial class: they run every Saturday at 10:00. Shall I book a place for you?" },
  { center: "JKT01", short_code: "thanks", text: "Thank you for contacting us! Is there anything else I can help you with?" },
  { center: "BDG01", short_code: "hours", text: "Cabang Dago buka Senin–Jumat 09.00–20.00 dan Sabtu 09.00–15.00." },
];

export async function seedDemoChats(tx: Db, staff: { manager: Person; editor: Person }): Promise<void> {
  const numbers = new Map<string, number>();
  for (const c of CONVERSATIONS) {
    const number = (numbers.get(c.center) ?? 0) + 1;
    numbers.set(c.center, number);
    const first = c.messages[0]![0];
    const contact = await tx.query<{ id: number }>(
      `INSERT INTO chat_contacts (center_code, name, email, phone, language, first_page, referrer, last_seen_at, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'https://www.google.com/', now() - make_interval(mins => $7), now() - make_interval(mins => $8))
       RETURNING id::int AS id`,
      [c.center, c.contact.name, c.contact.email ?? null, c.contact.phone ?? null, c.contact.language, c.contact.page, c.messages.at(-1)![0], first],
    );
    const conv = await tx.query<{ id: number }>(
      `INSERT INTO chat_conversations (center_code, number, contact_id, status, assignee_id, snoozed_until, created_at)
       VALUES ($1, $2, $3, $4, $5, CASE WHEN $6::int IS NULL THEN NULL ELSE now() + make_interval(hours => $6::int) END, now() - make_interval(mins => $7))
       RETURNING id::int AS id`,
      [c.center, number, contact.rows[0]!.id, c.status, c.assignee ? staff[c.assignee].id : null, c.snoozeHours ?? null, first],
    );
    const id = conv.rows[0]!.id;
    let visitorCount = 0;
    let waiting: number | null = null;
    let firstReply: number | null = null;
    let shown = "";
    for (const [ago, kind, text, who] of c.messages) {
      const author = who ? staff[who] : null;
      await tx.query(
        `INSERT INTO chat_messages (conversation_id, kind, body, author_id, author_name, created_at)
         VALUES ($1, $2, $3, $4, $5, now() - make_interval(mins => $6))`,
        [id, kind, text, author?.id ?? null, author?.name ?? (kind === "visitor" ? c.contact.name : null), ago],
      );
      if (kind === "visitor") {
        visitorCount += 1;
        waiting ??= ago;
        shown = text;
      }
      if (kind === "staff") {
        waiting = null;
        firstReply ??= ago;
        shown = text;
      }
    }
    await tx.query(
      `UPDATE chat_conversations SET visitor_messages = $2, preview = $3, last_activity_at = now() - make_interval(mins => $4),
         waiting_since = CASE WHEN $5::int IS NULL THEN NULL ELSE now() - make_interval(mins => $5::int) END,
         first_reply_at = CASE WHEN $6::int IS NULL THEN NULL ELSE now() - make_interval(mins => $6::int) END
       WHERE id = $1`,
      [id, visitorCount, preview(shown), c.messages.at(-1)![0], c.status === "resolved" ? null : waiting, firstReply],
    );
    for (const who of c.readBy ?? []) {
      await tx.query("INSERT INTO chat_reads (user_id, conversation_id, read_count) VALUES ($1, $2, $3)", [staff[who].id, id, visitorCount]);
    }
  }
  for (const [center, last] of numbers) await tx.query("INSERT INTO chat_counters (center_code, last_number) VALUES ($1, $2)", [center, last]);
  for (const r of CANNED) {
    await tx.query("INSERT INTO chat_canned_replies (center_code, short_code, body, created_by) VALUES ($1, $2, $3, $4)", [
      r.center,
      r.short_code,
      r.text,
      staff.manager.id,
    ]);
  }
}
