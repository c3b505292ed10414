import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

/**
 * The text a PDF shows, read by pdf.js (Firefox's PDF reader) as a person's viewer would: each
 * page's text items joined, pages one after another. Checks what a signed copy says, not its bytes.
 */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const document = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false })
    .promise;
  const pages: string[] = [];
  for (let n = 1; n <= document.numPages; n += 1) {
    const content = await (await document.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ("str" in item ? item.str + (item.hasEOL ? "\n" : "") : "")).join(""));
  }
  await document.destroy();
  return pages.join("\n");
}
