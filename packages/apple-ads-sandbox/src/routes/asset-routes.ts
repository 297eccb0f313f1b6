// Brand images for Apple Maps ads: Upload Asset (multipart/form-data), Get, Delete (soft) and
// Query Assets. An asset belongs to the ad account that uploaded it.
import { createHash } from 'node:crypto';
import {
  ASSET_UPLOAD_FORMATS,
  ASSET_UPLOAD_MAX_BYTES,
  assetUploadFieldsSchema,
  selectorSchema,
  violationsOf,
  type AssetUploadFormat,
} from '@tapwise/apple-ads-schemas';
import { imageSize } from 'image-size';
import type { Asset, AssetImage } from '../model/entities.js';
import { newAsset } from '../model/factories.js';
import { presentAsset } from '../model/presenters.js';
import { ApiError, detail, notFound, type ErrorDetail } from '../server/api-error.js';
import { runQuery } from '../server/entity-query.js';
import type { FormFile } from '../server/multipart.js';
import type { RouteContext, Router } from '../server/router.js';
import { accountId, brandsOf } from './scope.js';

export function registerAssetRoutes(router: Router): void {
  router.add('POST', '/assets/upload', uploadAsset);
  router.add('GET', '/assets/{id}', (context) => ({
    body: { result: presentAsset(context.store, ownAsset(context)) },
  }));
  router.add('DELETE', '/assets/{id}', (context) => {
    const asset = ownAsset(context);
    // delete-asset-by-id.md: deleting an asset already deleted answers 404.
    if (asset.deleted) throw notFound('Asset');
    context.store.assets.set(asset.id, {
      ...asset,
      deleted: true,
      modificationTime: context.store.timestamp(),
    });
    context.store.revision++;
    return { body: { result: {} } };
  });
  router.add('POST', '/assets/query', (context) => {
    const assets = [...context.store.assets.values()]
      .filter((asset) => isOwn(context, asset))
      .map((asset) => presentAsset(context.store, asset));
    return { body: runQuery(assets, context.body, selectorSchema('/assets/query')) };
  });
}

const isOwn = (context: RouteContext, asset: Asset) =>
  asset.assetDetails.adAccountId === String(accountId(context));

/** An asset of the context account; deleted ones stay readable (get-asset-by-id.md). */
function ownAsset(context: RouteContext): Asset {
  const asset = context.store.assets.get(context.params.id ?? '');
  if (!asset || !isOwn(context, asset)) throw notFound('Asset');
  return asset;
}

/** image-size's names of the formats upload-asset.md accepts. */
const FORMAT_OF_TYPE: Record<string, AssetUploadFormat> = { png: 'PNG', jpg: 'JPG', heic: 'HEIC' };

/** The image's format and dimensions read from its header, or null for anything else. */
function readImage(
  data: Buffer,
): { format: AssetUploadFormat; width: number; height: number } | null {
  try {
    const size = imageSize(data);
    const format = FORMAT_OF_TYPE[size.type ?? ''];
    return format ? { format, width: size.width, height: size.height } : null;
  } catch {
    return null; // image-size throws on bytes it cannot read as an image
  }
}

/** The one `file` part, read; its problems added to `details`. */
function checkFile(files: FormFile[], details: ErrorDetail[]) {
  for (const file of files.filter((part) => part.field !== 'file'))
    details.push(
      detail('INVALID_FIELD', `${file.field} is not a field of this request`, file.field),
    );
  const parts = files.filter((part) => part.field === 'file');
  const [file] = parts;
  if (!file) {
    details.push(detail('FIELD_REQUIRED', 'file is required', 'file'));
    return null;
  }
  if (parts.length > 1) details.push(detail('INVALID_VALUE', 'upload one file at a time', 'file'));
  if (file.truncated) {
    details.push(
      detail('INVALID_VALUE', `file must be at most ${ASSET_UPLOAD_MAX_BYTES} bytes`, 'file'),
    );
    return null;
  }
  const image = readImage(file.data);
  if (!image)
    details.push(
      detail('INVALID_VALUE', `file must be a ${ASSET_UPLOAD_FORMATS.join(', ')} image`, 'file'),
    );
  return image && { file, image };
}

function uploadAsset(context: RouteContext) {
  const { store, form } = context;
  if (!form)
    throw new ApiError(400, 'INVALID_REQUEST', 'POST /assets/upload takes multipart/form-data');
  const details: ErrorDetail[] = violationsOf(assetUploadFieldsSchema, form.fields).map(
    (violation) => detail(violation.code, violation.message, violation.field),
  );
  const upload = checkFile(form.files, details);
  const promotedObjectId = form.fields.promotedObjectId?.trim() ?? '';
  if (promotedObjectId && !brandsOf(context).includes(promotedObjectId))
    details.push(
      detail(
        'INVALID_VALUE',
        'promotedObjectId must be a brand delegated to this ad account',
        'promotedObjectId',
      ),
    );
  if (details.length > 0 || !upload)
    throw new ApiError(400, 'VALIDATION_ERROR', 'Validation errors found', details);
  const image: Omit<AssetImage, 'orientation'> = {
    ...upload.image,
    sizeBytes: upload.file.data.length,
    checkSum: createHash('sha256').update(upload.file.data).digest('hex'),
    adAccountId: String(accountId(context)),
  };
  const asset = newAsset(
    store.seed,
    store.nextId(),
    { name: upload.file.filename, promotedObjectId, image },
    store.now(),
  );
  store.assets.set(asset.id, asset);
  store.revision++;
  return { body: { result: presentAsset(store, asset) } };
}
