/**
 * Just enough PNG for the icons: read the size from the IHDR chunk, and read and write one
 * tEXt chunk, where the render script records which SVG source a PNG was drawn from.
 */
import { crc32 } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

interface Chunk {
  type: string;
  data: Buffer;
  /** Offset of the chunk's length field in the file. */
  offset: number;
}

function chunksOf(png: Buffer): Chunk[] {
  if (png.length < SIGNATURE.length || !png.subarray(0, 8).equals(SIGNATURE)) {
    throw new Error('Not a PNG file');
  }
  const chunks: Chunk[] = [];
  let offset = SIGNATURE.length;
  while (offset + 12 <= png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    chunks.push({ type, data: png.subarray(offset + 8, offset + 8 + length), offset });
    offset += 12 + length;
    if (type === 'IEND') break;
  }
  return chunks;
}

export interface PngInfo {
  width: number;
  height: number;
  /** The tEXt chunks, keyword → text. */
  text: Record<string, string>;
}

export function readPngInfo(png: Buffer): PngInfo {
  const chunks = chunksOf(png);
  const header = chunks[0];
  if (header?.type !== 'IHDR') throw new Error('PNG without IHDR as its first chunk');
  const text: Record<string, string> = {};
  for (const chunk of chunks.filter((candidate) => candidate.type === 'tEXt')) {
    const separator = chunk.data.indexOf(0);
    if (separator > 0) {
      text[chunk.data.toString('latin1', 0, separator)] = chunk.data.toString(
        'latin1',
        separator + 1,
      );
    }
  }
  return { width: header.data.readUInt32BE(0), height: header.data.readUInt32BE(4), text };
}

/** The PNG with one tEXt chunk (keyword and text in Latin-1) added right after IHDR. */
export function withPngText(png: Buffer, keyword: string, value: string): Buffer {
  const header = chunksOf(png)[0];
  if (header?.type !== 'IHDR') throw new Error('PNG without IHDR as its first chunk');
  const typeAndData = Buffer.concat([
    Buffer.from('tEXt', 'latin1'),
    Buffer.from(`${keyword}\0${value}`, 'latin1'),
  ]);
  const chunk = Buffer.alloc(typeAndData.length + 8);
  chunk.writeUInt32BE(typeAndData.length - 4, 0);
  typeAndData.copy(chunk, 4);
  chunk.writeUInt32BE(crc32(typeAndData), chunk.length - 4);
  const afterHeader = header.offset + 12 + header.data.length;
  return Buffer.concat([png.subarray(0, afterHeader), chunk, png.subarray(afterHeader)]);
}
