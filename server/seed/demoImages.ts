// Pictures for the demo gallery, drawn at seed time (the repository ships no binaries and the demo
// works offline): a sky, a sun and hills in a palette per picture, stored as uploads.
import { crc32, deflateSync } from "node:zlib";
import type { Db } from "../db/client.js";
import { saveUpload } from "../db/uploads.js";

export interface Palette {
  sky: [number, number, number];
  horizon: [number, number, number];
  sun: [number, number, number];
  hill: [number, number, number];
}

const WIDTH = 480;
const HEIGHT = 320;

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const mix = (a: number, b: number, t: number) => Math.round(a + (b - a) * t);

/** A landscape in `palette`, as PNG bytes (RGB, 8 bits). */
export function drawLandscape(palette: Palette, seed: number): Buffer {
  const rows: Buffer[] = [];
  const sunX = WIDTH * (0.25 + (0.5 * ((seed * 37) % 100)) / 100);
  const sunY = HEIGHT * 0.35;
  for (let y = 0; y < HEIGHT; y++) {
    const row = Buffer.alloc(1 + WIDTH * 3);
    for (let x = 0; x < WIDTH; x++) {
      const t = y / HEIGHT;
      let color = palette.sky.map((c, i) => mix(c, palette.horizon[i]!, t)) as number[];
      if (Math.hypot(x - sunX, y - sunY) < 38) color = palette.sun;
      const hill = HEIGHT * (0.68 + 0.08 * Math.sin(x / 60 + seed) + 0.04 * Math.sin(x / 23 + seed * 2));
      if (y > hill) color = palette.hill.map((c) => mix(c, 0, ((y - hill) / HEIGHT) * 1.2));
      row.set(color, 1 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(WIDTH, 0);
  header.writeUInt32BE(HEIGHT, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.concat(rows))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** Stores a drawn picture as upload `name` and returns its URL. */
export async function saveDemoImage(db: Db, name: string, palette: Palette, seed: number): Promise<string> {
  await saveUpload(db, name, "image/png", drawLandscape(palette, seed), null);
  return `/uploads/${name}`;
}
