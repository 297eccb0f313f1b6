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
  validate,
  type GraphQLField,
  type GraphQLSchema,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';
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

/**
 * The yoga plugin refusing requests over QUERY_WORK_LIMIT. It prices a request at execution,
 * with that request's variables: yoga caches validation by document, so a rule that read the
 * variables there would answer one request's price (or one caller's invalid value) to every
 * later request of the same document.
 */
export const queryWorkLimit: Plugin = {
  onExecute({ args, setResultAndStopExecution }) {
    let found: number | undefined;
    const rule = createComplexityRule({
      context: args.contextValue,
      variableValues: args.variableValues ?? {},
      operationName: args.operationName ?? undefined,
      validate: ({ complexity }) => {
        if (complexity > QUERY_WORK_LIMIT) found = complexity;
      },
    });
    try {
      // Invalid variables are execution's to report, for this request alone.
      validate(args.schema, args.document, [rule]);
    } catch (error) {
      if (!isGraphQLError(error)) throw error;
    }
    if (found === undefined) return;
    const refusal = new AppError('BAD_REQUEST', queryWorkMessage(found));
    setResultAndStopExecution({
      errors: [
        new GraphQLError(refusal.message, {
          extensions: {
            ...refusal.toBody(),
            http: { status: refusal.status },
            queryWork: { max: QUERY_WORK_LIMIT, actual: found },
          },
        }),
      ],
    });
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
