// The engine's public surface: everything the server, the client (types only), scripts and tests use.
export * from './types';
export { isBlankCell, cellText, excelSerial } from './cell';
export { EngineError, type EngineErrorCode } from './errors';
