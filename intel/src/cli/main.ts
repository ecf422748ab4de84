/**
 * `npm run intel -- <command>`: the knowledge base's importers and connectors.
 *   import <file|folder>… [--format F] [--source NAME] [--json]
 *   sources [--json]
 *   sync [SOURCE…] [--json]
 *   demo [--if-empty]
 *   worker [--poll-seconds N]
 *   export stix|misp [--out FILE] [--type T]… [--entity ID] [--max-tlp LEVEL]
 *   export zeek-intel|suricata|rpz|text|nftables|iptables|csv|misp-feed [--out FILE] [--min-score N] [--source NAME]…
 *   feeds add|list|remove|rotate-token …   (exports for controls served over HTTP)
 *   notifications add|list|remove|test …   (alerts and events to webhooks, chat and e-mail)
 *   geo update [--from DIR] | geo lookup ADDRESS…   (offline ASN and country)
 */
import { demoCommand } from './demo-command.js';
import { exportCommand, EXPORT_USAGE } from './export-command.js';
import { feedsCommand, FEEDS_USAGE } from './feeds-command.js';
import { geoCommand, GEO_USAGE } from './geo-command.js';
import { importCommand, IMPORT_USAGE, UsageError } from './import-command.js';
import { notificationsCommand, NOTIFICATIONS_USAGE } from './notifications-command.js';
import { sourcesCommand } from './sources-command.js';
import { syncCommand, SYNC_USAGE } from './sync-command.js';
import { workerCommand } from './worker-command.js';

const USAGE = `usage:
  ${IMPORT_USAGE}
  npm run intel -- sources [--json]
  ${SYNC_USAGE}
  npm run intel -- demo [--if-empty]   (the bundled public dataset in data/demo)
  npm run intel -- worker [--poll-seconds N]   (syncs requested from the app, and schedules)
  ${EXPORT_USAGE}
  ${FEEDS_USAGE}
  ${NOTIFICATIONS_USAGE}
  ${GEO_USAGE}
Every command takes --db-url URL or --workdir DIR (default: this project's running stack).`;

const COMMANDS: Record<string, (args: string[]) => Promise<number>> = {
  import: importCommand,
  sources: sourcesCommand,
  sync: syncCommand,
  demo: demoCommand,
  worker: workerCommand,
  export: exportCommand,
  feeds: feedsCommand,
  notifications: notificationsCommand,
  geo: geoCommand,
};

async function main(): Promise<number> {
  const [name, ...args] = process.argv.slice(2);
  const command = name ? COMMANDS[name] : undefined;
  if (!command) {
    process.stderr.write(`${USAGE}\n`);
    return name === 'help' || name === '--help' ? 0 : 2;
  }
  try {
    return await command(args);
  } catch (error) {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      process.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
      return 2;
    }
    process.stderr.write(`intel: ${(error as Error).message}\n`);
    return 1;
  }
}

process.exitCode = await main();
