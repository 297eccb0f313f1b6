// Apple Maps brands: the QueryRequest of POST /business-brands/query (query-brands.md).
import { v1QueryRequestSchema } from './routes-shared-budgets';

/** Filterable fields of query-brands.md; it marks none sortable (only the default `id`). */
export const businessBrandQuerySchema = v1QueryRequestSchema(
  { id: ['EQUALS', 'IN'], 'eligibility.status': ['EQUALS'] },
  [],
);
