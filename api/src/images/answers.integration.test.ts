import { describe, expect, it } from "vitest";
import { useTestApi } from "../../test/harness.js";

const api = useTestApi();

interface Operation {
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
  responses: Record<string, { content?: Record<string, unknown> }>;
}

describe("the image routes in the OpenAPI document", () => {
  it("describe the upload as a multipart form and the images by their types", async () => {
    const res = await api.call({ method: "GET", url: "/docs/json" });
    expect(res.statusCode).toBe(200);
    const paths = (res.json() as { paths: Record<string, Record<string, Operation>> }).paths;
    const upload = paths["/images"]!.post!;
    // The route reads the form itself: the document alone has its body.
    expect(Object.keys(upload.requestBody?.content ?? {})).toEqual(["multipart/form-data"]);
    expect(upload.requestBody!.content["multipart/form-data"]!.schema.properties).toEqual({
      image: expect.objectContaining({ type: "string", format: "binary" }),
    });
    expect(Object.keys(upload.responses)).toEqual(expect.arrayContaining(["200", "201", "400", "413", "415"]));
    expect(Object.keys(paths["/images/{file}"]!.get!.responses["200"]!.content ?? {})).toEqual(["image/webp"]);
    expect(Object.keys(paths["/images/seed/{kind}/{file}"]!.get!.responses["200"]!.content ?? {})).toEqual([
      "image/svg+xml",
    ]);
  });
});
