// CreativeCreate and CreativeUpdate (creativecreate.md, creativeupdate.md, destinationcreate.md).
import { z } from 'zod';

const name = z.string('name is a string').trim().min(1, 'name must be non-empty').max(200);

export const creativeCreateSchema = z
  .strictObject({
    name,
    creativeType: z.enum(
      ['CUSTOM_PRODUCT_PAGE', 'DEFAULT_PRODUCT_PAGE', 'LOCAL_ADS_SEARCH_CREATIVE'],
      'creativeType is CUSTOM_PRODUCT_PAGE, DEFAULT_PRODUCT_PAGE or LOCAL_ADS_SEARCH_CREATIVE',
    ),
    creativeSpec: z.record(z.string(), z.unknown()).nullish(),
    destination: z.strictObject({
      destinationType: z.enum(
        ['APP_STORE_PRODUCT_PAGE', 'LOCAL_ADS_PLACECARD'],
        'destinationType is APP_STORE_PRODUCT_PAGE or LOCAL_ADS_PLACECARD',
      ),
      parameters: z
        .strictObject({
          adamId: z.string('adamId is a string').nullish(),
          productPageId: z.string('productPageId is a string').nullish(),
        })
        .nullish(),
      url: z.string().nullish(),
    }),
  })
  .superRefine((body, context) => {
    const parameters = body.destination.parameters;
    if (body.destination.destinationType === 'APP_STORE_PRODUCT_PAGE' && !parameters?.adamId)
      context.addIssue({
        code: 'custom',
        path: ['destination', 'parameters', 'adamId'],
        message: 'an App Store destination names the app (adamId)',
      });
    if (body.creativeType === 'CUSTOM_PRODUCT_PAGE' && !parameters?.productPageId)
      context.addIssue({
        code: 'custom',
        path: ['destination', 'parameters', 'productPageId'],
        message: 'a custom product page creative names its productPageId',
      });
    if (body.creativeType === 'LOCAL_ADS_SEARCH_CREATIVE' && !body.creativeSpec)
      context.addIssue({
        code: 'custom',
        path: ['creativeSpec'],
        message: 'creativeSpec is required for LOCAL_ADS_SEARCH_CREATIVE',
      });
  });
export type CreativeCreateBody = z.infer<typeof creativeCreateSchema>;

/** creativeupdate.md: name and creativeSpec; creativeType and destination are fixed at creation. */
export const creativeUpdateSchema = z.strictObject({
  name: name.nullish(),
  creativeSpec: z.record(z.string(), z.unknown()).nullish(),
});
