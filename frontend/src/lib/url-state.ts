/**
 * The URL owns a view's filters, sort and selection, so every view can be shared as a link. A page
 * declares its state as a zod object; absent or invalid parameters fall back to the defaults, never
 * to an error, because links are typed by hand and outlive releases.
 */
import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { z } from 'zod';

type Shape = z.ZodRawShape;

/** A repeated parameter (`?type=url&type=domain`) as a list, empty when absent. */
export function urlList<T extends z.ZodType>(item: T) {
  return z.preprocess(
    (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
    z.array(item).catch([]),
  );
}

export function readUrlState<S extends Shape>(
  schema: z.ZodObject<S>,
  params: URLSearchParams,
): z.infer<z.ZodObject<S>> {
  const raw: Record<string, unknown> = {};
  for (const key of Object.keys(schema.shape)) {
    const values = params.getAll(key);
    if (values.length > 0) raw[key] = values.length === 1 ? values[0] : values;
  }
  const state: Record<string, unknown> = {};
  // Field by field, so one bad parameter resets only itself.
  for (const [key, field] of Object.entries(schema.shape) as [string, z.ZodType][]) {
    const parsed = field.safeParse(raw[key]);
    state[key] = parsed.success ? parsed.data : field.safeParse(undefined).data;
  }
  return state as z.infer<z.ZodObject<S>>;
}

export function writeUrlState(
  params: URLSearchParams,
  patch: Record<string, unknown>,
  defaults: Record<string, unknown>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(patch)) {
    next.delete(key);
    const isDefault = JSON.stringify(value) === JSON.stringify(defaults[key]);
    if (value === undefined || value === null || value === '' || isDefault) continue;
    for (const item of Array.isArray(value) ? value : [value]) next.append(key, String(item));
  }
  return next;
}

/** [state, update]: update merges a patch; filters replace the history entry so Back leaves the page. */
export function useUrlState<S extends Shape>(schema: z.ZodObject<S>) {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readUrlState(schema, params), [schema, params]);
  const defaults = useMemo(() => readUrlState(schema, new URLSearchParams()), [schema]);
  // The router hands a functional update the parameters of the render that created it. Two updates
  // before the next render (a row opened while a debounced search commits) would each start from
  // the same old URL, and the second would drop the first (the opened row). Each update starts from
  // the newest URL instead: the last one rendered, or the one the previous update wrote.
  const newest = useRef(params);
  useLayoutEffect(() => {
    newest.current = params;
  }, [params]);
  const update = useCallback(
    (patch: Partial<z.infer<z.ZodObject<S>>>, options: { push?: boolean } = {}) => {
      const next = writeUrlState(newest.current, patch, defaults);
      newest.current = next;
      setParams(next, { replace: !options.push });
    },
    [setParams, defaults],
  );
  return [state, update] as const;
}
