/**
 * Object bytes on disk, under the stack's state folder: `objects/<aa>/<version>` where `version` is
 * a random UUID minted per upload, so no user-supplied name ever becomes part of a path. Uploads
 * are written to `tmp/` first and renamed into place only when complete, so a failed or aborted
 * upload never leaves a partial object behind; a replaced object's old version is removed after
 * the database row points at the new one.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, type ReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { errors } from './errors.js';

const VERSION = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface StagedFile {
  /** Where the complete bytes wait until `commit`. */
  tmpPath: string;
  size: number;
  /** S3-style entity tag: the quoted MD5 of the bytes. */
  eTag: string;
}

/** Counts and hashes bytes as they pass, failing with EntityTooLarge past `limit`. */
export class SizeMeter extends Transform {
  size = 0;
  private readonly hash = createHash('md5');

  constructor(private readonly limit: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.limit) {
      callback(errors.entityTooLarge());
      return;
    }
    this.hash.update(chunk);
    callback(null, chunk);
  }

  eTag(): string {
    return `"${this.hash.digest('hex')}"`;
  }
}

function ignoreError(): void {}

export class BlobStore {
  readonly objectsDir: string;
  readonly tmpDir: string;

  constructor(readonly root: string) {
    this.objectsDir = path.join(root, 'objects');
    this.tmpDir = path.join(root, 'tmp');
  }

  /** Creates the folders and drops upload leftovers from a previous run that was killed. */
  async init(): Promise<void> {
    await mkdir(this.objectsDir, { recursive: true, mode: 0o700 });
    await rm(this.tmpDir, { recursive: true, force: true });
    await mkdir(this.tmpDir, { recursive: true, mode: 0o700 });
  }

  newVersion(): string {
    return randomUUID();
  }

  /** The file of one stored version; anything that is not a UUID is refused, never joined. */
  pathOf(version: string): string {
    if (!VERSION.test(version)) throw errors.noSuchKey();
    return path.join(this.objectsDir, version.slice(0, 2), version);
  }

  /**
   * Streams `source` to a temporary file, at most `limit` bytes; nothing remains on failure. The
   * source is piped rather than pipelined so that a refusal leaves it open: a request body that
   * is too large must still get its answer on the same connection.
   */
  async stage(source: Readable, limit: number): Promise<StagedFile> {
    const tmpPath = path.join(this.tmpDir, randomUUID());
    const meter = new SizeMeter(limit);
    const onError = (error: Error): void => {
      meter.destroy(error);
    };
    const onClose = (): void => {
      if (!source.readableEnded) meter.destroy(new Error('aborted'));
    };
    source.on('error', onError);
    source.on('close', onClose);
    source.pipe(meter);
    try {
      await pipeline(meter, createWriteStream(tmpPath, { flags: 'wx', mode: 0o600 }));
    } catch (error) {
      source.unpipe(meter);
      await unlink(tmpPath).catch(() => undefined);
      throw error;
    } finally {
      source.off('error', onError);
      source.off('close', onClose);
      // Whatever the source still reports (a multipart part destroyed on refusal) has been dealt
      // with here; an error event without a listener would take the whole gateway down.
      source.on('error', ignoreError);
    }
    return { tmpPath, size: meter.size, eTag: meter.eTag() };
  }

  /** Moves a staged file into place as `version` (a new name, so nothing is ever overwritten). */
  async commit(staged: StagedFile, version: string): Promise<void> {
    const target = this.pathOf(version);
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    await rename(staged.tmpPath, target);
  }

  async discard(staged: StagedFile): Promise<void> {
    await unlink(staged.tmpPath).catch(() => undefined);
  }

  /** Copies one version's bytes to a new version, through tmp so a failure leaves nothing. */
  async copy(fromVersion: string, toVersion: string): Promise<void> {
    const tmpPath = path.join(this.tmpDir, randomUUID());
    try {
      await copyFile(this.pathOf(fromVersion), tmpPath);
    } catch (error) {
      await unlink(tmpPath).catch(() => undefined);
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw errors.noSuchKey();
      throw error;
    }
    await this.commit({ tmpPath, size: 0, eTag: '' }, toVersion);
  }

  /** Removes stored versions; missing files are fine (the row was the source of truth). */
  async remove(versions: Iterable<string | null | undefined>): Promise<void> {
    for (const version of versions) {
      if (!version || !VERSION.test(version)) continue;
      await unlink(this.pathOf(version)).catch(() => undefined);
    }
  }

  /** Size of a stored version, or undefined when its file is missing. */
  async sizeOf(version: string | null | undefined): Promise<number | undefined> {
    if (!version || !VERSION.test(version)) return undefined;
    try {
      return (await stat(this.pathOf(version))).size;
    } catch {
      return undefined;
    }
  }

  open(version: string, range?: { start: number; end: number }): ReadStream {
    return createReadStream(this.pathOf(version), range);
  }

  /** For health: the folder accepts a write and the write can be removed again. */
  async probe(): Promise<void> {
    const file = path.join(this.tmpDir, `probe-${randomUUID()}`);
    await writeFile(file, 'ok');
    await unlink(file);
  }

  /**
   * Deletes stored files no row refers to (left by a database reset, or a crash between the file
   * move and the row write). Only files older than `before` are considered, so uploads that are
   * in flight while the sweep runs are never touched.
   */
  async sweepOrphans(referenced: ReadonlySet<string>, before: number): Promise<number> {
    let removed = 0;
    for (const dir of await readdir(this.objectsDir).catch(() => [] as string[])) {
      const folder = path.join(this.objectsDir, dir);
      for (const name of await readdir(folder).catch(() => [] as string[])) {
        if (referenced.has(name)) continue;
        const file = path.join(folder, name);
        const info = await stat(file).catch(() => undefined);
        if (!info || info.mtimeMs >= before) continue;
        await unlink(file).catch(() => undefined);
        removed += 1;
      }
    }
    return removed;
  }

  /** Number of stored files (for tests and status details). */
  async count(): Promise<number> {
    let total = 0;
    for (const dir of await readdir(this.objectsDir).catch(() => [])) {
      total += (await readdir(path.join(this.objectsDir, dir)).catch(() => [])).length;
    }
    return total;
  }
}
