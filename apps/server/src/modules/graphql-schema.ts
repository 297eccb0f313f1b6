// Builds the GraphQL schema from every module's contribution. Importing a module's
// *.graphql.ts registers its fields on the shared builder.
import { builder } from '../platform/graphql/builder';
import './system/system.graphql';

export function buildGraphQLSchema() {
  return builder.toSchema({ sortSchema: true });
}
