// The sizes a zip file declares for its parts, read from its central directory (APPNOTE.TXT 4.3.12,
// 4.3.16) without unpacking anything: what an .xlsx workbook would inflate to.

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const END_RECORD_BYTES = 22;
const ENTRY_BYTES = 46;
// A zip's comment is at most 65,535 bytes: the end record is within that of the end.
const MAX_COMMENT = 0xffff;
// ZIP64 marks a size too large for 32 bits with all ones; no spreadsheet we read needs it.
const ZIP64_MARK = 0xffffffff;

/** What a zip's parts declare they unpack to; null when its directory cannot be read. */
export type ZipSizes = { parts: number; total: number; largest: number };

export function zipSizes(bytes: Uint8Array): ZipSizes | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const lowest = Math.max(0, bytes.length - END_RECORD_BYTES - MAX_COMMENT);
  let end = -1;
  for (let at = bytes.length - END_RECORD_BYTES; at >= lowest; at--) {
    if (view.getUint32(at, true) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) return null;
  const parts = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  let total = 0;
  let largest = 0;
  for (let index = 0; index < parts; index++) {
    if (at + ENTRY_BYTES > bytes.length || view.getUint32(at, true) !== DIRECTORY_ENTRY) {
      return null;
    }
    const size = view.getUint32(at + 24, true);
    if (size === ZIP64_MARK) return null;
    total += size;
    largest = Math.max(largest, size);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    at += ENTRY_BYTES + nameLength + extraLength + commentLength;
  }
  return { parts, total, largest };
}
