// Creating a campaign from the wizard: one saga through the Apple write gateway, campaign → ad
// groups → keywords → negative keywords → ads. Each step has a key derived from the creation's
// idempotency key and is recorded once done, so a retried or resumed creation skips it; a step
// whose answer was lost is found in Apple (by name, or by keyword text) instead of being sent
// again. docs/campaign-creation.md describes the saga.
import type { AccountClient, Campaign } from '@tapwise/apple-ads';
import {
  CAMPAIGN_CREATION_MESSAGES as MESSAGES,
  createCampaignArgsSchema,
  type CampaignCreationInput,
  type CampaignCreationResult,
  type WizardAd,
  type WizardNegativeKeyword,
} from '@tapwise/contracts';
import { AppError } from '../../platform/errors';
import type { AppContext } from '../app-context';
import { openAppleWriteGateway, type AppleWriteGateway } from '../apple-writes/apple-write-gateway';
import { campaignNameTaken } from '../apple-writes/apple-writes.repository';
import type { WriteActor } from '../apple-writes/write-actor';
import { collect } from '../sync/entity-rows';
import {
  claimCreation,
  deleteCreation,
  deleteDraft,
  findCreation,
  finishCreation,
  insertCreation,
  saveCreationProgress,
  type CreationRow,
} from './campaign-creation.repository';
import type { CreationProgress } from './campaign-creation.tables';
import {
  adGroupCreate,
  campaignCreate,
  keywordCreates,
  keywordKey,
  negativeKeywordCreates,
} from './creation-requests';

type WriteContext = Pick<AppContext, 'db' | 'secrets'>;
type KeywordLike = { text: string; matchType: string; deleted: boolean };

/** Refuses a name another live campaign of the ad account has, before anything is sent. */
async function assertCampaignNameFree(
  ctx: WriteContext,
  teamId: string,
  adAccountId: number,
  name: string,
): Promise<void> {
  if (await campaignNameTaken(ctx.db, teamId, adAccountId, name, 0))
    throw new AppError('CONFLICT', MESSAGES.campaignNameTaken);
}

export async function createCampaign(
  ctx: WriteContext,
  actor: WriteActor,
  rawArgs: unknown,
): Promise<CampaignCreationResult> {
  const args = createCampaignArgsSchema.parse(rawArgs);
  const { teamId } = actor;
  const earlier = await findCreation(ctx.db, teamId, args.idempotencyKey);
  if (earlier?.status === 'COMPLETE') return resultOf(earlier);
  // A retry runs the creation as first recorded; the arguments sent again name it by its key.
  const input = earlier?.input ?? args.input;
  const gateway = await openAppleWriteGateway(ctx, actor, input.adAccountId);
  let creation: CreationRow | null;
  if (earlier) {
    creation = await claimCreation(ctx.db, teamId, args.idempotencyKey);
  } else {
    await assertCampaignNameFree(ctx, teamId, input.adAccountId, input.campaignName);
    creation = await insertCreation(ctx.db, teamId, {
      userId: actor.userId,
      idempotencyKey: args.idempotencyKey,
      input,
    });
  }
  if (!creation) throw new AppError('CONFLICT', MESSAGES.creationRunning);
  const saga = new CreationSaga(ctx, actor, gateway, creation, earlier !== null);
  const result = await saga.run();
  if (result.status === 'COMPLETE' && args.draftId) await deleteDraft(ctx.db, teamId, args.draftId);
  return result;
}

/** A creation's state as last recorded, for a page that reloads while or after it ran. */
export async function readCreation(
  db: WriteContext['db'],
  teamId: string,
  idempotencyKey: string,
): Promise<CampaignCreationResult | null> {
  const creation = await findCreation(db, teamId, idempotencyKey);
  return creation ? resultOf(creation) : null;
}

function resultOf(creation: CreationRow): CampaignCreationResult {
  const { done: _done, ...progress } = creation.progress;
  return {
    idempotencyKey: creation.idempotencyKey,
    status: creation.status,
    failure: creation.failure,
    ...progress,
  };
}

const liveNamed =
  (name: string) =>
  <E extends { name: string; deleted: boolean }>(entity: E) =>
    !entity.deleted && entity.name === name;

class CreationSaga {
  private readonly input: CampaignCreationInput;
  private readonly progress: CreationProgress;

  constructor(
    private readonly ctx: WriteContext,
    private readonly actor: WriteActor,
    private readonly gateway: AppleWriteGateway,
    private readonly creation: CreationRow,
    /** An earlier attempt may have made entities whose answers were lost. */
    private readonly resumed: boolean,
  ) {
    this.input = creation.input;
    this.progress = structuredClone(creation.progress);
  }

