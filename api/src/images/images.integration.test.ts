import { createHash, randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { deflateSync } from "node:zlib";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { ADMIN, createTestDatabaseUrl, driverName, MAYA, SAM, startTestApi, useTestApi } from "../../test/harness.js";

const api = useTestApi();

/** A multipart/form-data body as a browser would send it. */
async function form(fields: Record<string, Blob | string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === "string") data.append(name, value);
    else data.append(name, value, name === "image" ? "picture.png" : "file.bin");
  }
  const res = new Response(data);
  return {
    payload: Buffer.from(await res.arrayBuffer()),
    headers: { "content-type": res.headers.get("content-type")! },
  };
}

const file = (bytes: Buffer, type = "image/png") => new Blob([new Uint8Array(bytes)], { type });

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 240, g: 120, b: 20 } } });

async function upload(bytes: Buffer, as: { id: string; email: string } | null = MAYA, type?: string) {
  return api.call({ method: "POST", url: "/images", ...(as && { as }), ...(await form({ image: file(bytes, type) })) });
}

/** A PNG that claims 20000 x 20000 pixels in a 69-byte file. */
function pixelBomb(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (buf: Buffer) => {
    let crc = 0xffffffff;
    for (const byte of buf) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
    return (crc ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const tail = Buffer.alloc(4);
    tail.writeUInt32BE(crc32(body));
    return Buffer.concat([head, body, tail]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(20_000, 0);
  header.writeUInt32BE(20_000, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.alloc(100))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

describe("image upload", () => {
  it("turns a PNG into a WebP that fits 1600 px, at a content-addressed URL served for good", async () => {
    const res = await upload(await picture(2400, 1200).png().toBuffer());
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as { success: boolean; data: { display_url: string; width: number; height: number } };
    expect(body.success).toBe(true);
    expect(body.data.display_url).toMatch(/^\/images\/[0-9a-f]{64}\.webp$/);
    expect(body.data).toMatchObject({ width: 1600, height: 800 });

    const served = await api.call({ method: "GET", url: body.data.display_url });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");
    expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 1600, height: 800 });
    const again = await api.call({
      method: "GET",
      url: body.data.display_url,
      headers: { "if-none-match": String(served.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it("accepts a JPEG sent as anything, keeps a small one at its size, and an admin may upload too", async () => {
    const jpeg = await picture(300, 200).jpeg().toBuffer();
    const res = await upload(jpeg, ADMIN, "application/octet-stream");
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ width: 300, height: 200 });
  });

  it("gives the same URL to the same picture uploaded twice", async () => {
    const png = await picture(64, 64).png().toBuffer();
    const first = await upload(png);
    const second = await upload(png);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(second.json().data.display_url).toBe(first.json().data.display_url);
  });

  it("refuses a text file named .png (415), whatever its declared type", async () => {
    const res = await api.call({
      method: "POST",
      url: "/images",
      as: MAYA,
      ...(await form({ image: new Blob(["this is not a picture"], { type: "image/png" }) })),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ error: "Unsupported Media Type", message: expect.any(String) });
  });

  it("refuses a picture format it does not take (an SVG) with 415", async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    expect((await upload(svg, MAYA, "image/svg+xml")).statusCode).toBe(415);
  });

  it("refuses a file over the size limit with 413", async () => {
    // Noise does not compress: about 6.5 MB as PNG, over the 5 MB limit.
    const noisy = await sharp(randomBytes(1500 * 1500 * 3), { raw: { width: 1500, height: 1500, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noisy.length).toBeGreaterThan(5 * 1024 * 1024);
    const res = await upload(noisy);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ error: "Payload Too Large", message: expect.stringContaining("MB") });
  });

  it("refuses a small file claiming a huge picture with 413", async () => {
    expect((await upload(pixelBomb())).statusCode).toBe(413);
  });

  it("wants the field image, multipart, and a well-formed body", async () => {
    const png = await picture(10, 10).png().toBuffer();
    const wrongField = await api.call({
      method: "POST",
      url: "/images",
      as: MAYA,
      ...(await form({ photo: file(png) })),
    });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().fields).toEqual({ image: "Image is required" });
    const noFile = await api.call({ method: "POST", url: "/images", as: MAYA, ...(await form({ image: "text" })) });
    expect(noFile.statusCode).toBe(400);
    const json = await api.call({ method: "POST", url: "/images", as: MAYA, payload: { image: "x" } });
    expect(json.statusCode).toBe(415);
    const garbled = await api.call({
      method: "POST",
      url: "/images",
      as: MAYA,
      headers: { "content-type": "multipart/form-data; boundary=xyz" },
      payload: '--xyz\r\nContent-Disposition: form-data; name="image"\r\n\r\nunterminated',
    });
    expect(garbled.statusCode).toBeGreaterThanOrEqual(400);
    expect(garbled.statusCode).toBeLessThan(500);
  });

  it("refuses two files in one upload with 400, rather than keeping the first unseen", async () => {
    const png = await picture(10, 10).png().toBuffer();
    const twice = async (names: string[]) => {
      const data = new FormData();
      for (const name of names) data.append(name, file(png), `${name}.png`);
      const res = new Response(data);
      return api.call({
        method: "POST",
        url: "/images",
        as: MAYA,
        payload: Buffer.from(await res.arrayBuffer()),
        headers: { "content-type": res.headers.get("content-type")! },
      });
    };
    for (const names of [
      ["image", "image"],
      ["image", "photo"],
      ["image", "image", "image"],
    ]) {
      const refused = await twice(names);
      expect(refused.statusCode, names.join()).toBe(400);
      expect(refused.json()).toEqual({
        error: "Bad Request",
        message: "Send one image at a time: this upload has more than one file.",
        fields: { image: "Only one image per upload." },
      });
    }
  });

  it("is for signed-in users: 401 signed out; a student uploads a profile photo and uses it", async () => {
    const png = await picture(10, 10).png().toBuffer();
    expect((await upload(png, null)).statusCode).toBe(401);
    const mine = await upload(await picture(12, 12).png().toBuffer(), SAM);
    expect(mine.statusCode).toBe(201);
    const photo = mine.json().data.display_url as string;
    const saved = await api.call({ method: "PATCH", url: "/users/me", as: SAM, payload: { photo } });
    expect([saved.statusCode, saved.json().photo]).toEqual([200, photo]);
  });

  it("answers 404 for an unknown image and 400 for a malformed address", async () => {
    const unknown = await api.call({ method: "GET", url: `/images/${"0".repeat(64)}.webp` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers["cache-control"]).toBeUndefined();
    expect((await api.call({ method: "GET", url: "/images/picture.png" })).statusCode).toBe(400);
  });

  it("a class can use an uploaded image; paths that are not the API's images are refused", async () => {
    const url = (await upload(await picture(800, 600).png().toBuffer())).json().data.display_url as string;
    const body = { class_name: "Sailing", available_seats: 8, price: 120 };
    const created = await api.call({ method: "POST", url: "/classes", as: MAYA, payload: { ...body, image: url } });
    expect(created.statusCode, created.body).toBe(201);
    for (const image of ["/images/../users", "/images/seed/x.png", "javascript:alert(1)"]) {
      const refused = await api.call({ method: "POST", url: "/classes", as: MAYA, payload: { ...body, image } });
      expect(refused.statusCode, image).toBe(400);
    }
    // An address of the API's own images must name one that is there to show.
    for (const image of [`/images/${"0".repeat(64)}.webp`, "/images/seed/classes/no-such-sport.svg"]) {
      const refused = await api.call({ method: "POST", url: "/classes", as: MAYA, payload: { ...body, image } });
      expect(refused.statusCode, image).toBe(400);
      expect(refused.json().fields, image).toEqual({ image: "There is no such image here: upload it again." });
      const edit = await api.call({
        method: "PATCH",
        url: `/classes/${created.json().insertedId}`,
        as: MAYA,
        payload: { image },
      });
      expect(edit.statusCode, image).toBe(400);
      const photo = await api.call({ method: "PATCH", url: "/users/me", as: MAYA, payload: { photo: image } });
      expect(photo.json().fields, image).toEqual({ photo: "There is no such image here: upload it again." });
    }
    const seedArt = await api.call({
      method: "POST",
      url: "/classes",
      as: MAYA,
      payload: { ...body, image: "/images/seed/classes/soccer.svg" },
    });
    expect(seedArt.statusCode).toBe(201);
  });
});

const SEED_ART = path.resolve(import.meta.dirname, "../../assets/seed");

describe("seed artwork", () => {
  it("is served for good, with its SHA-256 as ETag, and a 304 to a browser that has it", async () => {
    const served = await api.call({ method: "GET", url: "/images/seed/classes/soccer.svg" });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const sha256 = createHash("sha256").update(served.rawPayload).digest("hex");
    expect(served.headers.etag).toBe(`"${sha256}"`);
    const again = await api.call({
      method: "GET",
      url: "/images/seed/classes/soccer.svg",
      headers: { "if-none-match": `"${sha256}"` },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const missing = await api.call({ method: "GET", url: "/images/seed/people/nobody.svg" });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers["cache-control"]).toBeUndefined();
  });

  // Browsers keep an address's picture for a year: a changed picture needs a new file name.
  it("never changes at an address: every file has the SHA-256 recorded in assets/seed/checksums.json", () => {
    const recorded = JSON.parse(readFileSync(path.join(SEED_ART, "checksums.json"), "utf8")) as Record<string, string>;
    const actual = Object.fromEntries(
      ["classes", "people"].flatMap((kind) =>
        readdirSync(path.join(SEED_ART, kind)).map((name) => [
          `${kind}/${name}`,
          createHash("sha256")
            .update(readFileSync(path.join(SEED_ART, kind, name)))
            .digest("hex"),
        ]),
      ),
    );
    expect(actual).toEqual(recorded);
  });
});

describe.runIf(driverName === "postgres")("an image uploaded through one API instance", () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  it("is served by another instance on the same PostgreSQL", async () => {
    const db = (await createTestDatabaseUrl())!;
    cleanup.push(db.drop);
    const one = await startTestApi(db.url);
    cleanup.push(one.close);
    const other = await startTestApi(db.url);
    cleanup.push(other.close);
    const uploaded = await one.call({
      method: "POST",
      url: "/images",
      as: MAYA,
      ...(await form({ image: file(await picture(120, 90).png().toBuffer()) })),
    });
    const url = uploaded.json().data.display_url as string;
    const served = await other.call({ method: "GET", url });
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).width).toBe(120);
  });
});
