import type { DatasetView } from '../trpc';
import { httpErrorFrom } from './httpError';

/**
 * Sends one file to POST /api/upload as multipart form field `file`. XMLHttpRequest rather than
 * fetch, because only it reports upload progress; `onProgress` gets 0..100 as bytes leave.
 */
export function uploadFile(
  file: File,
  onProgress: (percent: number) => void,
): Promise<DatasetView> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/upload');
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress(Math.round((event.loaded / event.total) * 100));
      }
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        try {
          resolve(JSON.parse(request.responseText) as DatasetView);
        } catch {
          reject(new Error('The server sent an unreadable answer.'));
        }
      } else {
        reject(httpErrorFrom(request.status, request.statusText, request.responseText));
      }
    };
    request.onerror = () => reject(new Error('The connection to the server failed.'));
    request.onabort = () => reject(new Error('The upload was cancelled.'));
    const form = new FormData();
    form.append('file', file, file.name);
    request.send(form);
  });
}
