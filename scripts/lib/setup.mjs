// Set-up shared by `npm start` and `npm test`: everything a fresh clone on a fresh Debian/Ubuntu
// machine needs, installed by the project itself. Plain JavaScript: it runs before npm packages exist.
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PG_MAJORS = [17, 16, 15];
// What running needs: server and client. PostGIS always: hosted Supabase offers it to every
// project, and a migration's `create extension postgis` must apply unchanged (about 7 MB from
// Debian, so asking each project first is not worth it).
const RUN_PACKAGES = ['postgresql-15', 'postgresql-client-15', 'postgresql-15-postgis-3'];
// What only the tests need: pgTAP and pg_prove for the database tests (`npm test` installs them).
const TEST_PACKAGES = ['postgresql-15-pgtap', 'libtap-parser-sourcehandler-pgtap-perl'];
// Another apt or dpkg (an unattended upgrade, another install) may hold the lock: wait for it.
const APT_LOCK_WAIT_SECONDS = 600;

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: ROOT, ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

/** Runs a set-up command; when it fails, says so in words (its own output says why) and exits. */
function must(command, args, options) {
  const code = run(command, args, options);
  if (code === 0) return;
  console.error(
    `\n\`${command} ${args.join(' ')}\` failed (exit code ${code}; its reason is above). Fix that, then run this again.`,
  );
  process.exit(1);
}

/** npm ci when node_modules is missing or older than the lockfile; whether it ran. */
export function ensureNodeModules() {
  const marker = path.join(ROOT, 'node_modules', '.package-lock.json');
  const lock = path.join(ROOT, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return false;
  console.error('» installing npm dependencies (npm ci)');
  must('npm', ['ci', '--no-audit', '--no-fund'], {
    env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
  });
  return true;
}

function missingPackages(packages) {
  return packages.filter((name) => {
    const probe = spawnSync('dpkg-query', ['-W', '-f=${Status}', name], { encoding: 'utf8' });
    return probe.status !== 0 || !probe.stdout.includes('install ok installed');
  });
}

export function hasPostgres() {
  return PG_MAJORS.some((m) => existsSync(`/usr/lib/postgresql/${m}/bin/initdb`));
}

/** Installs missing Debian packages when we are root; otherwise prints the exact command and exits. */
function ensureAptPackages(packages, alreadyThere) {
  const hasDpkg = existsSync('/usr/bin/dpkg-query');
  const missing = hasDpkg ? missingPackages(packages) : alreadyThere() ? [] : packages;
  if (missing.length === 0) return;
  const command = `apt-get update && apt-get install -y --no-install-recommends ${missing.join(' ')}`;
  const isRoot = process.getuid?.() === 0;
  if (!isRoot || !existsSync('/usr/bin/apt-get')) {
    console.error(
      `Missing system packages: ${missing.join(', ')}. Install them, then run this again:\n  sudo sh -c '${command}'`,
    );
    process.exit(1);
  }
  console.error(
    `» installing ${missing.join(' ')} with apt (if another apt or dpkg is running, this waits up to ${APT_LOCK_WAIT_SECONDS / 60} minutes for it to finish)`,
  );
  // The stack runs its own cluster; stop Debian from creating and starting a system one on 5432.
  mkdirSync('/etc/postgresql-common', { recursive: true });
  if (!existsSync('/etc/postgresql-common/createcluster.conf')) {
    writeFileSync('/etc/postgresql-common/createcluster.conf', 'create_main_cluster = false\n');
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const lockWait = ['-o', `DPkg::Lock::Timeout=${APT_LOCK_WAIT_SECONDS}`];
  const installed =
    run('apt-get', [...lockWait, 'update'], { env }) === 0 &&
    run(
      'apt-get',
      [
        ...lockWait,
        'install',
        '-y',
        '--no-install-recommends',
        '-o',
        'Dpkg::Options::=--force-confold',
        ...missing,
      ],
      { env },
    ) === 0;
  if (!installed) {
    // apt said why above (a lock still held after the wait, a missing package, no network).
    console.error(
      `\nThe system packages could not be installed (apt's reason is above). Nothing else was changed; ` +
        `when apt is free, run this command again, or install them yourself:\n  sudo sh -c '${command}'`,
    );
    process.exit(1);
  }
}

/** PostgreSQL 15+ (server, client, PostGIS), through apt when we are root on Debian/Ubuntu. */
export function ensurePostgres() {
  ensureAptPackages(RUN_PACKAGES, hasPostgres);
}

/** pgTAP and pg_prove, which only the database tests need. */
export function ensureTestTools() {
  ensureAptPackages(TEST_PACKAGES, () => existsSync('/usr/bin/pg_prove'));
}

export const CHROMIUM = '/usr/bin/chromium';

export const PDFTOTEXT = '/usr/bin/pdftotext';

/**
 * Debian's Chromium for the browser tests (Playwright never downloads its own browsers here), and
 * poppler-utils (pdftotext, pdftoppm), which read back the PDFs the app exports; one apt call for both.
 */
export function ensureChromium() {
  ensureAptPackages(['chromium', 'poppler-utils'], () => existsSync(CHROMIUM) && existsSync(PDFTOTEXT));
}

export function stackCli(args, options = {}) {
  return run(process.execPath, [path.join(ROOT, 'infra/stack/bin/stack.mjs'), ...args], options);
}

/**
 * A private copy of this project's `supabase/` with other ports, for `npm test`: it links the real
 * migrations, seed and tests, so they are exercised exactly, without touching `npm start`'s stack.
 */
export function makeProjectTestWorkdir(dir, apiPort, dbPort, webPort = apiPort + 2) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, 'supabase'), { recursive: true });
  for (const name of ['migrations', 'seed.sql', 'tests', 'functions']) {
    const source = path.join(ROOT, 'supabase', name);
    if (existsSync(source)) symlinkSync(source, path.join(dir, 'supabase', name));
  }
  const config = readFileSync(path.join(ROOT, 'supabase', 'config.toml'), 'utf8')
    .replace(/^port = 54321$/m, `port = ${apiPort}`)
    .replace(/^port = 54322$/m, `port = ${dbPort}`)
    // The mail catcher 10000 below the API and database ports: as unique as they are, below the
    // kernel's ephemeral range, never npm start's 54324/54325.
    .replace(/^port = 54324$/m, `port = ${apiPort - 10000}`)
    .replace(/^smtp_port = 54325$/m, `smtp_port = ${dbPort - 10000}`)
    .replace(/^demo_users = .*$/m, 'demo_users = []')
    // Its own web port (never npm start's), serving this checkout's build.
    .replace(/^web_port = .*$/m, `web_port = ${webPort}`)
    .replace(/^web_root = .*$/m, `web_root = ${JSON.stringify(path.join(ROOT, 'frontend', 'dist'))}`);
  writeFileSync(path.join(dir, 'supabase', 'config.toml'), config);
  return dir;
}