  async run(): Promise<CampaignCreationResult> {
    try {
      const campaignId = await this.campaign();
      const adGroupIds: number[] = [];
      for (const index of this.input.adGroups.keys())
        adGroupIds.push(await this.adGroup(campaignId, index));
      await this.negatives(
        'negatives:campaign',
        this.input.negativeKeywords,
        { campaignId },
        `campaign "${this.input.campaignName}"`,
      );
      for (const [index, adGroupId] of adGroupIds.entries()) {
        const adGroup = this.input.adGroups[index]!;
        await this.keywords(index, adGroupId);
        await this.negatives(
          `negatives:${index}`,
          adGroup.negativeKeywords,
          { adGroupId },
          `ad group "${adGroup.name}"`,
        );
        await this.ads(index, adGroupId);
      }
    } catch (error) {
      const refusal = error instanceof AppError ? error : null;
      // Apple refused the name: nothing was created, and the refusal is the answer. The creation
      // is forgotten, so a retry under its key checks the name again rather than adopting
      // another campaign of that name as its own.
      if (refusal?.error === 'CONFLICT' && this.progress.campaignId === null) {
        await deleteCreation(this.ctx.db, this.actor.teamId, this.creation.idempotencyKey);
        throw refusal;
      }
      // Recorded even for an unforeseen failure, so a retry can take the creation over at once.
      await this.finish('INCOMPLETE', refusal?.message ?? MESSAGES.creationFailed);
      if (!refusal) throw error;
      return this.result('INCOMPLETE', refusal.message);
    }
    await this.finish('COMPLETE', null);
    return this.result('COMPLETE', null);
  }

  private stepKey(step: string) {
    return `${this.creation.idempotencyKey}:${step}`;
  }

  private isDone(step: string) {
    return this.progress.done.includes(this.stepKey(step));
  }

  private async markDone(step: string) {
    this.progress.done.push(this.stepKey(step));
    await this.save();
  }

  private save() {
    return saveCreationProgress(
      this.ctx.db,
      this.actor.teamId,
      this.creation.idempotencyKey,
      this.progress,
    );
  }

  private finish(status: 'COMPLETE' | 'INCOMPLETE', failure: string | null) {
    return finishCreation(this.ctx.db, this.actor.teamId, this.creation.idempotencyKey, {
      status,
      failure,
      progress: this.progress,
    });
  }

  private result(status: 'COMPLETE' | 'INCOMPLETE', failure: string | null) {
    return resultOf({ ...this.creation, status, failure, progress: this.progress });
  }

  private async campaign(): Promise<number> {
    if (this.progress.campaignId !== null) return this.progress.campaignId;
    const { input, gateway } = this;
    const ours = (campaign: Campaign) =>
      liveNamed(input.campaignName)(campaign) &&
      String(campaign.promotedObjectId) === String(input.adamId);
    const campaign = await gateway.createOne({
      level: 'campaign',
      findExisting: async (account) => {
        if (!this.resumed) return null;
        const page = await account.campaigns.query({
          filters: [{ field: 'name', operator: 'EQUALS', value: input.campaignName }],
        });
        return page.result.find(ours) ?? null;
      },
      send: (account) => account.campaigns.create(campaignCreate(input, gateway.currency)),
      failure: MESSAGES.creationFailed,
      record: (row) => ({ logType: 'campaign_created', message: `Created campaign "${row.name}"` }),
    });
    this.progress.campaignId = campaign.id;
    await this.save();
    return campaign.id;
  }

  private async adGroup(campaignId: number, index: number): Promise<number> {
    const known = this.progress.adGroups[index]!.id;
    if (known !== null) return known;
    const wizardAdGroup = this.input.adGroups[index]!;
    const otherAppIds =
      wizardAdGroup.audience.customerType === 'otherApps' ? await this.otherAppIds() : [];
    const adGroup = await this.gateway.createOne({
      level: 'adGroup',
      findExisting: async (account) => {
        if (!this.resumed) return null;
        const page = await account.adGroups.query({
          filters: [{ field: 'campaignId', operator: 'EQUALS', value: campaignId }],
          pagination: { offset: 0, pageSize: 1000 },
        });
        return page.result.find(liveNamed(wizardAdGroup.name)) ?? null;
      },
      send: (account) =>
        account.adGroups.create(
          adGroupCreate(this.input, wizardAdGroup, {
            campaignId,
            currency: this.gateway.currency,
            otherAppIds,
          }),
        ),
      failure: MESSAGES.creationFailed,
      record: (row) => ({
        logType: 'ad_group_created',
        message: `Created ad group "${row.name}" in campaign "${this.input.campaignName}"`,
      }),
    });
    this.progress.adGroups[index] = { name: wizardAdGroup.name, id: adGroup.id };
    await this.save();
    return adGroup.id;
  }

  /** The ad account's other apps, for "users of my other apps". */
  private async otherAppIds(): Promise<number[]> {
    const owned = await this.gateway.read(
      (account) => account.apps.search({ returnOwnedApps: true, limit: 1000 }),
      MESSAGES.creationFailed,
    );
    return owned.result.map((app) => app.adamId).filter((adamId) => adamId !== this.input.adamId);
  }

  /** Keys of the live keywords or negatives Apple holds, which an earlier attempt may have made. */
  private async alreadyInApple(
    list: (account: AccountClient) => AsyncGenerator<KeywordLike[]>,
  ): Promise<Set<string>> {
    if (!this.resumed) return new Set();
    const existing = await this.gateway.read(
      (account) => collect(list(account)),
      MESSAGES.creationFailed,
    );
    return new Set(existing.filter((entity) => !entity.deleted).map(keywordKey));
  }

