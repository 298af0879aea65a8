// Demo content for the documents engine, written through the approval workflow as people would:
// authors submit, reviewers decide. Every center has live records with a few versions; JKT01 and
// BDG01 also have open requests in every queue (new records, edits, deletions) and a rejected post.
// Deterministic: the same text on every fresh start.
import { createHash } from "node:crypto";
import careers from "../../resources/careers.js";
import centerInformations from "../../resources/centerInformations.js";
import centerLinks from "../../resources/centerLinks.js";
import images from "../../resources/images.js";
import posts from "../../resources/posts.js";
import { slugify } from "../../resources/compile/slug.js";
import type { RecordOf, ResourceDefinition, SystemFields } from "../../resources/types.js";
import { createRecord, decide, DecisionConflict, deleteRecord, updateRecord } from "../approvals/workflow.js";
import { getDocument, type Actor, type Doc } from "../documents/repository.js";
import { prepareData } from "../documents/values.js";
import type { Db } from "../db/client.js";
import { saveDemoImage, type Palette } from "./demoImages.js";

interface DemoCenter {
  code: string;
  city: string;
  area: string;
  address: string;
  phone: string;
  month: string;
}

const CENTERS: DemoCenter[] = [
  {
    code: "JKT01",
    city: "Jakarta",
    area: "Kemang",
    address: "Jl. Kemang Raya No. 12, Bangka, Mampang Prapatan, Jakarta Selatan 12730",
    phone: "+62 21 7199 0112",
    month: "2026-03",
  },
  {
    code: "BDG01",
    city: "Bandung",
    area: "Dago",
    address: "Jl. Ir. H. Juanda No. 88, Dago, Coblong, Bandung 40135",
    phone: "+62 22 2500 788",
    month: "2026-04",
  },
  {
    code: "SBY01",
    city: "Surabaya",
    area: "Darmo",
    address: "Jl. Raya Darmo No. 45, Darmo, Wonokromo, Surabaya 60241",
    phone: "+62 31 5678 045",
    month: "2026-05",
  },
];

/** What a client sends for a definition: its fields, typed by the definition itself. */
type Input<D extends ResourceDefinition> = Omit<RecordOf<D>, keyof SystemFields>;

function postsFor(c: DemoCenter): Input<typeof posts>[] {
  const at = (day: string, hour: string) => `${c.month}-${day}T${hour}:00+07:00`;
  const items: Omit<Input<typeof posts>, "slug">[] = [
    {
      title: `Life Club: Movie Night and Discussion in ${c.area}`,
      type: "life_club",
      excerpt: "Watch a short film in English, then talk about it in small groups with our teachers.",
      content: `<p>Join us for an evening of film and conversation at ${c.city} ${c.area}. We will watch a short English-language film and then discuss it in small groups, each led by a teacher.</p><ul><li>Open to all students from Elementary level</li><li>Snacks and drinks provided</li></ul><p>Bring a friend: guests are welcome.</p>`,
      starts_at: at("07", "18:30"),
      ends_at: at("07", "20:30"),
      venue: `Student lounge, ${c.area} center`,
      tags: ["life club", "speaking"],
    },
    {
      title: "Life Club: Cooking in English",
      type: "life_club",
      excerpt: "Follow a recipe, learn the kitchen vocabulary and enjoy what you make.",
      content:
        "<p>Learn the language of the kitchen while making simple dishes together. Our teachers will guide you through the recipe step by step, <strong>in English only</strong>.</p><p>Places are limited to 16 students.</p>",
      starts_at: at("14", "15:00"),
      ends_at: at("14", "17:00"),
      venue: `Activity room, ${c.area} center`,
      tags: ["life club", "vocabulary"],
    },
    {
      title: `Student Art and Writing Exhibition ${c.month.slice(0, 4)}`,
      type: "exhibition",
      excerpt: "Poems, short stories and artwork by our young learners, on show for families.",
      content: `<p>Our Young Learners and Teens have been writing poems and short stories and illustrating them. Come and see their work on display at ${c.city} ${c.area}.</p><h3>Programme</h3><ol><li>Opening and welcome</li><li>Readings by the authors</li><li>Gallery walk</li></ol>`,
      starts_at: at("20", "10:00"),
      ends_at: at("21", "16:00"),
      venue: `Main hall, ${c.area} center`,
      tags: ["exhibition", "young learners"],
    },
    {
      title: "Special Event: IELTS Preparation Open Day",
      type: "special_event",
      excerpt: "A free mock speaking test, study tips and a Q&A with our IELTS examiners.",
      content:
        "<p>Thinking about studying abroad? Spend a morning with our IELTS team: take a free mock speaking test, get feedback on your writing and ask our examiners anything.</p><blockquote>Registration is required: places fill up quickly.</blockquote>",
      starts_at: at("27", "09:00"),
      ends_at: at("27", "13:00"),
      venue: `${c.area} center`,
      registration_url: `https://example.com/register/${c.code.toLowerCase()}/ielts-open-day`,
      tags: ["ielts", "open day"],
    },
    {
      title: `New Term Enrolment Now Open at ${c.city} ${c.area}`,
      type: "news",
      excerpt: "Classes for kids, teens and adults start next month; book a free placement test.",
      content: `<p>Enrolment for the new term is now open at our ${c.city} ${c.area} center. Classes for Young Learners, Teens and Adults start next month, in the mornings, afternoons and evenings.</p><p>Book a <em>free placement test</em> at reception or by phone on ${c.phone}.</p>`,
      tags: ["enrolment"],
    },
  ];
  return items.map((p) => ({ ...p, slug: slugify(p.title) }));
}

