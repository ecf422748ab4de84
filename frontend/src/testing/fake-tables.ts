/**
 * Table answers for the fake backend client: every `from(table)` records the chain it is given
 * (`select`, `in`, `insert`…) and, awaited, answers what the test's function returns for that request.
 * The log lets a test check what was written. Use beside `fake-supabase` (which fakes rpc and auth).
 */
import { fakeSupabase } from './fake-supabase';

export interface TableRequest {
  table: string;
  calls: [method: string, args: unknown[]][];
}

export interface TableAnswer {
  data: unknown;
  error: { message: string; code?: string } | null;
}

const WRITES = ['insert', 'update', 'delete', 'upsert'];

/** 'select' unless the chain writes. */
export function requestKind(request: TableRequest): string {
  return request.calls.find(([method]) => WRITES.includes(method))?.[0] ?? 'select';
}

/** The arguments of the first call of `method` in the chain. */
export function callArgs(request: TableRequest, method: string): unknown[] | undefined {
  return request.calls.find(([name]) => name === method)?.[1];
}

export function answerTables(
  answer: (request: TableRequest) => TableAnswer | Promise<TableAnswer> | undefined,
): TableRequest[] {
  const log: TableRequest[] = [];
  fakeSupabase.from.mockImplementation((table: string) => {
    const request: TableRequest = { table, calls: [] };
    log.push(request);
    const builder: object = new Proxy(
      {},
      {
        get: (_, property) => {
          if (property === 'then')
            return (resolve: (value: TableAnswer) => unknown, reject: (reason: unknown) => unknown) =>
              Promise.resolve()
                .then(() => answer(request) ?? { data: [], error: null })
                .then(resolve, reject);
          return (...args: unknown[]) => {
            request.calls.push([String(property), args]);
            return builder;
          };
        },
      },
    );
    return builder as never;
  });
  return log;
}
