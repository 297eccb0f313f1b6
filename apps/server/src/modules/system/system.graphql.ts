import { APP_VERSION } from '@tapwise/contracts';
import { access } from '../../platform/graphql/access-guard';
import { builder } from '../../platform/graphql/builder';

builder.queryField('appVersion', (t) =>
  t.string({
    ...access('public'),
    description: 'The running Tapwise version, as shown in the client.',
    resolve: () => APP_VERSION,
  }),
);
