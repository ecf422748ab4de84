export {
  ASSET_COLUMNS,
  type AssetItem,
  type AssetProduct,
  type AssetReject,
  type AssetRow,
  type Criticality,
} from './asset-row.js';
export { assetsCsv, type AssetSample, type AssetsAdapter } from './assets-csv.js';
export { CpeError, parseCpe23, type Cpe23 } from './cpe.js';
