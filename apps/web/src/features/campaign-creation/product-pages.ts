// The product pages of the wizard's app (getProductPages, live from Apple) and what the spec's
// asset rule (productPageAssetIssues of the contracts) says of the page each ad shows.
import {
  productPageAssetIssues,
  refusesProductPage,
  type ProductPageSummary,
  type WizardAd,
} from '@tapwise/contracts';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { campaignCreationApi, campaignCreationKeys } from './campaign-creation-api';
import type { WizardErrors, WizardValues } from './wizard-values';

type ProductPageChoice = WizardAd['productPage'];

/** Apple's pages change rarely while a wizard is open. */
const PAGES_STALE_MS = 5 * 60_000;

const pagesQuery = (adAccountId: number, adamId: number) => ({
  queryKey: campaignCreationKeys.productPages(adAccountId, adamId),
  queryFn: () => campaignCreationApi.productPages(adAccountId, adamId),
  staleTime: PAGES_STALE_MS,
});

/** The pages of the chosen app; idle until an app is chosen. */
export function useProductPages(values: Pick<WizardValues, 'adAccountId' | 'adamId'>) {
  const { adAccountId, adamId } = values;
  return useQuery({
    ...pagesQuery(adAccountId ?? 0, adamId ?? 0),
    enabled: adAccountId !== null && adamId !== null,
  });
}

/** A choice as one string, for a Select: "default" or "custom:<id>". */
export const choiceKey = (choice: ProductPageChoice) =>
  choice.kind === 'default' ? 'default' : `custom:${choice.productPageId}`;

export const choiceOfKey = (key: string): ProductPageChoice =>
  key.startsWith('custom:')
    ? { kind: 'custom', productPageId: key.slice('custom:'.length) }
    : { kind: 'default' };

export const pageKey = (page: ProductPageSummary) =>
  choiceKey(
    page.kind === 'custom'
      ? { kind: 'custom', productPageId: page.productPageId ?? '' }
      : { kind: 'default' },
  );

export const pageOfChoice = (
  pages: readonly ProductPageSummary[] | undefined,
  choice: ProductPageChoice,
) => pages?.find((page) => pageKey(page) === choiceKey(choice));

export const REFUSED_PAGE_KEY = 'campaignCreation.productPages.refused';

/**
 * The ads whose page the rule refuses for their ad group's devices, from the pages already
 * fetched (a page not fetched is left to Apple).
 */
export function productPageErrors(values: WizardValues, queryClient: QueryClient): WizardErrors {
  if (values.adAccountId === null || values.adamId === null) return {};
  const pages = queryClient.getQueryData<ProductPageSummary[]>(
    pagesQuery(values.adAccountId, values.adamId).queryKey,
  );
  const errors: WizardErrors = {};
  values.adGroups.forEach((adGroup, index) =>
    adGroup.ads.forEach((ad, adIndex) => {
      const page = pageOfChoice(pages, ad.productPage);
      if (
        page &&
        refusesProductPage(productPageAssetIssues(page.devices, adGroup.audience.devices))
      )
        errors[`adGroups.${index}.ads.${adIndex}.productPage`] = REFUSED_PAGE_KEY;
    }),
  );
  return errors;
}
