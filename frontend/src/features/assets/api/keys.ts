/** Query keys of the assets feature, general to specific; every write invalidates `all` (exposure follows the inventory). */
export const assetKeys = {
  all: ['assets'] as const,
  inventory: () => [...assetKeys.all, 'inventory'] as const,
  exposures: () => [...assetKeys.all, 'exposures'] as const,
};
