// Uploaded files (table `uploads`): written once under a server-chosen name, read by name.
import type { Db } from "./client.js";

export interface StoredUpload {
  contentType: string;
  bytes: Buffer;
}

export async function saveUpload(db: Db, name: string, contentType: string, bytes: Buffer, userId: number | null): Promise<void> {
  await db.query("INSERT INTO uploads (name, content_type, bytes, size, created_by) VALUES ($1, $2, $3, $4, $5)", [
    name,
    contentType,
    bytes,
    bytes.length,
    userId,
  ]);
}

export async function readUpload(db: Db, name: string): Promise<StoredUpload | null> {
  const { rows } = await db.query<{ content_type: string; bytes: Uint8Array }>("SELECT content_type, bytes FROM uploads WHERE name = $1", [name]);
  const row = rows[0];
  return row ? { contentType: row.content_type, bytes: Buffer.from(row.bytes) } : null;
}
