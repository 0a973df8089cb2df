/**
 * The engine's one door to Node's zlib (raw deflate for the xlsx writer, in pieces ended by a
 * sync flush when it streams, raw inflate for the guard's ZIP inspection, CRC-32 for ZIP
 * entries). Only the Node entry (index.ts) reaches this module; the browser entry (browser.ts)
 * does not, and the lint rules keep `node:` imports out of every other engine file.
 */
export { constants as zlibConstants, crc32, deflateRawSync, inflateRawSync } from 'node:zlib';
