export class DocumentTextError extends Error {}
