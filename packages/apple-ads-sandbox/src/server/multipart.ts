// multipart/form-data bodies (Upload Asset), parsed with busboy: text fields and file parts,
// each file whole in memory up to a byte limit.
import busboy from 'busboy';
import type { IncomingHttpHeaders } from 'node:http';
import { ApiError } from './api-error.js';

export interface FormFile {
  /** The form field the file came in. */
  field: string;
  filename: string;
  mimeType: string;
  data: Buffer;
  /** True when the file was longer than the limit and cut there. */
  truncated: boolean;
}

export interface MultipartForm {
  fields: Record<string, string>;
  files: FormFile[];
}

export function isMultipart(headers: IncomingHttpHeaders): boolean {
  return /^multipart\/form-data\b/i.test(headers['content-type'] ?? '');
}

export function parseMultipart(
  headers: IncomingHttpHeaders,
  body: Buffer,
  maxFileBytes: number,
): Promise<MultipartForm> {
  return new Promise((resolve, reject) => {
    const form: MultipartForm = { fields: {}, files: [] };
    const malformed = () =>
      reject(new ApiError(400, 'INVALID_REQUEST', 'Request body is not valid multipart/form-data'));
    let parser: busboy.Busboy;
    // busboy throws on a multipart Content-Type without a boundary.
    try {
      parser = busboy({ headers, limits: { fileSize: maxFileBytes } });
    } catch {
      return malformed();
    }
    // Resolves once the body is read and every file stream has ended, in whichever order.
    let openFiles = 0;
    let bodyRead = false;
    const settle = () => bodyRead && openFiles === 0 && resolve(form);
    parser.on('field', (name, value) => (form.fields[name] = value));
    parser.on('file', (field, stream, info) => {
      const chunks: Buffer[] = [];
      const file: FormFile = {
        field,
        filename: info.filename ?? '',
        mimeType: info.mimeType,
        data: Buffer.alloc(0),
        truncated: false,
      };
      form.files.push(file);
      openFiles++;
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => (file.truncated = true));
      stream.on('end', () => {
        file.data = Buffer.concat(chunks);
        openFiles--;
        settle();
      });
    });
    parser.on('close', () => {
      bodyRead = true;
      settle();
    });
    parser.on('error', malformed);
    parser.end(body);
  });
}