  private async keywords(index: number, adGroupId: number): Promise<void> {
    const step = `keywords:${index}`;
    const adGroup = this.input.adGroups[index]!;
    if (this.isDone(step) || adGroup.keywords.length === 0) return;
    const present = await this.alreadyInApple((account) =>
      account.keywords.all({
        filters: [{ field: 'adGroupId', operator: 'EQUALS', value: adGroupId }],
      }),
    );
    const items = keywordCreates(adGroup, adGroupId, this.gateway.currency).filter(
      (keyword) => !present.has(keywordKey({ text: keyword.text, matchType: keyword.matchType! })),
    );
    // Keywords an earlier attempt created count as created.
    this.progress.keywordsCreated += adGroup.keywords.length - items.length;
    if (items.length > 0) {
      const created = await this.gateway.create({
        level: 'keyword',
        items,
        send: (account, chunk) => account.keywords.bulkCreate(chunk, { allowPartialSuccess: true }),
        failure: MESSAGES.creationFailed,
        record: (row) => ({
          logType: 'keyword_added',
          message: `Added keyword "${row.text}" (${row.matchType}) to ad group "${adGroup.name}"`,
        }),
      });
      this.countCreated('keywordsCreated', items, created, `ad group "${adGroup.name}"`);
    }
    await this.markDone(step);
  }

  private async negatives(
    step: string,
    negatives: readonly WizardNegativeKeyword[],
    owner: { campaignId: number } | { adGroupId: number },
    where: string,
  ): Promise<void> {
    if (this.isDone(step) || negatives.length === 0) return;
    const present = await this.alreadyInApple((account) =>
      account.negativeKeywords.all({
        filters:
          'adGroupId' in owner
            ? [{ field: 'adGroupId', operator: 'EQUALS', value: owner.adGroupId }]
            : [
                { field: 'campaignId', operator: 'EQUALS', value: owner.campaignId },
                { field: 'adGroupId', operator: 'IS_NULL' },
              ],
      }),
    );
    const items = negativeKeywordCreates(
      negatives.filter((negative) => !present.has(keywordKey(negative))),
      owner,
    );
    this.progress.negativeKeywordsCreated += negatives.length - items.length;
    if (items.length > 0) {
      const created = await this.gateway.create({
        level: 'negativeKeyword',
        items,
        send: (account, chunk) =>
          account.negativeKeywords.bulkCreate(chunk, { allowPartialSuccess: true }),
        failure: MESSAGES.creationFailed,
        record: (row) => ({
          logType: 'negative_keyword_added',
          message: `Added negative keyword "${row.text}" (${row.matchType}) to ${where}`,
        }),
      });
      this.countCreated('negativeKeywordsCreated', items, created, where);
    }
    await this.markDone(step);
  }

  private countCreated(
    counter: 'keywordsCreated' | 'negativeKeywordsCreated',
    items: readonly { text: string; matchType?: string }[],
    created: readonly { ok: boolean; message: string | null }[],
    where: string,
  ) {
    created.forEach((answer, position) => {
      if (answer.ok) this.progress[counter]++;
      else
        this.progress.refused.push({
          what: `"${items[position]!.text}" (${items[position]!.matchType}) in ${where}`,
          message: answer.message ?? MESSAGES.creationFailed,
        });
    });
  }

  private async ads(index: number, adGroupId: number): Promise<void> {
    const step = `ads:${index}`;
    const adGroup = this.input.adGroups[index]!;
    if (this.isDone(step)) return;
    for (const ad of adGroup.ads) await this.ad(ad, adGroupId);
    await this.markDone(step);
  }

  private async ad(ad: WizardAd, adGroupId: number): Promise<void> {
    const creative = await this.gateway.creativeFor(
      {
        name: ad.name,
        creativeType:
          ad.productPage.kind === 'custom' ? 'CUSTOM_PRODUCT_PAGE' : 'DEFAULT_PRODUCT_PAGE',
        destination: {
          destinationType: 'APP_STORE_PRODUCT_PAGE',
          parameters: {
            adamId: String(this.input.adamId),
            ...(ad.productPage.kind === 'custom'
              ? { productPageId: ad.productPage.productPageId }
              : {}),
          },
        },
      },
      MESSAGES.creationFailed,
    );
    await this.gateway.createOne({
      level: 'ad',
      findExisting: async (account) => {
        if (!this.resumed) return null;
        const page = await account.ads.query({
          filters: [{ field: 'adGroupId', operator: 'EQUALS', value: adGroupId }],
          pagination: { offset: 0, pageSize: 1000 },
        });
        return page.result.find(liveNamed(ad.name)) ?? null;
      },
      send: (account) =>
        account.ads.create({
          adGroupId,
          creativeId: creative.id,
          name: ad.name,
          status: 'ENABLED',
        }),
      failure: MESSAGES.creationFailed,
      record: (row) => ({ logType: 'ad_created', message: `Created ad "${row.name}"` }),
    });
    this.progress.adsCreated++;
    await this.save();
  }
}
