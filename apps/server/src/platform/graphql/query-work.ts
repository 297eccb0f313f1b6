// The work one GraphQL request may ask of the database. graphql-armor limits a query's shape,
// but fifteen aliases of a two-year report are a small query and seconds of scanning. Fields
// that read a period's facts declare their work from their arguments (Pothos' `complexity`
// option: days of the period, rows asked for); a request whose fields add up to more than
// QUERY_WORK_LIMIT is refused before anything runs, and the fields that declare work wait their
// turn among the process's heavy reads (platform/db/heavy-reads.ts).
import { createComplexityRule } from '@pothos/plugin-complexity';
import { daysInRange, dateRangeSchema } from '@tapwise/contracts';
import {
  defaultFieldResolver,
  GraphQLError,
  type ASTVisitFn,
  type GraphQLField,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type ValidationRule,
} from 'graphql';
import type { GraphQLParams, Plugin } from 'graphql-yoga';
import { AppError } from '../errors';
import type { GraphQLContext } from './builder';
import { isGraphQLError } from './graphql-errors';

/**
 * A unit is about what one more day of a period or one more row of a page costs a report: the
 * web app's largest request (a two-year chart) stays far below, fifteen two-year pages of 2,000
 * rows (40,965) far above.
 */
export const QUERY_WORK_LIMIT = 12_000;

export const queryWorkMessage = (found: number) =>
  `Query work limit of ${QUERY_WORK_LIMIT} exceeded, found ${found}. Ask for shorter periods ` +
  'or fewer rows, or send the fields in separate requests.';

/** The days of a period; 0 for a period the field's own validation will refuse. */
export function periodDays(range: unknown): number {
  const parsed = dateRangeSchema.safeParse(range);
  return parsed.success ? daysInRange(parsed.data) : 0;
}

type OperationVisitor = { enter?: ASTVisitFn<OperationDefinitionNode> };

/**
 * Pothos' rule reads a field's arguments to price it, and throws where they are invalid (a
 * required argument missing); graphql's own rules report those in the same pass.
 */
function withoutArgumentErrors(rule: ValidationRule): ValidationRule {
  return (context) => {
    const visitor = rule(context) as { OperationDefinition?: OperationVisitor };
    const operation = visitor.OperationDefinition;
    if (!operation?.enter) return visitor;
    const enter = operation.enter;
    return {
      ...visitor,
      OperationDefinition: {
        ...operation,
        enter(...args: Parameters<typeof enter>) {
          try {
            return enter.apply(this, args);
          } catch (error) {
            if (isGraphQLError(error)) return undefined;
            throw error;
          }
        },
      },
    };
  };
}

/** The yoga plugin refusing requests over QUERY_WORK_LIMIT, with the request's variables. */
export const queryWorkLimit: Plugin<{ params?: GraphQLParams }> = {
  onValidate({ context, addValidationRule }) {
    const rule = createComplexityRule({
      context,
      variableValues: context.params?.variables ?? {},
      operationName: context.params?.operationName,
      validate: ({ complexity }, reportError) => {
        if (complexity <= QUERY_WORK_LIMIT) return;
        const refusal = new AppError('BAD_REQUEST', queryWorkMessage(complexity));
        reportError(
          new GraphQLError(refusal.message, {
            extensions: {
              ...refusal.toBody(),
              queryWork: { max: QUERY_WORK_LIMIT, actual: complexity },
            },
          }),
        );
      },
    });
    addValidationRule(withoutArgumentErrors(rule));
  },
};

const declaresWork = (field: GraphQLField<unknown, unknown>) =>
  typeof field.extensions.complexity === 'function';

/** Root fields that declare work resolve in their caller's turn among the heavy reads. */
export function queueHeavyReads(schema: GraphQLSchema): GraphQLSchema {
  for (const type of [schema.getQueryType(), schema.getMutationType()]) {
    for (const field of Object.values(type?.getFields() ?? {})) {
      if (!declaresWork(field)) continue;
      const resolve = field.resolve ?? defaultFieldResolver;
      field.resolve = (source, args, context: GraphQLContext, info) =>
        context.app.heavyReads.run(context.auth?.userId ?? context.requestId, async () =>
          resolve(source, args, context, info),
        );
    }
  }
  return schema;
}
