// The release's archives (.tar.gz, .zip, and npm's .tgz, a .tar.gz too), written here byte by
// byte so that one commit always gives the same bytes, whatever tar or zip a machine has: entries
// in the order given, one timestamp for all, no owner names. Deflate is libdeflate's
// (`libdeflate-gzip`, Debian's libdeflate-tools): at level 10 it is 4% smaller than zlib's
// best for Node's binary, and faster.
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';

export interface Entry {
  readonly name: string;
  readonly data: Buffer;
  readonly executable?: boolean;
}

/// A gzip-compressed tar of the entries (each entry's folders are implied, as in npm's tarballs).
export async function writeTarGz(path: string, entries: readonly Entry[], mtime: number): Promise<void> {
  const blocks: Buffer[] = [];
  for (const e of entries) {
    blocks.push(tarHeader(e, mtime), e.data, Buffer.alloc((512 - (e.data.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  writeFileSync(path, await gzip(Buffer.concat(blocks)));
}

/// `data` as a gzip member, by libdeflate at level 10 (mtime 0, no name: the same bytes always).
function gzip(data: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = execFile('libdeflate-gzip', ['-10', '-c'], { encoding: 'buffer', maxBuffer: 2 ** 31 - 1 }, (e, out) => (e ? reject(e) : resolve(out)));
    child.stdin!.end(data);
  });
}

function tarHeader(e: Entry, mtime: number): Buffer {
  const h = Buffer.alloc(512);
  if (Buffer.byteLength(e.name) > 100) throw new Error(`${e.name}: longer than a tar name`);
  h.write(e.name, 0);
  h.write(octal(e.executable === true ? 0o755 : 0o644, 8), 100);
  h.write(octal(0, 8), 108);
  h.write(octal(0, 8), 116);
  h.write(octal(e.data.length, 12), 124);
  h.write(octal(mtime, 12), 136);
  h.write(' '.repeat(8), 148);
  h.write('0', 156);
  h.write('ustar\u000000', 257);
  let sum = 0;
  for (const b of h) sum += b;
  h.write(`${sum.toString(8).padStart(6, '0')}\u0000 `, 148);
  return h;
}

function octal(n: number, width: number): string {
  return `${n.toString(8).padStart(width - 1, '0')}\u0000`;
}

/// A zip of the entries, each deflated (by libdeflate, through the gzip it writes).
export async function writeZip(path: string, entries: readonly Entry[], mtime: number): Promise<void> {
  const { time, date } = dosTime(mtime);
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const { deflated, crc } = await deflate(e.data);
    const name = Buffer.from(e.name);
    const fields = { time, date, crc, compressed: deflated.length, size: e.data.length, name: name.length };
    const local = zipHeader(0x04034b50, fields);
    locals.push(local, name, deflated);
    const mode = (e.executable === true ? 0o100755 : 0o100644) * 0x10000;
    central.push(zipHeader(0x02014b50, fields, { offset, mode }), name);
    offset += local.length + name.length + deflated.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  writeFileSync(path, Buffer.concat([...locals, directory, end]));
}

interface ZipFields {
  time: number;
  date: number;
  crc: number;
  compressed: number;
  size: number;
  name: number;
}

/// A local file header, or (with `central`) a central directory entry, made by Unix (so the
/// mode travels) and needing zip 2.0 (deflate).
function zipHeader(signature: number, f: ZipFields, central?: { offset: number; mode: number }): Buffer {
  const h = Buffer.alloc(central === undefined ? 30 : 46);
  h.writeUInt32LE(signature, 0);
  let at = 4;
  if (central !== undefined) {
    h.writeUInt16LE((3 << 8) | 20, at);
    at += 2;
  }
  h.writeUInt16LE(20, at);
  h.writeUInt16LE(8, at + 4);
  h.writeUInt16LE(f.time, at + 6);
  h.writeUInt16LE(f.date, at + 8);
  h.writeUInt32LE(f.crc, at + 10);
  h.writeUInt32LE(f.compressed, at + 14);
  h.writeUInt32LE(f.size, at + 18);
  h.writeUInt16LE(f.name, at + 22);
  if (central !== undefined) {
    h.writeUInt32LE(central.mode >>> 0, 38);
    h.writeUInt32LE(central.offset, 42);
  }
  return h;
}

/// The raw deflate stream and CRC-32 of `data`, out of the gzip member libdeflate writes (a
/// 10-byte header with no optional fields, the stream, then CRC-32 and size).
async function deflate(data: Buffer): Promise<{ deflated: Buffer; crc: number }> {
  const gz = await gzip(data);
  if (gz[3] !== 0) throw new Error('libdeflate-gzip wrote optional header fields');
  return { deflated: gz.subarray(10, gz.length - 8), crc: gz.readUInt32LE(gz.length - 8) };
}

/// MS-DOS date and time fields (2-second resolution, from 1980) of a Unix time, in UTC.
function dosTime(unix: number): { time: number; date: number } {
  const d = new Date(Math.max(unix, 315532800) * 1000);
  return {
    time: (d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | (d.getUTCSeconds() >> 1),
    date: ((d.getUTCFullYear() - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate(),
  };
}
