/**
 * The page's checks of a file before it is sent: at most 50 MB, a known extension, and the
 * operating system's thumbnail caches ignored. The server enforces the same limits; both take
 * them from the engine's browser entry.
 */
import { FILE_EXTENSIONS, WEB_UPLOAD_MAX_BYTES } from '../../engine/browser';

export const MAX_FILE_BYTES = WEB_UPLOAD_MAX_BYTES;

export const ACCEPTED_EXTENSIONS = FILE_EXTENSIONS;

/** Content types per extension, for the drop zone and the file chooser's filter. */
export const ACCEPTED_TYPES: Record<string, string[]> = {
  'text/csv': ['.csv'],
  'text/tab-separated-values': ['.tsv'],
  'application/json': ['.json'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
  'application/vnd.ms-excel': ['.xls'],
};

/** Operating-system thumbnail caches that ride along when a folder's files are dropped. */
const IGNORED_NAMES = new Set(['.DS_Store', 'Thumbs.db']);

export function isIgnoredFile(name: string): boolean {
  return IGNORED_NAMES.has(name);
}

export function hasAcceptedExtension(name: string): boolean {
  const lower = name.toLowerCase();
  return ACCEPTED_EXTENSIONS.some((extension) => lower.endsWith(extension));
}

export interface FileProblem {
  title: string;
  description: string;
}

export const FILE_TOO_LARGE: FileProblem = {
  title: 'File too large',
  description: 'Please select a file smaller than 50MB.',
};

export const INVALID_FILE_TYPE: FileProblem = {
  title: 'Invalid file type',
  description: 'Please select a CSV, JSON, Excel (XLSX/XLS), or TSV file.',
};

/** The reason a file must not be sent, or null when it may be uploaded. */
export function checkFile(file: { name: string; size: number }): FileProblem | null {
  if (file.size > MAX_FILE_BYTES) return FILE_TOO_LARGE;
  if (!hasAcceptedExtension(file.name)) return INVALID_FILE_TYPE;
  return null;
}
