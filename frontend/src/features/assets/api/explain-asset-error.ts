/** Postgres' refusals of an inventory write, in words an analyst can act on. */
export interface DatabaseError {
  code?: string;
  message: string;
}

export function explainAssetError(error: DatabaseError, table: 'assets' | 'asset_products'): string {
  switch (error.code) {
    case '23505':
      return table === 'assets'
        ? 'An asset with this host name (or, without one, this IP address) is already in the inventory.'
        : 'The asset already lists this product and version.';
    case '23514':
      return error.message.includes('assets_check')
        ? 'An asset needs a host name or an IP address.'
        : `The database refused a value as too long or malformed (${error.message}).`;
    case '22P02':
      return 'The IP address is not one the database accepts.';
    case '23503':
      return 'The asset is no longer in the inventory: someone removed it.';
    case '42501':
      return 'You are not allowed to change the inventory.';
    default:
      return error.message;
  }
}

export class AssetWriteError extends Error {
  override name = 'AssetWriteError';
  constructor(
    error: DatabaseError,
    table: 'assets' | 'asset_products',
    readonly code = error.code,
  ) {
    super(explainAssetError(error, table));
  }
}
