// Creating a campaign from the wizard: one saga through the Apple write gateway, campaign → ad
// groups → keywords → negative keywords → ads. Each step has a key derived from the creation's
// idempotency key and is recorded once done, so a retried or resumed creation skips it; a step
// whose answer was lost is found in Apple (by name, or by keyword text) instead of being sent
// again. The same saga adds an ad group to an existing campaign (a creation whose campaign is
// recorded as made) and ads to an existing ad group. docs/campaign-creation.md describes it.
import { microsToAmount, type AccountClient, type Campaign } from '@tapwise/apple-ads';
import {
  addAdGroupArgsSchema,
  addAdsArgsSchema,
  ADD_TO_CAMPAIGN_MESSAGES as ADD_MESSAGES,
  CAMPAIGN_CREATION_MESSAGES as MESSAGES,
  checkAdGroupPlacement,
  createCampaignArgsSchema,
  placementOfSupply,
  type CampaignCreationInput,
  type CampaignCreationResult,
  type PlacementIssue,
  type WizardAd,
  type WizardAdGroup,
  type WizardNegativeKeyword,
} from '@tapwise/contracts';
import { AppError } from '../../platform/errors';
import type { AppContext } from '../app-context';
import { openAppleWriteGateway, type AppleWriteGateway } from '../apple-writes/apple-write-gateway';
import {
  campaignNameTaken,
  childNameTaken,
  findStoredEntity,
} from '../apple-writes/apple-writes.repository';
import type { WriteActor } from '../apple-writes/write-actor';
import { collect } from '../sync/entity-rows';
import {
  claimCreation,
  deleteCreation,
  deleteDraft,
  EMPTY_PROGRESS,
  findCreation,
  finishCreation,
  insertCreation,
  progressOf,
  saveCreationProgress,
  type CreationRow,
} from './campaign-creation.repository';
import {
  isAdsAddition,
  type AdsAddition,
  type CreationInput,
  type CreationProgress,
} from './campaign-creation.tables';
import {
  adGroupCreate,
  campaignCreate,
  keywordCreates,
  keywordKey,
  negativeKeywordCreates,
} from './creation-requests';
import { assertProductPagesShowable, targetedDevices } from './product-page-check';
import { creationFlags, tickChecklist } from '../onboarding/onboarding.service';

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
  const { adAccountId } = args.input;
  const key = { adAccountId, idempotencyKey: args.idempotencyKey };
  const result = await runCreation(ctx, actor, key, async () => {
    await assertCampaignNameFree(
      ctx,
      actor.teamId,
      args.input.adAccountId,
      args.input.campaignName,
    );
    await assertProductPagesShowable(
      ctx,
      actor.teamId,
      args.input,
      args.input.adGroups.map((adGroup, index) => ({
        path: `adGroups.${index}.ads`,
        devices: adGroup.audience.devices,
        ads: adGroup.ads,
      })),
    );
    return { input: args.input, progress: progressOf(args.input) };
  });
  if (result.status === 'COMPLETE' && args.draftId)
    await deleteDraft(ctx.db, actor.teamId, args.draftId);
  if (result.status === 'COMPLETE') await tickChecklist(ctx.db, actor, 'createCampaign');
  return result;
}

/** One wizard ad group with its keywords, negatives and ads, added to a campaign in Apple. */
export async function addAdGroup(
  ctx: WriteContext,
  actor: WriteActor,
  rawArgs: unknown,
): Promise<CampaignCreationResult> {
  const args = addAdGroupArgsSchema.parse(rawArgs);
  return runCreation(ctx, actor, args, async () => {
    const campaign = await findStoredEntity(
      ctx.db,
      actor.teamId,
      'campaign',
      args.adAccountId,
      args.campaignId,
    );
    if (!campaign || campaign.deleted)
      throw new AppError('NOT_FOUND', ADD_MESSAGES.campaignNotFound);
    const placement = placementOfSupply(campaign.supplySources);
    // The placement is the stored campaign's, so the contract's rule is applied here.
    const issues: PlacementIssue[] = [];
    checkAdGroupPlacement(placement, args.adGroup, { addIssue: (issue) => issues.push(issue) }, [
      'adGroup',
    ]);
    if (issues.length > 0)
      throw new AppError(
        'BAD_REQUEST',
        ADD_MESSAGES.adGroupNotValid,
        Object.fromEntries(issues.map((issue) => [issue.path.join('.'), issue.message])),
      );
    const parent = { campaignId: campaign.id };
    if (await childNameTaken(ctx.db, actor.teamId, args.adAccountId, parent, args.adGroup.name))
      throw new AppError('CONFLICT', ADD_MESSAGES.adGroupNameTaken);
    const { audience, ads } = args.adGroup;
    await assertProductPagesShowable(
      ctx,
      actor.teamId,
      { adAccountId: args.adAccountId, adamId: campaign.adamId },
      [{ path: 'adGroup.ads', devices: audience.devices, ads }],
    );
    const input: CampaignCreationInput = {
      placement,
      adAccountId: args.adAccountId,
      adamId: campaign.adamId,
      campaignName: campaign.name,
      countries: campaign.countriesOrRegions,
      adminAreas: [],
      localities: [],
      dailyBudget: microsToAmount(campaign.dailyBudgetMicros ?? 0),
      startTime: null,
      endTime: null,
      negativeKeywords: [],
      adGroups: [args.adGroup],
    };
    return { input, progress: { ...progressOf(input), campaignId: campaign.id } };
  });
}