/** The newest modification time below `target` (a file or a folder, recursively), 0 when absent. */
function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/**
 * Builds the web app (`frontend/dist`) with Vite alone when it is missing or older than anything it
 * is built from: its sources, index.html, public files, build config and package files. Type
 * checking is `npm test`'s (and `npm run build`'s) job, not start-up's. Returns whether the build is
 * current.
 */
export function ensureFrontendBuild() {
  const frontend = path.join(ROOT, 'frontend');
  const built = path.join(frontend, 'dist', 'index.html');
  const inputs = ['src', 'public', 'index.html', 'package.json', 'vite.config.ts', 'tsconfig.json'].map(
    (name) => path.join(frontend, name),
  );
  inputs.push(path.join(ROOT, 'package-lock.json'));
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  const newestInput = Math.max(...inputs.map(newestMtime));
  if (builtAt > 0 && builtAt >= newestInput) return true;
  console.error(
    builtAt === 0
      ? '» building the web app (vite build)'
      : '» the web app changed since its last build; rebuilding (vite build)',
  );
  // A broken build must not keep the API from starting: say so, and serve what there is.
  if (
    run('npm', ['exec', '-w', 'frontend', '--', 'vite', 'build'], {
      stdio: ['ignore', 'ignore', 'inherit'],
    }) === 0
  )
    return true;
  console.error(
    existsSync(built)
      ? '» the web app did not build (errors above); the stack serves the previous build'
      : '» the web app did not build (errors above); its URL shows a "not built" page until it does',
  );
  return false;
}
