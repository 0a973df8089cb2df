/** Why a file could not be read or written, in a few words (never its content). */
export function fileProblem(error: unknown): string {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : '';
  switch (code) {
    case 'ENOENT':
      return 'no such file';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EISDIR':
      return 'it is a directory';
    case 'ENOTDIR':
      return 'a part of the path is not a directory';
    default:
      return typeof code === 'string' && code !== '' ? code : 'unreadable';
  }
}