/** Ads (creative sets) added to an ad group in Apple, each creative found or created first. */
export async function addAds(
  ctx: WriteContext,
  actor: WriteActor,
  rawArgs: unknown,
): Promise<CampaignCreationResult> {
  const args = addAdsArgsSchema.parse(rawArgs);
  return runCreation(ctx, actor, args, async () => {
    const { adAccountId } = args;
    const adGroup = await findStoredEntity(
      ctx.db,
      actor.teamId,
      'adGroup',
      adAccountId,
      args.adGroupId,
    );
    const campaign =
      adGroup &&
      (await findStoredEntity(ctx.db, actor.teamId, 'campaign', adAccountId, adGroup.campaignId));
    if (!adGroup || adGroup.deleted || !campaign || campaign.deleted)
      throw new AppError('NOT_FOUND', ADD_MESSAGES.campaignNotFound);
    for (const ad of args.ads)
      if (
        await childNameTaken(ctx.db, actor.teamId, adAccountId, { adGroupId: adGroup.id }, ad.name)
      )
        throw new AppError('CONFLICT', ADD_MESSAGES.adNameTaken);
    await assertProductPagesShowable(ctx, actor.teamId, { adAccountId, adamId: campaign.adamId }, [
      { path: 'ads', devices: targetedDevices(adGroup.targetingDimensions), ads: args.ads },
    ]);
    const input: AdsAddition = {
      adAccountId,
      adamId: campaign.adamId,
      campaignId: campaign.id,
      adGroupId: adGroup.id,
      adGroupName: adGroup.name,
      ads: args.ads,
    };
    return {
      input,
      progress: {
        ...EMPTY_PROGRESS,
        campaignId: campaign.id,
        adGroups: [{ name: adGroup.name, id: adGroup.id }],
      },
    };
  });
}

/**
 * Runs the creation recorded under the key: a finished one is answered as recorded, a stopped one
 * resumes with its recorded input (the arguments sent again only name it), a new one is checked
 * and recorded by `start` first.
 */
async function runCreation(
  ctx: WriteContext,
  actor: WriteActor,
  args: { adAccountId: number; idempotencyKey: string },
  start: () => Promise<{ input: CreationInput; progress: CreationProgress }>,
): Promise<CampaignCreationResult> {
  const { teamId } = actor;
  const { idempotencyKey } = args;
  const earlier = await findCreation(ctx.db, teamId, idempotencyKey);
  if (earlier?.status === 'COMPLETE') return resultOf(earlier);
  // Opened before anything is recorded: an ad account Tapwise cannot write to records nothing.
  const gateway = await openAppleWriteGateway(
    ctx,
    actor,
    earlier?.input.adAccountId ?? args.adAccountId,
  );
  let creation: CreationRow | null;
  if (earlier) {
    creation = await claimCreation(ctx.db, teamId, idempotencyKey);
  } else {
    const first = await start();
    creation = await insertCreation(
      ctx.db,
      teamId,
      { userId: actor.userId, idempotencyKey, input: first.input },
      first.progress,
    );
  }
  if (!creation) throw new AppError('CONFLICT', MESSAGES.creationRunning);
  return new CreationSaga(ctx, actor, gateway, creation, earlier !== null).run();
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
  private readonly input: CreationInput;
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
      if (isAdsAddition(this.input)) await this.ads('ads:0', this.input.ads, this.input.adGroupId);
      else await this.campaignWithAdGroups(this.input);
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
    await tickChecklist(this.ctx.db, this.actor, creationFlags(this.input));
    return this.result('COMPLETE', null);
  }

  private async campaignWithAdGroups(input: CampaignCreationInput): Promise<void> {
    const campaignId = await this.campaign(input);
    const adGroupIds: number[] = [];
    for (const index of input.adGroups.keys())
      adGroupIds.push(await this.adGroup(input, campaignId, index));
    await this.negatives(
      'negatives:campaign',
      input.negativeKeywords,
      { campaignId },
      `campaign "${input.campaignName}"`,
    );
    for (const [index, adGroupId] of adGroupIds.entries()) {
      const adGroup = input.adGroups[index]!;
      await this.keywords(adGroup, index, adGroupId);
      await this.negatives(
        `negatives:${index}`,
        adGroup.negativeKeywords,
        { adGroupId },
        `ad group "${adGroup.name}"`,
      );
      await this.ads(`ads:${index}`, adGroup.ads, adGroupId);
    }
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

  private async campaign(input: CampaignCreationInput): Promise<number> {
    if (this.progress.campaignId !== null) return this.progress.campaignId;
    const { gateway } = this;
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

  private async adGroup(
    input: CampaignCreationInput,
    campaignId: number,
    index: number,
  ): Promise<number> {
    const known = this.progress.adGroups[index]!.id;
    if (known !== null) return known;
    const wizardAdGroup = input.adGroups[index]!;
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
          adGroupCreate(input, wizardAdGroup, {
            campaignId,
            currency: this.gateway.currency,
            otherAppIds,
          }),
        ),
      failure: MESSAGES.creationFailed,
      record: (row) => ({
        logType: 'ad_group_created',
        message: `Created ad group "${row.name}" in campaign "${input.campaignName}"`,
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

  private async keywords(adGroup: WizardAdGroup, index: number, adGroupId: number) {
    const step = `keywords:${index}`;
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

  private async ads(step: string, ads: readonly WizardAd[], adGroupId: number): Promise<void> {
    if (this.isDone(step)) return;
    for (const ad of ads) await this.ad(ad, adGroupId);
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