function careersFor(c: DemoCenter): Input<typeof careers>[] {
  return [
    {
      title: "English Teacher (Young Learners)",
      department: "Academic",
      employment_type: "full_time",
      location: `${c.city} ${c.area}`,
      description: "<p>Teach engaging, communicative English classes to learners aged 6 to 12, and take part in our Life Club events.</p>",
      requirements: "<ul><li>CELTA, TESOL or equivalent</li><li>At least one year of classroom experience</li><li>C1 English or higher</li></ul>",
      salary_min: 9_000_000,
      salary_max: 13_000_000,
      closing_date: `${c.month}-28`,
    },
    {
      title: "Customer Service Officer",
      department: "Front Office",
      employment_type: "full_time",
      location: `${c.city} ${c.area}`,
      description: "<p>Welcome visitors, answer questions about our courses and help students and parents with enrolment.</p>",
      requirements: "<ul><li>Good spoken and written English</li><li>Friendly and well organised</li></ul>",
      salary_min: 5_500_000,
      salary_max: 7_000_000,
      closing_date: `${c.month}-21`,
    },
    {
      title: "Part-time IELTS Tutor",
      department: "Academic",
      employment_type: "part_time",
      location: `${c.city} ${c.area}`,
      description: "<p>Run evening and weekend IELTS preparation classes for adults.</p>",
      requirements: "<ul><li>IELTS 8.0 or higher, or a teaching qualification with IELTS experience</li></ul>",
      salary_min: 150_000,
      salary_max: 250_000,
      closing_date: `${c.month}-30`,
    },
  ];
}

function informationFor(c: DemoCenter): Input<typeof centerInformations> {
  return {
    address: c.address,
    phone: c.phone,
    email: `${c.code.toLowerCase()}@example.com`,
    opening_hours: "Mon–Fri 09:00–20:00, Sat 09:00–15:00",
    map_url: `https://maps.example.com/?q=${encodeURIComponent(c.address)}`,
    // All three demo centers keep Western Indonesian time.
    time_zone: "Asia/Jakarta",
    description: `<p>Our ${c.city} ${c.area} center has 12 classrooms, a student lounge and a library of graded readers.</p>`,
  };
}

function linksFor(c: DemoCenter): Input<typeof centerLinks>[] {
  const code = c.code.toLowerCase();
  return [
    { label: "Center website", url: `https://example.com/centers/${code}`, kind: "website", position: 1 },
    { label: "Instagram", url: `https://instagram.com/example_${code}`, kind: "social", position: 2 },
    { label: "WhatsApp reception", url: `https://wa.me/62${c.phone.replace(/\D/g, "").slice(2)}`, kind: "whatsapp", position: 3 },
    { label: "Placement test booking", url: `https://example.com/register/${code}/placement-test`, kind: "registration", position: 4 },
  ];
}

