// Images for image fields and rich text: POST /api/uploads stores one file under a server-chosen
// name after checking its magic bytes (never its name or declared type), in the database that
// every instance shares; GET /uploads/<name> serves it as inert data.
import multipart from "@fastify/multipart";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { readUpload, saveUpload } from "../db/uploads.js";
import { allows, type PermissionKey } from "../lib/permissions.js";
import { NO_PERMISSION } from "../plugins/auth.js";
import { forbidden, HttpError, notFound } from "../plugins/errors.js";
import { Type } from "typebox";
import { ErrorBody, errorResponses, ok } from "../http/schemas.js";

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
const NOT_AN_IMAGE = "must be a PNG, JPEG, WebP or GIF image";
const TOO_LARGE = "must be at most 5 MiB";
const NAME = /^[a-f0-9]{32}\.(png|jpg|gif|webp)$/;
// Whoever may write any content that has image fields may upload.
const UPLOAD_KEYS: PermissionKey[] = ["content_management", "career_management", "center_management"];

export const IMAGE_TYPES = {
  png: "image/png",
  jpg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
} as const;
export type ImageExt = keyof typeof IMAGE_TYPES;

/** The image type by the file's first bytes, or null. */
export function detectImage(bytes: Buffer): ImageExt | null {
  const starts = (sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (starts([0xff, 0xd8, 0xff])) return "jpg";
  const head = bytes.subarray(0, 6).toString("latin1");
  if (head === "GIF87a" || head === "GIF89a") return "gif";
  if (bytes.subarray(0, 4).toString("latin1") === "RIFF" && bytes.subarray(8, 12).toString("latin1") === "WEBP") return "webp";
  return null;
}

function canUpload(request: FastifyRequest): boolean {
  return UPLOAD_KEYS.some((key) => allows(request.permissions, key, "create") || allows(request.permissions, key, "update"));
}

export interface UploadRoutesOptions {
  /**
   * Where an older version kept uploads on disk (DATA_DIR/uploads): files there are still served,
   * so records written before uploads moved into the database keep their pictures.
   */
  legacyDir?: string;
}

const Binary = { type: "string", format: "binary" } as const;

/** The multipart form: one file part named `file`. Its parts stream to the handler, which checks them. */
const UploadBody = {
  content: {
    "multipart/form-data": {
      schema: {
        type: "object",
        required: ["file"],
        properties: {
          file: { ...Binary, description: `A PNG, JPEG, WebP or GIF image (checked by its bytes), at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MiB` },
        },
      },
    },
  },
};

const uploadSchema = {
  tags: ["Uploads"],
  summary: "Stores one image under a server-chosen name and answers its URL",
  body: UploadBody,
  response: {
    200: ok(Type.Object({ url: Type.String(), size: Type.Integer(), type: Type.String() })),
    413: { ...ErrorBody, description: `The image is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MiB` },
    ...errorResponses,
  },
};

const servedImage = { schema: Binary };
const fileSchema = {
  tags: ["Uploads"],
  summary: "An uploaded image, served as inert data (nosniff, a year of caching)",
  params: { type: "object", properties: { name: { type: "string", description: "The name POST /api/uploads chose" } }, required: ["name"] },
  response: {
    200: { description: "The image", content: Object.fromEntries(Object.values(IMAGE_TYPES).map((type) => [type, servedImage])) },
    404: { ...ErrorBody, description: "No image by that name" },
    ...errorResponses,
  },
};

const uploadRoutes: FastifyPluginAsync<UploadRoutesOptions> = async (app, opts) => {
  const legacyDir = opts.legacyDir ? resolve(opts.legacyDir) : undefined;
  // Encapsulated: only this plugin's routes accept multipart bodies.
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6 } });
  app.post(
    "/api/uploads",
    {
      preValidation: [
        async (request: FastifyRequest) => {
          if (!canUpload(request)) throw forbidden(NO_PERMISSION);
        },
      ],
      bodyLimit: MAX_UPLOAD_BYTES + 64 * 1024,
      schema: uploadSchema,
      // The body's parts are a stream only the handler reads (and checks: a file, its size, its
      // bytes); there is no parsed body for a schema validator to see.
      validatorCompiler: () => () => true,
    },
    async (request) => {
      if (!request.isMultipart()) throw new HttpError(400, "Send the image as multipart/form-data", { file: "is required" });
      let bytes: Buffer;
      try {
        const part = await request.file();
        if (!part) throw new HttpError(400, "Validation failed", { file: "is required" });
        bytes = await part.toBuffer();
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (code === "FST_REQ_FILE_TOO_LARGE" || code === "FST_ERR_CTP_BODY_TOO_LARGE") throw new HttpError(413, "The image is too large", { file: TOO_LARGE });
        if (err instanceof HttpError) throw err;
        // Anything else here is the body itself: a missing boundary, a cut-off or garbled part.
        throw new HttpError(400, "The upload is not a valid multipart/form-data body", { file: "could not be read" });
      }
      const ext = detectImage(bytes);
      if (!ext) throw new HttpError(400, "Validation failed", { file: NOT_AN_IMAGE });
      const name = `${randomBytes(16).toString("hex")}.${ext}`;
      await saveUpload(app.db, name, IMAGE_TYPES[ext], bytes, request.user.id);
      return { statusCode: 200, message: "Image uploaded", data: { url: `/uploads/${name}`, size: bytes.length, type: IMAGE_TYPES[ext] } };
    },
  );

  async function readLegacy(name: string): Promise<Buffer | null> {
    if (!legacyDir) return null;
    try {
      return await readFile(join(legacyDir, name));
    } catch {
      return null;
    }
  }

  app.get<{ Params: { name: string } }>("/uploads/:name", { schema: fileSchema }, async (request, reply) => {
    const { name } = request.params;
    const match = NAME.exec(name);
    if (!match) throw notFound("Not found");
    const bytes = (await readUpload(app.db, name))?.bytes ?? (await readLegacy(name));
    if (!bytes) throw notFound("Not found");
    return (
      reply
        .header("content-type", IMAGE_TYPES[match[1] as ImageExt])
        // Shown in place under its own name, never run or sniffed as anything else.
        .header("content-disposition", `inline; filename="${name}"`)
        .header("x-content-type-options", "nosniff")
        .header("content-security-policy", "default-src 'none'")
        .header("cache-control", "public, max-age=31536000, immutable")
        .send(bytes)
    );
  });
};

export default uploadRoutes;
