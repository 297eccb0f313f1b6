// Upload Asset (upload-asset.md): the text parts of its multipart/form-data body and the image
// formats it accepts. The file part is binary; the sandbox reads its format and size from it.
// Query Assets' rules are in selector.ts.
import { z } from 'zod';

/** upload-asset.md: "Accepted formats: PNG, JPG, HEIC" (imagetype.md lists the rest as read-only). */
export const ASSET_UPLOAD_FORMATS = ['PNG', 'JPG', 'HEIC'] as const;
export type AssetUploadFormat = (typeof ASSET_UPLOAD_FORMATS)[number];

/** Choice: the reference names no size limit; 20 MB keeps an upload in memory reasonable. */
export const ASSET_UPLOAD_MAX_BYTES = 20 * 1024 * 1024;

/** The form fields beside `file`; no other field is taken. */
export const assetUploadFieldsSchema = z.strictObject({
  promotedObjectId: z
    .string('promotedObjectId is required')
    .trim()
    .min(1, 'promotedObjectId must not be empty'),
  promotedObjectType: z.enum(
    ['BUSINESS_BRAND'],
    'promotedObjectType must be BUSINESS_BRAND: only brand assets are uploaded here',
  ),
});
export type AssetUploadFields = z.infer<typeof assetUploadFieldsSchema>;