const GALLERY: { title: string; alt: string; album: string; palette: Palette }[] = [
  {
    title: "Life Club movie night",
    alt: "Students watching a film together in the student lounge",
    album: "Life Club",
    palette: { sky: [30, 40, 90], horizon: [200, 110, 140], sun: [250, 220, 150], hill: [40, 60, 70] },
  },
  {
    title: "Exhibition opening",
    alt: "Families looking at poems and drawings on the gallery wall",
    album: "Exhibitions",
    palette: { sky: [110, 170, 230], horizon: [220, 235, 250], sun: [255, 240, 170], hill: [80, 150, 90] },
  },
  {
    title: "IELTS open day",
    alt: "An examiner talking with a small group of adult students",
    album: "Events",
    palette: { sky: [250, 180, 110], horizon: [255, 230, 190], sun: [255, 250, 230], hill: [150, 90, 70] },
  },
  {
    title: "Our new classroom",
    alt: "A bright classroom with round tables and a whiteboard",
    album: "Center",
    palette: { sky: [140, 200, 210], horizon: [230, 250, 245], sun: [255, 255, 220], hill: [60, 120, 110] },
  },
  {
    title: "Cooking in English",
    alt: "Teens following a recipe written on a whiteboard",
    album: "Life Club",
    palette: { sky: [90, 60, 130], horizon: [240, 150, 100], sun: [255, 210, 120], hill: [70, 50, 60] },
  },
];

export interface DemoAuthors {
  manager: Actor;
  superadmin: Actor;
  editor: Actor;
}

/** Writes demo records of one type through the workflow; every body is checked like a request's. */
class Writer {
  constructor(
    private tx: Db,
    private centerCode: string,
  ) {}

  private data(def: ResourceDefinition, body: Record<string, unknown>) {
    const { data, errors } = prepareData(def, body);
    if (Object.keys(errors).length > 0) throw new Error(`demo ${def.name} is invalid: ${JSON.stringify(errors)}`);
    return data;
  }

  create(def: ResourceDefinition, actor: Actor, body: Record<string, unknown>, note: string | null = null) {
    return createRecord(this.tx, def, actor, this.centerCode, this.data(def, body), note);
  }

  async edit(def: ResourceDefinition, actor: Actor, doc: Doc, changes: Record<string, unknown>, note: string) {
    const current = (await getDocument(this.tx, def, { kind: "all" }, doc.id, true))!;
    const body = Object.fromEntries(def.fields.map((f) => [f.name, current[f.name]]));
    return (await updateRecord(this.tx, def, actor, current, this.data(def, { ...body, ...changes }), note))!;
  }

  async remove(def: ResourceDefinition, actor: Actor, doc: Doc, note: string) {
    const current = (await getDocument(this.tx, def, { kind: "all" }, doc.id, true))!;
    return (await deleteRecord(this.tx, def, actor, current, note)).doc;
  }

  async decide(def: ResourceDefinition, reviewer: Actor, doc: Doc, action: "approve" | "reject", text?: string) {
    const current = (await getDocument(this.tx, def, { kind: "all" }, doc.id))!;
    const byName = (name: string) => (name === def.name ? def : undefined);
    const result = await decide(
      this.tx,
      byName,
      { kind: "all" },
      current.review!.id,
      { action, reason: text, comment: text },
      { ...reviewer, isSuperadmin: true },
    );
    if (result instanceof DecisionConflict) throw new Error(`demo decision failed: ${result.message}`);
    return (await getDocument(this.tx, def, { kind: "all" }, doc.id))!;
  }

  /** Submitted by `author` and approved by `reviewer`: a live record with two versions. */
  async live(def: ResourceDefinition, author: Actor, reviewer: Actor, body: Record<string, unknown>) {
    return this.decide(def, reviewer, await this.create(def, author, body), "approve");
  }
}

const imageName = (center: string, n: number) => `${createHash("md5").update(`demo-${center}-${n}`).digest("hex")}.png`;

