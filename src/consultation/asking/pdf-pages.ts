// Counts the pages of an attached PDF with a real parser (pdf-lib), so a reservation covers what the
// vendor bills: pages inside compressed object streams and cross-reference streams count as much as
// plain ones. pdf-lib is loaded at the first PDF, never at start. What cannot be counted (not a PDF,
// encrypted, broken, or whose compressed structure would expand past a bound) is refused rather than
// guessed.

import { AsyncLocalStorage } from "node:async_hooks";

/** Why a PDF's pages could not be counted, in words for the person who attached it. */
export class UncountablePdfError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = "UncountablePdfError";
  }
}

/**
 * Decoded bytes the parser may produce for one PDF (its object and cross-reference streams; page
 * content is never decoded to count pages). A 5 MiB file of real documents stays far below; a
 * compression bomb (255 KB that inflate to 256 MB) is stopped here instead of filling the memory.
 */
export const pdfDecodedBytesLimit = 64 * 1024 * 1024;

type PdfLib = typeof import("pdf-lib");

/** The decoded bytes left to the PDF being parsed in this async context. */
const budget = new AsyncLocalStorage<{ left: number }>();

let loading: Promise<PdfLib> | undefined;

/**
 * The pages of the PDF in `bytes`: the page tree's leaves, or its declared count when that is higher
 * (a reader that trusts it would bill that many). Throws UncountablePdfError naming why.
 */
export async function pdfPageCount(bytes: Uint8Array): Promise<number> {
  const pdfLib = await loadPdfLib();
  const allowance = { left: pdfDecodedBytesLimit };
  return budget.run(allowance, async () => {
    let document: import("pdf-lib").PDFDocument;
    try {
      // Loaded even when encrypted, so that is told apart from damage (pdf-lib's own error for it is
      // not an instance of its class once compiled).
      document = await pdfLib.PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true });
    } catch (error) {
      throw new UncountablePdfError(reasonOf(error));
    }
    // The parser skips an object it cannot read, so a decoder stopped by the budget shows only here.
    if (allowance.left < 0) throw new UncountablePdfError(reasonOf(new DecodedTooLarge()));
    if (document.isEncrypted) throw new UncountablePdfError("it is encrypted (password-protected)");
    try {
      const leaves = document.getPageCount();
      const declared = document.catalog.Pages().Count().asNumber();
      return Math.max(leaves, Number.isFinite(declared) ? declared : 0);
    } catch (error) {
      throw new UncountablePdfError(reasonOf(error));
    }
  });
}

/** pdf-lib, loaded once, its stream decoders held to the budget of the PDF being parsed. */
function loadPdfLib(): Promise<PdfLib> {
  loading ??= import("pdf-lib").then((pdfLib) => {
    boundDecoding(pdfLib);
    return pdfLib;
  });
  return loading;
}

/**
 * pdf-lib decodes each object stream whole, with no bound of its own. Every decoder it has (Flate,
 * LZW, run-length, ASCII85, hex) grows its output through one method of their shared base class,
 * reached here from a decoder it hands out; wrapped, each growth is charged to the PDF being parsed.
 */
function boundDecoding(pdfLib: PdfLib): void {
  const context = pdfLib.PDFContext.create();
  const decoder = pdfLib.decodePDFRawStream(
    pdfLib.PDFRawStream.of(context.obj({ Filter: "ASCIIHexDecode" }), new Uint8Array(0)),
  );
  const base = Object.getPrototypeOf(Object.getPrototypeOf(decoder)) as {
    ensureBuffer(this: { buffer: Uint8Array }, requested: number): Uint8Array;
  };
  const ensureBuffer = base.ensureBuffer;
  base.ensureBuffer = function (requested) {
    const allowance = budget.getStore();
    const before = this.buffer.byteLength;
    if (allowance && requested > before) {
      // The buffer doubles to fit `requested`: charge what it will hold, before allocating it.
      let size = Math.max(before, 1);
      while (size < requested) size *= 2;
      allowance.left -= size - before;
      if (allowance.left < 0) throw new DecodedTooLarge();
    }
    return ensureBuffer.call(this, requested);
  };
}

class DecodedTooLarge extends Error {}

function reasonOf(error: unknown): string {
  if (error instanceof DecodedTooLarge) {
    return `its compressed parts expand past ${pdfDecodedBytesLimit / 1024 / 1024} MiB`;
  }
  if (error instanceof RangeError) return "its page tree loops or nests too deeply";
  return "it is damaged or not a PDF";
}
