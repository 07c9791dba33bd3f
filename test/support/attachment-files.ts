// Small real files to attach in tests: a 1×1 PNG, a one-page PDF, PDFs of many pages (made by pdf-lib)
// and a JPEG header, each with the signature a model's vendor (and the engine's content check) expects.

/** A valid 1×1 PNG (signature, IHDR, IDAT, IEND). */
export const tinyPng = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

/** A one-page PDF: header, catalog, page tree, one page, trailer. */
export const tinyPdf = Buffer.from(
  [
    "%PDF-1.4",
    "1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj",
    "2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj",
    "3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 72 72] >> endobj",
    "trailer << /Root 1 0 R >>",
    "%%EOF",
    "",
  ].join("\n"),
  "latin1",
);

/** The first bytes of a JPEG (SOI and an APP0 marker): enough for a content check. */
export const jpegStart = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);

/**
 * A PDF of `pages` blank pages written by pdf-lib; with `objectStreams` its objects sit in compressed
 * object streams behind a cross-reference stream, as most PDF 1.5+ writers make them, so no
 * `/Type /Page` is in its raw bytes.
 */
export async function pdfOfPages(pages: number, objectStreams = true): Promise<Buffer> {
  const { PDFDocument } = await import("pdf-lib");
  const document = await PDFDocument.create();
  for (let page = 0; page < pages; page++) document.addPage([72, 72]).drawText(`page ${page + 1}`);
  return Buffer.from(await document.save({ useObjectStreams: objectStreams }));
}
