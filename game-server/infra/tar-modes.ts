import { OWNER_ONLY_FILE, OWNER_ONLY_FOLDER } from './owner-only.ts';

// PGlite's dump of its data directory records each entry's mode as its file system had it (0666
// files): unpacked with `tar -x` anywhere, the copy would be anyone's to read and write. The entries
// are rewritten owner-only (0700 folders, 0600 files), headers only, so the data is untouched.

const BLOCK = 512;

function octalField(header: Uint8Array, offset: number, length: number): number {
  // A leading byte with its high bit set is GNU's base-256 form, used for sizes past 8 GB.
  if ((header[offset]! & 0x80) !== 0) {
    let value = header[offset]! & 0x7f;
    for (let i = 1; i < length; i++) value = value * 256 + header[offset + i]!;
    return value;
  }
  const text = Buffer.from(header.subarray(offset, offset + length))
    .toString('latin1')
    .replace(/[\0 ]+$/, '')
    .trim();
  return text === '' ? 0 : parseInt(text, 8);
}

function writeOctal(header: Uint8Array, offset: number, length: number, value: number): void {
  const text = `${value.toString(8).padStart(length - 1, '0')}\0`;
  header.set(Buffer.from(text, 'latin1'), offset);
}

function isZeroBlock(block: Uint8Array): boolean {
  return block.every((byte) => byte === 0);
}

/** The tar archive `tarball` (plain) with every entry's mode made owner-only and its checksum recomputed. */
export function ownerOnlyTar(tarball: Uint8Array): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(tarball);
  for (let offset = 0; offset + BLOCK <= out.length;) {
    const header = out.subarray(offset, offset + BLOCK);
    if (isZeroBlock(header)) break;
    const type = String.fromCharCode(header[156]!);
    const folder = type === '5';
    writeOctal(header, 100, 8, folder ? OWNER_ONLY_FOLDER : OWNER_ONLY_FILE);
    header.fill(0x20, 148, 156);
    const sum = header.reduce((total, byte) => total + byte, 0);
    header.set(Buffer.from(`${sum.toString(8).padStart(6, '0')}\0 `, 'latin1'), 148);
    const size = octalField(header, 124, 12);
    offset += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
  }
  return out;
}
