// GraphQL of the wizard's product page choice: the app's default and custom product pages with
// their asset counts, read live from Apple (product-pages.service.ts). Needs campaignCreation.read.
import type { ProductPageDeviceAssets, ProductPageSummary } from '@tapwise/contracts';
import { z } from 'zod';
import { requireTeam } from '../../platform/auth/auth-context';
import { access } from '../../platform/graphql/access-guard';
import { builder } from '../../platform/graphql/builder';
import { listProductPages } from './product-pages.service';

const appleId = z.number().int().positive();

const ProductPageDeviceRef = builder
  .objectRef<ProductPageDeviceAssets>('ProductPageDeviceAssets')
  .implement({
    fields: (t) => ({
      deviceSize: t.exposeString('deviceSize', {
        description: "Apple's size key, e.g. iphone_6_5",
      }),
      deviceClass: t.exposeString('deviceClass', {
        nullable: true,
        description: 'IPHONE or IPAD; null for another device',
      }),
      assets: t.exposeInt('assets', { description: 'Assets of this size in the primary locale' }),
      fallbackDevices: t.exposeStringList('fallbackDevices'),
    }),
  });

const ProductPageRef = builder.objectRef<ProductPageSummary>('ProductPage').implement({
  fields: (t) => ({
    kind: t.exposeString('kind', { description: 'default or custom' }),
    productPageId: t.exposeString('productPageId', { nullable: true }),
    name: t.exposeString('name'),
    state: t.exposeString('state', { nullable: true, description: "v1's state of a custom page" }),
    locales: t.exposeStringList('locales', { description: 'Locale codes, the primary first' }),
    devices: t.field({ type: [ProductPageDeviceRef], resolve: (page) => page.devices }),
  }),
});

builder.queryFields((t) => ({
  getProductPages: t.field({
    ...access('campaignCreation.read'),
    type: [ProductPageRef],
    description: "The app's default product page, then its custom product pages, live from Apple",
    args: {
      adAccountId: t.arg.float({ required: true }),
      adamId: t.arg.float({ required: true }),
    },
    resolve: (_root, args, { app, auth }) =>
      listProductPages(
        app,
        requireTeam(auth).teamId,
        z.object({ adAccountId: appleId, adamId: appleId }).parse(args),
      ),
  }),
}));
