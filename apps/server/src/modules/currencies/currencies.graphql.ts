// GraphQL of the company's currencies (spec 2 §7.3 Misc getCurrencyInfo): the reporting currency
// (the spec's global currency, USD by default), the ad accounts' currencies and the rates' source.
import type { CurrencyInfo } from '@tapwise/contracts';
import { requireTeam } from '../../platform/auth/auth-context';
import { access } from '../../platform/graphql/access-guard';
import { builder } from '../../platform/graphql/builder';
import { currencyInfo, setReportingCurrency } from './currencies.service';

const AccountCurrencyRef = builder
  .objectRef<CurrencyInfo['accounts'][number]>('AccountCurrency')
  .implement({
    fields: (t) => ({
      adAccountId: t.exposeFloat('adAccountId'),
      orgId: t.exposeFloat('orgId'),
      orgName: t.exposeString('orgName'),
      currency: t.exposeString('currency'),
      timeZone: t.exposeString('timeZone'),
    }),
  });

const RatesInfoRef = builder.objectRef<CurrencyInfo['rates']>('RatesInfo').implement({
  fields: (t) => ({
    source: t.exposeString('source', { nullable: true, description: 'ECB or SIMULATOR' }),
    latestDay: t.exposeString('latestDay', {
      nullable: true,
      description: 'The last reference day stored',
    }),
  }),
});

const CurrencyInfoRef = builder.objectRef<CurrencyInfo>('CurrencyInfo').implement({
  fields: (t) => ({
    currency: t.exposeString('currency', {
      description: 'The reporting currency, into which totals across currencies are converted',
    }),
    accounts: t.field({ type: [AccountCurrencyRef], resolve: (info) => info.accounts }),
    rates: t.field({ type: RatesInfoRef, resolve: (info) => info.rates }),
  }),
});

builder.queryField('getCurrencyInfo', (t) =>
  t.field({
    ...access('integrations.read'),
    type: CurrencyInfoRef,
    resolve: (_root, _args, { app, auth }) => currencyInfo(app.db, requireTeam(auth).teamId),
  }),
);

builder.mutationField('setReportingCurrency', (t) =>
  t.field({
    ...access('integrations.write'),
    type: CurrencyInfoRef,
    description: "Sets the company's reporting currency (one of REPORTING_CURRENCIES)",
    args: { currency: t.arg.string({ required: true }) },
    resolve: (_root, args, { app, auth }) => setReportingCurrency(app.db, requireTeam(auth), args),
  }),
);
