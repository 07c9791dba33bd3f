// The question's files: a file input (several at once), each chosen file listed with its kind, its size
// and a remove button, and, in words, why a file was refused (too large, too many, not an image, PDF or
// text) before anything is sent.

import { useState } from "react";
import { admitFiles, attachmentLimits, type ChosenFile, readChosenFile, sizeLabel } from "../attachments.ts";

function kindOf(file: ChosenFile): string {
  if (file.mediaType === "application/pdf") return "PDF";
  return file.mediaType.startsWith("image/") ? "image" : "text";
}

export function AttachmentPicker({
  files,
  onChange,
}: {
  files: ChosenFile[];
  onChange: (files: ChosenFile[]) => void;
}) {
  const [refusals, setRefusals] = useState<string[]>([]);
  const [reading, setReading] = useState(false);
  const choose = async (list: FileList | null) => {
    const { admitted, refusals: refused } = admitFiles(files, [...(list ?? [])]);
    setReading(true);
    try {
      const read = await Promise.all(admitted.map(readChosenFile));
      const chosen = read.filter((file): file is ChosenFile => !("refusal" in file));
      const unreadable = read.flatMap((file) => ("refusal" in file ? [file.refusal] : []));
      setRefusals([...refused, ...unreadable]);
      onChange([...files, ...chosen]);
    } catch (error) {
      setRefusals([...refused, `A file could not be read: ${(error as Error).message}`]);
    } finally {
      setReading(false);
    }
  };
  const { files: most, fileBytes, totalBytes } = attachmentLimits;
  return (
    <div className="attachments">
      <label htmlFor="attachments">Attach files</label>
      <span className="meta">
        {" "}
        images, PDFs or text; at most {most} files, {sizeLabel(fileBytes)} each, {sizeLabel(totalBytes)} in
        all
      </span>
      <input
        id="attachments"
        type="file"
        multiple
        disabled={reading}
        onChange={(event) => {
          const input = event.target;
          void choose(input.files).then(() => {
            // Cleared, so the same file can be chosen again after it is removed.
            input.value = "";
          });
        }}
      />
      {refusals.length > 0 && (
        <ul className="error" role="alert" aria-label="Files not attached">
          {refusals.map((refusal) => (
            <li key={refusal}>{refusal}</li>
          ))}
        </ul>
      )}
      {files.length > 0 && (
        <ul className="chosen-files" aria-label="Attached files">
          {files.map((file) => (
            <li key={file.id}>
              <span>{file.name}</span>
              <span className="meta">
                {kindOf(file)} · {sizeLabel(file.bytes)}
              </span>
              <button
                type="button"
                className="small"
                aria-label={`Remove ${file.name}`}
                onClick={() => {
                  setRefusals([]);
                  onChange(files.filter((other) => other.id !== file.id));
                }}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
