/**
 * Bounds on what one input may cost the importer (issue 36 item 6): a small gzip can hold gigabytes,
 * and one JSON string can hold all of them. Each bound is an environment variable of the process
 * that imports (the CLI, the worker), read when an input is opened; past one, the input is refused
 * with the reason and nothing of it is written.
 *
 * - INTEL_MAX_DECOMPRESSED_BYTES: bytes a gzip file may decompress to (default 16 GiB);
 * - INTEL_MAX_JSON_TOKEN_CHARS: characters of one JSON string, key or number (default 16 Mi): the
 *   parser holds one whole value in memory, so this bounds its memory;
 * - INTEL_MAX_JSON_DEPTH: nesting of objects and arrays (default 64; STIX, MISP and CVE records
 *   stay under 15).
 */

export interface InputLimits {
  maxDecompressedBytes: number;
  maxJsonTokenChars: number;
  maxJsonDepth: number;
}

export const DEFAULT_INPUT_LIMITS: InputLimits = {
  maxDecompressedBytes: 16 * 1024 ** 3,
  maxJsonTokenChars: 16 * 1024 ** 2,
  maxJsonDepth: 64,
};

const VARIABLES: Record<keyof InputLimits, string> = {
  maxDecompressedBytes: 'INTEL_MAX_DECOMPRESSED_BYTES',
  maxJsonTokenChars: 'INTEL_MAX_JSON_TOKEN_CHARS',
  maxJsonDepth: 'INTEL_MAX_JSON_DEPTH',
};

/** The environment variable that sets a bound (named in refusals, so the reader knows what to raise). */
export const limitVariable = (name: keyof InputLimits): string => VARIABLES[name];

/** The bounds in force: the environment's, else the defaults; a value that is not a positive whole number is an error. */
export function inputLimits(env: NodeJS.ProcessEnv = process.env): InputLimits {
  const limits = { ...DEFAULT_INPUT_LIMITS };
  for (const name of Object.keys(VARIABLES) as (keyof InputLimits)[]) {
    const text = env[VARIABLES[name]]?.trim();
    if (!text) continue;
    const value = Number(text);
    if (!Number.isSafeInteger(value) || value < 1)
      throw new Error(`${VARIABLES[name]} must be a positive whole number, not "${text.slice(0, 40)}"`);
    limits[name] = value;
  }
  return limits;
}
