import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMapsAccount,
  expectRefused,
  startTestApi,
  type Json,
  type TestApi,
} from '../server/http-test-client.js';

let api: TestApi;
let maps: number;
let brandId: string;

/** A PNG's signature and IHDR chunk: all the sandbox reads of an image is its header. */
function png(width: number, height: number): Buffer {
  const bytes = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes, 0);
  bytes.writeUInt32BE(13, 8);
  bytes.write('IHDR', 12, 'latin1');
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  bytes.set([8, 6], 24);
  return bytes;
}

/** A JPEG's start, JFIF segment and SOF0 frame header (which carries the dimensions). */
function jpeg(width: number, height: number): Buffer {
  const app0 = [0xff, 0xe0, 0x00, 0x10, ...Buffer.from('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0];
  const sof0 = [0xff, 0xc0, 0x00, 0x11, 8, height >> 8, height & 255, width >> 8, width & 255];
  const components = [3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1];
  return Buffer.from([0xff, 0xd8, ...app0, ...sof0, ...components, 0xff, 0xd9]);
}

/** An ISO-BMFF box: size, type, payload. */
function box(type: string, ...payload: Buffer[]): Buffer {
  const body = Buffer.concat(payload);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
}

/** A HEIC's ftyp brand and its image spatial extents (meta > iprp > ipco > ispe). */
function heic(width: number, height: number): Buffer {
  const extents = Buffer.alloc(12);
  extents.writeUInt32BE(width, 4);
  extents.writeUInt32BE(height, 8);
  const fullBox = Buffer.alloc(4);
  return Buffer.concat([
    box('ftyp', Buffer.from('heic\0\0\0\0mif1heic', 'latin1')),
    box('meta', fullBox, box('iprp', box('ipco', box('ispe', extents)))),
  ]);
}

function form(parts: Record<string, string | { bytes: Buffer; name: string; type: string }>) {
  const data = new FormData();
  for (const [field, value] of Object.entries(parts))
    if (typeof value === 'string') data.append(field, value);
    else data.append(field, new Blob([value.bytes], { type: value.type }), value.name);
  return data;
}

const upload = (
  parts: Record<string, string | { bytes: Buffer; name: string; type: string }>,
  context = maps,
) => api.call('POST', '/assets/upload', { body: form(parts), context });

const hero = { bytes: png(1920, 1080), name: 'hero.png', type: 'image/png' };

beforeAll(async () => {
  api = await startTestApi();
  // Assets promote a brand: an Apple Maps account delegated the org's brand uploads them.
  ({ maps, brandId } = await createMapsAccount(api));
});
afterAll(() => api.sandbox.close());

describe('POST /assets/upload', () => {
  it("uploads a PNG for the account's brand and answers Apple's Asset, PENDING until reviewed", async () => {
    const response = await upload({
      file: hero,
      promotedObjectId: brandId,
      promotedObjectType: 'BUSINESS_BRAND',
    });
    const asset = {
      id: expect.stringMatching(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      ),
      name: 'hero.png',
      assetType: 'IMAGE',
      providerAssetId: expect.stringMatching(/^[0-9a-f]+$/),
      promotedObjectId: brandId,
      promotedObjectType: 'BUSINESS_BRAND',
      providerAssetMetadata: {},
      assetDetails: {
        width: 1920,
        height: 1080,
        format: 'PNG',
        sizeBytes: 33,
        orientation: 'LANDSCAPE',
        checkSum: createHash('sha256').update(hero.bytes).digest('hex'),
        adAccountId: String(maps),
      },
      parentAssetId: null,
      variantIds: [],
      creationTime: '2026-06-15T12:00:00.000',
      modificationTime: '2026-06-15T12:00:00.000',
      deleted: false,
      eligibility: { status: 'PENDING', blockedGroups: [], allowedGroups: [] },
    };
    expect(response).toEqual({ status: 200, body: { result: asset } });
    const { id } = response.body.result;
    const pending = await api.call('GET', `/assets/${id}`, { context: maps });
    expect(pending).toEqual({ status: 200, body: { result: { ...asset, id } } });
    api.clock.now += 5 * 60_000;
    const reviewed = await api.call('GET', `/assets/${id}`, { context: maps });
    expect(reviewed.body.result.eligibility).toEqual({
      status: 'ELIGIBLE',
      blockedGroups: [],
      allowedGroups: [],
    });
  });

  it('reads format, dimensions and orientation from JPEG and HEIC headers, whatever the declared type', async () => {
    const portrait = await upload({
      file: { bytes: jpeg(600, 800), name: 'menu.jpg', type: 'application/octet-stream' },
      promotedObjectId: brandId,
      promotedObjectType: 'BUSINESS_BRAND',
    });
    expect(portrait.body.result.assetDetails).toMatchObject({
      width: 600,
      height: 800,
      format: 'JPG',
      orientation: 'PORTRAIT',
    });
    const photo = await upload({
      file: { bytes: heic(4032, 3024), name: 'shop.heic', type: 'image/heic' },
      promotedObjectId: brandId,
      promotedObjectType: 'BUSINESS_BRAND',
    });
    expect(photo.body.result.assetDetails).toMatchObject({
      width: 4032,
      height: 3024,
      format: 'HEIC',
      orientation: 'LANDSCAPE',
    });
    const square = await upload({
      file: { bytes: png(512, 512), name: 'logo.png', type: 'image/png' },
      promotedObjectId: brandId,
      promotedObjectType: 'BUSINESS_BRAND',
    });
    expect(square.body.result.assetDetails.orientation).toBe('SQUARE');
  });

  it('requires the file, promotedObjectId and promotedObjectType parts and no others', async () => {
    const empty = await upload({ note: 'x' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.details.map((d: Json) => [d.code, d.info.field])).toEqual([
      ['FIELD_REQUIRED', 'promotedObjectId'],
      ['FIELD_REQUIRED', 'promotedObjectType'],
      ['INVALID_FIELD', 'note'],
      ['FIELD_REQUIRED', 'file'],
    ]);
    const twoFiles = new FormData();
    twoFiles.append('promotedObjectId', brandId);
    twoFiles.append('promotedObjectType', 'BUSINESS_BRAND');
    twoFiles.append('file', new Blob([png(10, 10)]), 'a.png');
    twoFiles.append('file', new Blob([png(10, 10)]), 'b.png');
    twoFiles.append('image', new Blob([png(10, 10)]), 'c.png');
    const refused = await api.call('POST', '/assets/upload', { body: twoFiles, context: maps });
    expectRefused(refused, 'INVALID_VALUE', 'file');
    expectRefused(refused, 'INVALID_FIELD', 'image');
  });

  it('takes only BUSINESS_BRAND, for a brand delegated to the account', async () => {
    expectRefused(
      await upload({ file: hero, promotedObjectId: brandId, promotedObjectType: 'APPSTORE_APP' }),
      'INVALID_VALUE',
      'promotedObjectType',
    );
    expectRefused(
      await upload({ file: hero, promotedObjectId: '42', promotedObjectType: 'BUSINESS_BRAND' }),
      'INVALID_VALUE',
      'promotedObjectId',
    );
    const [appsAccount = 0] = api.accountIds;
    expectRefused(
      await upload(
        { file: hero, promotedObjectId: brandId, promotedObjectType: 'BUSINESS_BRAND' },
        appsAccount,
      ),
      'INVALID_VALUE',
      'promotedObjectId',
    );
  });

  it('accepts only PNG, JPG and HEIC images of at most 20 MB', async () => {
    const parts = { promotedObjectId: brandId, promotedObjectType: 'BUSINESS_BRAND' };
    const gif = Buffer.from('GIF89a\x10\x00\x10\x00\x00\x00\x00', 'latin1');
    for (const file of [
      { bytes: gif, name: 'a.gif', type: 'image/gif' },
      { bytes: Buffer.from('not an image'), name: 'a.png', type: 'image/png' },
    ]) {
      const refused = await upload({ ...parts, file });
      expectRefused(refused, 'INVALID_VALUE', 'file');
      expect(refused.body.error.details[0].message).toBe('file must be a PNG, JPG, HEIC image');
    }
    const big = Buffer.concat([png(4000, 3000), Buffer.alloc(20 * 1024 * 1024)]);
    const tooBig = await upload({
      ...parts,
      file: { bytes: big, name: 'big.png', type: 'image/png' },
    });
    expect(tooBig.body.error.details).toEqual([
      {
        code: 'INVALID_VALUE',
        message: 'file must be at most 20971520 bytes',
        info: { field: 'file' },
      },
    ]);
  });

  it('answers a JSON body with INVALID_REQUEST, and read-only roles with 403', async () => {
    const json = await api.call('POST', '/assets/upload', {
      body: { promotedObjectId: brandId, promotedObjectType: 'BUSINESS_BRAND' },
      context: maps,
    });
    expect(json).toEqual({
      status: 400,
      body: {
        error: {
          code: 'INVALID_REQUEST',
          message: 'POST /assets/upload takes multipart/form-data',
          details: [],
        },
      },
    });
    const readOnly = await startTestApi({ role: 'API Account Read Only' });
    const refused = await readOnly.call('POST', '/assets/upload', {
      body: form({ file: hero, promotedObjectId: brandId, promotedObjectType: 'BUSINESS_BRAND' }),
    });
    expect(refused.status).toBe(403);
    await readOnly.sandbox.close();
  });
});

describe('GET, DELETE and query', () => {
  const queryAssets = (body: unknown, context = maps) =>
    api.call('POST', '/assets/query', { body, context });

  it("keeps an account's assets from other accounts", async () => {
    const [appsAccount = 0] = api.accountIds;
    const { id } = (await queryAssets({})).body.result[0];
    expect((await api.call('GET', `/assets/${id}`, { context: appsAccount })).status).toBe(404);
    expect((await api.call('DELETE', `/assets/${id}`, { context: appsAccount })).status).toBe(404);
    expect((await queryAssets({}, appsAccount)).body).toEqual({
      result: [],
      pagination: { offset: 0, pageSize: 0 },
    });
    expect((await api.call('GET', '/assets/unknown', { context: maps })).status).toBe(404);
  });

  it('soft-deletes: {"result":{}}, still readable by id, out of queries unless deleted is filtered, 404 twice', async () => {
    const created = await upload({
      file: { bytes: png(800, 600), name: 'old.png', type: 'image/png' },
      promotedObjectId: brandId,
      promotedObjectType: 'BUSINESS_BRAND',
    });
    const { id } = created.body.result;
    const removed = await api.call('DELETE', `/assets/${id}`, { context: maps });
    expect(removed).toEqual({ status: 200, body: { result: {} } });
    const read = await api.call('GET', `/assets/${id}`, { context: maps });
    expect(read.body.result.deleted).toBe(true);
    const names = async (body: unknown) =>
      (await queryAssets(body)).body.result.map((asset: Json) => asset.name);
    expect(await names({ sorting: [{ field: 'name', order: 'ASC' }] })).toEqual([
      'hero.png',
      'logo.png',
      'menu.jpg',
      'shop.heic',
    ]);
    expect(
      await names({ filters: [{ field: 'deleted', operator: 'EQUALS', value: true }] }),
    ).toEqual(['old.png']);
    expect((await api.call('DELETE', `/assets/${id}`, { context: maps })).status).toBe(404);
  });

  it('filters and sorts on the fields and operators of query-assets', async () => {
    const names = async (body: unknown) =>
      (await queryAssets(body)).body.result.map((asset: Json) => asset.name);
    expect(
      await names({
        filters: [
          { field: 'promotedObjectId', operator: 'EQUALS', value: brandId },
          { field: 'promotedObjectType', operator: 'EQUALS', value: 'BUSINESS_BRAND' },
          { field: 'name', operator: 'ENDS_WITH', value: '.png' },
          { field: 'parentAssetId', operator: 'IS_NULL' },
        ],
        sorting: [{ field: 'name', order: 'DESC' }],
      }),
    ).toEqual(['logo.png', 'hero.png']);
    expect(await names({ filters: [{ field: 'name', operator: 'LIKE', value: 'me%' }] })).toEqual([
      'menu.jpg',
    ]);
    const page = await queryAssets({
      pagination: { offset: 1, pageSize: 1, fetchTotalCount: true },
    });
    expect(page.body.pagination).toEqual({ offset: 1, pageSize: 1, totalCount: 4 });
    const cases: [Record<string, unknown>, string][] = [
      [
        { filters: [{ field: 'eligibility.status', operator: 'EQUALS', value: 'ELIGIBLE' }] },
        'filters.0.field',
      ],
      [{ filters: [{ field: 'assetDetails', operator: 'EQUALS', value: 'x' }] }, 'filters.0.field'],
      [
        { filters: [{ field: 'promotedObjectId', operator: 'LIKE', value: '1%' }] },
        'filters.0.operator',
      ],
      [
        { filters: [{ field: 'parentAssetId', operator: 'IN', value: ['x'] }] },
        'filters.0.operator',
      ],
      [{ sorting: [{ field: 'providerAssetId', order: 'ASC' }] }, 'sorting.0.field'],
      [{ pagination: { pageSize: 1001 } }, 'pagination.pageSize'],
    ];
    for (const [body, field] of cases)
      expectRefused(await queryAssets(body), 'INVALID_VALUE', field, 'INVALID_REQUEST');
  });
});