/** Call inside the demo seed's transaction, after the users exist. */
export async function seedDemoDocuments(tx: Db, authors: DemoAuthors): Promise<void> {
  for (const c of CENTERS) {
    const w = new Writer(tx, c.code);
    const busy = c.code !== "SBY01";
    // JKT01: the editor writes content and the manager reviews. BDG01: head office (the
    // superadmin) writes and the manager reviews. SBY01: head office runs everything.
    const author = c.code === "JKT01" ? authors.editor : authors.superadmin;
    const admin = authors.superadmin;
    const reviewer = busy ? authors.manager : authors.superadmin;

    const postDocs: Doc[] = [];
    for (const p of postsFor(c)) postDocs.push(await w.live(posts, author, reviewer, p));
    const lifeClub = postDocs[0]!;
    const news = postDocs[4]!;
    // A post with several versions: edited and approved again.
    const edited = await w.edit(posts, author, lifeClub, { venue: `Student lounge (2nd floor), ${c.area} center` }, "The lounge moved upstairs");
    await w.decide(posts, reviewer, edited, "approve", "Thanks for keeping it current");

    const jobs: Doc[] = [];
    for (const j of careersFor(c)) jobs.push(await w.live(careers, author, reviewer, j));
    const info = await w.live(centerInformations, admin, reviewer, informationFor(c));
    const links: Doc[] = [];
    for (const l of linksFor(c)) links.push(await w.live(centerLinks, admin, reviewer, l));
    const gallery: Doc[] = [];
    for (const [i, g] of GALLERY.slice(0, 3).entries()) {
      const image = await saveDemoImage(tx, imageName(c.code, i), g.palette, i + c.code.length);
      gallery.push(await w.live(images, admin, reviewer, { image, title: g.title, alt_text: g.alt, album: g.album }));
    }
    if (!busy) continue;

    // Open requests in every queue: new records, edits of live ones, deletions.
    await w.edit(posts, author, lifeClub, { title: `Life Club: Movie Night and Q&A with the Director in ${c.area}` }, "The director agreed to join us");
    await w.create(
      posts,
      author,
      {
        title: `Life Club: Board Games Afternoon in ${c.area}`,
        slug: `board-games-afternoon-${c.code.toLowerCase()}`,
        type: "life_club",
        excerpt: "Play classic board games in English and learn the language of strategy and luck.",
        content: "<p>Bring your friends for an afternoon of board games in English. Teachers explain the rules and help with new words.</p>",
        starts_at: `${c.month}-18T14:00:00+07:00`,
        ends_at: `${c.month}-18T16:30:00+07:00`,
        venue: `Student lounge, ${c.area} center`,
        tags: ["life club", "games"],
      },
      "New event for next month",
    );
    await w.remove(posts, author, news, "The enrolment period is over");
    const rejected = await w.create(posts, author, {
      title: "Holiday Intensive Courses",
      slug: `holiday-intensive-${c.code.toLowerCase()}`,
      type: "news",
      excerpt: "Two-week courses during the school holidays.",
      content: "<p>Join our intensive courses during the holidays.</p>",
    });
    await w.decide(posts, reviewer, rejected, "reject", "Please add the dates, the class times and the price before we publish this.");

    await w.create(
      careers,
      author,
      {
        title: "Academic Coordinator",
        department: "Academic",
        employment_type: "full_time",
        location: `${c.city} ${c.area}`,
        description: "<p>Plan timetables, support our teachers and look after the quality of our courses.</p>",
        requirements: "<ul><li>DELTA or an MA in TESOL</li><li>Three years of teaching, one of them leading a team</li></ul>",
        salary_min: 14_000_000,
        salary_max: 18_000_000,
        closing_date: `${c.month}-30`,
      },
      "We need someone before the new term",
    );
    await w.edit(careers, author, jobs[0]!, { salary_min: 9_500_000, salary_max: 13_500_000 }, "New salary band from this year");
    await w.remove(careers, author, jobs[2]!, "The position has been filled");

    await w.edit(centerInformations, admin, info, { opening_hours: "Mon–Fri 08:30–20:30, Sat 09:00–16:00" }, "Longer hours for the new term");

    await w.create(centerLinks, admin, { label: "TikTok", url: `https://tiktok.com/@example_${c.code.toLowerCase()}`, kind: "social", position: 5 });
    await w.edit(centerLinks, admin, links[1]!, { url: `https://instagram.com/example.${c.code.toLowerCase()}` }, "Our Instagram account was renamed");
    await w.remove(centerLinks, admin, links[3]!, "Placement tests are booked through the website now");

    for (const [i, g] of GALLERY.slice(3).entries()) {
      const image = await saveDemoImage(tx, imageName(c.code, i + 3), g.palette, i + 7);
      await w.create(images, admin, { image, title: g.title, alt_text: g.alt, album: g.album }, "Photos from this month");
    }
    await w.remove(images, admin, gallery[2]!, "An older photo; the new classroom one replaces it");
  }
}
