// Raw payloads are kept POSTBACK_RAW_RETENTION_DAYS for replays, then emptied (the counts stay).
// A replay parses the kept payloads again with the integration's partner format and stores them:
// what is already stored stays as it is (the dedupe key holds), what is missing is added.
import { POSTBACK_RAW_RETENTION_DAYS } from '@tapwise/contracts';
import type { Database } from '../../platform/db/database';
import { storeAttributedEvents } from './event-store';
import { parsePostback, PostbackParseError } from './partner-formats';
import { clearRawPayloads, findIntegrationById, rawPayloadsSince } from './postbacks.repository';
import { postbackInputOf } from './postbacks.service';

const DAY_MS = 86_400_000;
const REPLAY_PAGE = 500;

export async function purgeRawPayloads(db: Database, now = new Date()): Promise<number> {
  return clearRawPayloads(db, new Date(now.getTime() - POSTBACK_RAW_RETENTION_DAYS * DAY_MS));
}

export interface ReplayResult {
  stored: number;
  duplicates: number;
  /** Kept payloads that no longer parse (a format changed); left as they are. */
  unparsable: number;
}

export async function replayRawEvents(
  db: Database,
  integrationId: string,
  since: Date,
): Promise<ReplayResult> {
  const integration = await findIntegrationById(db, integrationId);
  if (!integration) throw new Error(`No attribution integration ${integrationId}`);
  const result: ReplayResult = { stored: 0, duplicates: 0, unparsable: 0 };
  let afterId = 0;
  for (;;) {
    const page = await rawPayloadsSince(db, integrationId, since, afterId, REPLAY_PAGE);
    if (page.length === 0) return result;
    afterId = page[page.length - 1]!.id;
    const events = [];
    for (const { raw } of page) {
      try {
        events.push({ event: parsePostback(integration.partner, postbackInputOf(raw)), raw });
      } catch (error) {
        if (!(error instanceof PostbackParseError)) throw error;
        result.unparsable += 1;
      }
    }
    const stored = await storeAttributedEvents(db, integration, events);
    result.stored += stored.stored;
    result.duplicates += stored.duplicates;
  }
}
