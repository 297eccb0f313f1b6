import { APP_VERSION } from '@tapwise/contracts';
import { builder } from '../../platform/graphql/builder';

builder.queryField('appVersion', (t) =>
  t.string({
    description: 'The running Tapwise version, as shown in the client.',
    resolve: () => APP_VERSION,
  }),
);
