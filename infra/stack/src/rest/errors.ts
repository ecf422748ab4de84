/**
 * Errors as PostgREST reports them: `{code, message, details, hint}` with the status its catalogue
 * gives each code. Every client mistake becomes one of these; nothing else reaches the client.
 */
export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: unknown = null,
    readonly hint: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'RestError';
  }

  body(): { code: string; details: unknown; hint: string | null; message: string } {
    return { code: this.code, details: this.details, hint: this.hint, message: this.message };
  }
}

export const queryParamError = (message: string, details: string): RestError =>
  new RestError(400, 'PGRST100', message, details);

export const invalidBody = (message: string): RestError => new RestError(400, 'PGRST102', message);

export const invalidRange = (details: string): RestError =>
  new RestError(416, 'PGRST103', 'Requested range not satisfiable', details);

export const outOfBounds = (offset: number, total: number): RestError =>
  invalidRange(`An offset of ${offset} was requested, but there are only ${total} rows.`);

export const unacceptableSchema = (schema: string, exposed: string[]): RestError =>
  new RestError(
    406,
    'PGRST106',
    `Invalid schema: ${schema}`,
    null,
    `Only the following schemas are exposed: ${exposed.join(', ')}`,
  );

export const mediaTypeError = (accepted: string[]): RestError =>
  new RestError(406, 'PGRST107', `None of these media types are available: ${accepted.join(', ')}`);

export const notEmbedded = (resource: string): RestError =>
  new RestError(
    400,
    'PGRST108',
    `'${resource}' is not an embedded resource in this request`,
    null,
    `Verify that '${resource}' is included in the 'select' query parameter.`,
  );

export const singularityError = (rows: number): RestError =>
  new RestError(
    406,
    'PGRST116',
    'Cannot coerce the result to a single JSON object',
    `The result contains ${rows} rows`,
  );

export const unsupportedMethod = (method: string): RestError =>
  new RestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);

export const invalidRpcMethod = (method: string): RestError =>
  new RestError(405, 'PGRST101', `Cannot use the ${method} method on RPC`);

export const relatedOrderNotToOne = (origin: string, target: string): RestError =>
  new RestError(
    400,
    'PGRST118',
    `A related order on '${target}' is not possible`,
    `'${origin}' and '${target}' do not form a many-to-one or one-to-one relationship`,
  );

export const unacceptableFilter = (target: string): RestError =>
  new RestError(
    400,
    'PGRST120',
    `Bad operator on the '${target}' embedded resource`,
    'Only is null or not is null filters are allowed on embedded resources',
  );

export const invalidPreferences = (prefs: string[]): RestError =>
  new RestError(
    400,
    'PGRST122',
    'Invalid preferences given with handling=strict',
    `Invalid preferences: ${prefs.join(', ')}`,
  );

export const aggregatesNotAllowed = (): RestError =>
  new RestError(400, 'PGRST123', 'Use of aggregate functions is not allowed');

export const maxAffectedViolation = (rows: number): RestError =>
  new RestError(
    400,
    'PGRST124',
    'Query result exceeds max-affected preference constraint',
    `The query affects ${rows} rows`,
  );

export const invalidResourcePath = (): RestError =>
  new RestError(404, 'PGRST125', 'Invalid path specified in request URL');

export const openApiDisabled = (): RestError =>
  new RestError(404, 'PGRST126', 'Root endpoint metadata is disabled');

export const notImplemented = (details: string): RestError =>
  new RestError(400, 'PGRST127', 'Feature not implemented', details);

export const maxAffectedRpcViolation = (): RestError =>
  new RestError(
    400,
    'PGRST128',
    'Function must return SETOF or TABLE when max-affected preference is used with handling=strict',
  );

export const columnNotFound = (relation: string, column: string): RestError =>
  new RestError(
    400,
    'PGRST204',
    `Could not find the '${column}' column of '${relation}' in the schema cache`,
  );

export const tableNotFound = (schema: string, name: string, suggestion?: string): RestError =>
  new RestError(
    404,
    'PGRST205',
    `Could not find the table '${schema}.${name}' in the schema cache`,
    null,
    suggestion === undefined ? null : `Perhaps you meant the table '${schema}.${suggestion}'`,
  );

export const connectionError = (details: string | null): RestError =>
  new RestError(503, 'PGRST001', 'Database client error. Retrying the connection.', details);

export const schemaCacheUnavailable = (): RestError =>
  new RestError(503, 'PGRST002', 'Could not query the database for the schema cache. Retrying.');
