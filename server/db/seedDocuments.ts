// Demo content for the documents engine: a few realistic, published records of every content type
// per center, each with its first version row. Deterministic: the same text on every fresh start.
import careers from "../../resources/careers.js";
import centerInformations from "../../resources/centerInformations.js";
import centerLinks from "../../resources/centerLinks.js";
import posts from "../../resources/posts.js";
import type { RecordOf, ResourceDefinition, SystemFields } from "../../resources/types.js";
import { insertDocument, type Actor } from "../documents/repository.js";
import { prepareData, searchText } from "../documents/values.js";
import type { Db } from "./client.js";

interface DemoCenter {
  code: string;
  city: string;
  area: string;
  address: string;
  phone: string;
  month: string;
}

const CENTERS: DemoCenter[] = [
  { code: "JKT01", city: "Jakarta", area: "Kemang", address: "Jl. Kemang Raya No. 12, Bangka, Mampang Prapatan, Jakarta Selatan 12730", phone: "+62 21 7199 0112", month: "2026-03" },
  { code: "BDG01", city: "Bandung", area: "Dago", address: "Jl. Ir. H. Juanda No. 88, Dago, Coblong, Bandung 40135", phone: "+62 22 2500 788", month: "2026-04" },
  { code: "SBY01", city: "Surabaya", area: "Darmo", address: "Jl. Raya Darmo No. 45, Darmo, Wonokromo, Surabaya 60241", phone: "+62 31 5678 045", month: "2026-05" },
];

/** What a client sends for a definition: its fields, typed by the definition itself. */
type Input<D extends ResourceDefinition> = Omit<RecordOf<D>, keyof SystemFields>;

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");

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
      content: "<p>Learn the language of the kitchen while making simple dishes together. Our teachers will guide you through the recipe step by step, <strong>in English only</strong>.</p><p>Places are limited to 16 students.</p>",
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
      content: "<p>Thinking about studying abroad? Spend a morning with our IELTS team: take a free mock speaking test, get feedback on your writing and ask our examiners anything.</p><blockquote>Registration is required: places fill up quickly.</blockquote>",
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
  return items.map((p) => ({ ...p, slug: slug(p.title) }));
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

async function add(tx: Db, def: ResourceDefinition, actor: Actor, centerCode: string, body: Record<string, unknown>) {
  const { data, errors } = prepareData(def, body);
  if (Object.keys(errors).length > 0) throw new Error(`demo ${def.name} is invalid: ${JSON.stringify(errors)}`);
  await insertDocument(tx, def, actor, { centerCode, data, searchText: searchText(def, data), status: "published", note: "Demo content" });
}

/** Call inside the demo seed's transaction, after the users exist. */
export async function seedDemoDocuments(tx: Db, authors: { manager: Actor; superadmin: Actor }): Promise<void> {
  for (const c of CENTERS) {
    // The manager runs JKT01 and BDG01; the superadmin writes for SBY01.
    const actor = c.code === "SBY01" ? authors.superadmin : authors.manager;
    for (const p of postsFor(c)) await add(tx, posts, actor, c.code, p);
    for (const j of careersFor(c)) await add(tx, careers, actor, c.code, j);
    await add(tx, centerInformations, actor, c.code, informationFor(c));
    for (const l of linksFor(c)) await add(tx, centerLinks, actor, c.code, l);
  }
}
