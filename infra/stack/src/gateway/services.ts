/** The services the gateway serves, in routing order. */
import type { Service } from './context.js';

// Loaded by name so a stack can start while a service is still being written.
const SERVICE_MODULES = [
  ['../auth/service.js', 'authService'],
  ['../rest/service.js', 'restService'],
] as const;

export async function loadServices(): Promise<Service[]> {
  const loaded: Service[] = [];
  for (const [file, name] of SERVICE_MODULES) {
    try {
      const mod = (await import(file)) as Record<string, Service>;
      if (mod[name]) loaded.push(mod[name]);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ERR_MODULE_NOT_FOUND') throw error;
      process.stderr.write(`service module ${file} not found; not serving it\n`);
    }
  }
  return loaded;
}
