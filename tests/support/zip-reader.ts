/**
 * Reads a zip file's entries: names from the central directory, contents from the local
 * headers (stored or deflated, which is all the store packages use). Enough to check what
 * `npm run zip` packed, without a zip library.
 */
import { inflateRawSync } from 'node:zlib';

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;

export interface ZipEntry {
  name: string;
  /** The entry's contents, uncompressed. */
  read(): Buffer;
}

function endOfCentralDirectory(zip: Buffer): number {
  // The record is 22 bytes plus a comment of up to 65,535 bytes, at the very end.
  for (let offset = zip.length - 22; offset >= Math.max(0, zip.length - 22 - 0xffff); offset--) {
    if (zip.readUInt32LE(offset) === END_OF_CENTRAL_DIRECTORY) return offset;
  }
  throw new Error('Not a zip file: no end of central directory record');
}

export function readZip(zip: Buffer): ZipEntry[] {
  const end = endOfCentralDirectory(zip);
  const count = zip.readUInt16LE(end + 10);
  let offset = zip.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let index = 0; index < count; index++) {
    if (zip.readUInt32LE(offset) !== CENTRAL_DIRECTORY_ENTRY) {
      throw new Error(`Broken central directory at entry ${index}`);
    }
    const method = zip.readUInt16LE(offset + 10);
    const compressedSize = zip.readUInt32LE(offset + 20);
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    const localHeader = zip.readUInt32LE(offset + 42);
    const name = zip.toString('utf8', offset + 46, offset + 46 + nameLength);
    entries.push({
      name,
      read() {
        if (zip.readUInt32LE(localHeader) !== LOCAL_FILE_HEADER) {
          throw new Error(`Broken local header for ${name}`);
        }
        const dataStart =
          localHeader +
          30 +
          zip.readUInt16LE(localHeader + 26) +
          zip.readUInt16LE(localHeader + 28);
        const data = zip.subarray(dataStart, dataStart + compressedSize);
        if (method === 0) return Buffer.from(data);
        if (method === 8) return inflateRawSync(data);
        throw new Error(`${name}: compression method ${method} is not supported`);
      },
    });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
