/** The formats an uploaded log may be named as; `auto` lets the importer recognise it. */
export const TELEMETRY_UPLOAD_FORMATS = [
  { value: 'auto', label: 'Recognise from the file' },
  { value: 'suricata-eve', label: 'Suricata EVE JSON' },
  { value: 'zeek', label: 'Zeek log (TSV or JSON)' },
] as const;

export type TelemetryUploadFormat = (typeof TELEMETRY_UPLOAD_FORMATS)[number]['value'];
