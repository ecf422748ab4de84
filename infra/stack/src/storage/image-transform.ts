/**
 * Image transformation as storage-api offers it (src/storage/renderer/image.ts, the
 * transformation schema of src/http/schemas/transformations.ts), done here with sharp (libvips)
 * in place of the imgproxy service storage-api calls:
 *
 * - width/height: whole numbers, clamped to 1..2000 (IMAGE_TRANSFORMATION_LIMIT_MIN/MAX_SIZE);
 * - resize: cover (crop to fill the box, the default), contain (fit inside the box), fill
 *   (stretch to the box); imgproxy's fill/fit/force, so images are never enlarged past their size
 *   except by `fill`;
 * - quality: 20..100 (JPEG, WebP, AVIF);
 * - format: origin (keep the stored format), avif or webp; without one, WebP when the client's
 *   Accept names image/webp (imgproxy's WebP detection, on in the Supabase CLI), else the source's.
 *
 * `X-Transformations` reports what was applied in imgproxy's words, as storage-api does.
 */
import sharp from 'sharp';
import { errors } from './errors.js';

// Each object version is rendered once per request; libvips' operation cache would only hold memory.
sharp.cache(false);

const MIN_SIZE = 1;
const MAX_SIZE = 2000;
/** Larger sources are refused before decoding (imgproxy: IMGPROXY_MAX_SRC_RESOLUTION, 50 MP by default). */
const MAX_SOURCE_PIXELS = 50_000_000;

export type ResizeMode = 'cover' | 'contain' | 'fill';
export type TransformFormat = 'origin' | 'avif' | 'webp';

export interface TransformOptions {
  width?: number;
  height?: number;
  resize?: ResizeMode;
  quality?: number;
  format?: TransformFormat;
}

const RESIZE_MODES: readonly string[] = ['cover', 'contain', 'fill'];
const FORMATS: readonly string[] = ['origin', 'avif', 'webp'];

function integer(value: unknown, field: string, min: number, max = Infinity): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const n = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n)) throw errors.invalidRequest(`${field} must be integer`);
  if (n < min) throw errors.invalidRequest(`${field} must be >= ${min}`);
  if (n > max) throw errors.invalidRequest(`${field} must be <= ${max}`);
  return n;
}

function oneOf<T extends string>(value: unknown, field: string, allowed: readonly string[]): T | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' || !allowed.includes(value))
    throw errors.invalidRequest(`${field} must be equal to one of the allowed values: ${allowed.join(', ')}`);
  return value as T;
}

/** Transformation options from a query string or a sign request's `transform`, checked as storage's schema. */
export function parseTransform(source: URLSearchParams | Record<string, unknown>): TransformOptions {
  const get = (k: string): unknown =>
    source instanceof URLSearchParams ? (source.get(k) ?? undefined) : source[k];
  return {
    width: integer(get('width'), 'width', 0),
    height: integer(get('height'), 'height', 0),
    resize: oneOf<ResizeMode>(get('resize'), 'resize', RESIZE_MODES),
    quality: integer(get('quality'), 'quality', 20, 100),
    format: oneOf<TransformFormat>(get('format'), 'format', FORMATS),
  };
}

export function hasTransform(options: TransformOptions): boolean {
  return Object.values(options).some((v) => v !== undefined);
}

const clamp = (n: number) => Math.min(Math.max(n, MIN_SIZE), MAX_SIZE);
const IMGPROXY_RESIZE: Record<ResizeMode, string> = { cover: 'fill', contain: 'fit', fill: 'force' };

/**
 * storage-api's applyTransformation: imgproxy's words (`resizing_type:`), or with `keepOriginal`
 * the request's own (`resize:`), which is what a signed URL's token carries.
 */
export function transformationSegments(options: TransformOptions, keepOriginal = false): string[] {
  const segments: string[] = [];
  if (options.height) segments.push(`height:${clamp(options.height)}`);
  if (options.width) segments.push(`width:${clamp(options.width)}`);
  if (options.width || options.height) {
    if (!keepOriginal) segments.push(`resizing_type:${IMGPROXY_RESIZE[options.resize ?? 'cover']}`);
    else if (options.resize) segments.push(`resize:${options.resize}`);
  }
  if (options.quality) segments.push(`quality:${options.quality}`);
  if (options.format && options.format !== 'origin') segments.push(`format:${options.format}`);
  return segments;
}

/** The options a signed URL's `transformations` claim holds (storage-api's setTransformationsFromString). */
export function transformFromSegments(text: string): TransformOptions {
  const params = new URLSearchParams();
  for (const part of text.split(',')) {
    const [name, value] = part.split(':');
    if (name && value) params.set(name, value);
  }
  return parseTransform(params);
}

const SHARP_FIT: Record<ResizeMode, keyof sharp.FitEnum> = {
  cover: 'cover',
  contain: 'inside',
  fill: 'fill',
};
const MIME: Record<string, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  heif: 'image/avif',
  gif: 'image/gif',
  tiff: 'image/tiff',
};

const OUTPUT_FORMATS: readonly string[] = ['jpeg', 'png', 'webp', 'avif', 'gif', 'tiff'];
type OutputFormat = 'jpeg' | 'png' | 'webp' | 'avif' | 'gif' | 'tiff';

export interface RenderedImage {
  body: Buffer;
  contentType: string;
  transformations: string[];
}

/** Decodes, resizes and encodes one stored image; a file that is not a readable image is refused in words. */
export async function renderImage(
  file: string,
  options: TransformOptions,
  accept: string | undefined,
): Promise<RenderedImage> {
  const open = () => sharp(file, { limitInputPixels: MAX_SOURCE_PIXELS, failOn: 'error' });
  try {
    const meta = await open().metadata();
    const sourceFormat = meta.format === 'heif' ? 'avif' : (meta.format ?? 'jpeg');
    const wanted =
      options.format && options.format !== 'origin'
        ? options.format
        : options.format !== 'origin' && accept?.includes('image/webp')
          ? 'webp'
          : sourceFormat;
    const format = OUTPUT_FORMATS.includes(wanted) ? (wanted as OutputFormat) : 'png';
    let image = open().rotate();
    if (options.width || options.height) {
      const fit = options.resize ?? 'cover';
      image = image.resize({
        width: options.width ? clamp(options.width) : undefined,
        height: options.height ? clamp(options.height) : undefined,
        fit: SHARP_FIT[fit],
        withoutEnlargement: fit !== 'fill',
      });
    }
    const body = await image.toFormat(format, options.quality ? { quality: options.quality } : {}).toBuffer();
    return { body, contentType: MIME[format]!, transformations: transformationSegments(options) };
  } catch {
    throw errors.invalidRequest('The object is not an image that can be transformed');
  }
}
