// AdCreate and AdUpdate (adcreate.md, adupdate.md).
import { z } from 'zod';
import { idSchema, statusSchema } from './entities-common';

const name = z.string('name is a string').trim().min(1, 'name is at least 1 character').max(200);

export const adCreateSchema = z.strictObject({
  adGroupId: idSchema,
  creativeId: idSchema,
  name,
  status: statusSchema,
});
export type AdCreateBody = z.infer<typeof adCreateSchema>;

export const adUpdateSchema = z.strictObject({
  name: name.nullish(),
  status: statusSchema.nullish(),
});
