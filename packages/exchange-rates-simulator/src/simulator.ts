// The ECB's eurofxref files served from the simulated market, as a fetch function: the real
// client is given it in place of the network and cannot tell the difference. Each answer is
// counted, so tests can check a day's rates are downloaded once.
import { simulatedFeed, renderEcbDocument, FIRST_REFERENCE_DAY } from './ecb-documents.js';

const FILES = ['eurofxref-daily.xml', 'eurofxref-hist-90d.xml', 'eurofxref-hist.xml'] as const;
type FeedFile = (typeof FILES)[number];

export interface RatesSimulatorOptions {
  now?: () => Date;
  /** The first day of the history file; the ECB's is 1999-01-04. */
  firstDay?: string;
  /** Answer every request with this HTTP status (an outage). */
  failWith?: number;
}

export interface RatesSimulator {
  fetch: typeof fetch;
  /** Files served so far, in order. */
  readonly served: FeedFile[];
  /** Starts or ends an outage. */
  setFailure(status: number | undefined): void;
}

export function createRatesSimulator(options: RatesSimulatorOptions = {}): RatesSimulator {
  const now = options.now ?? (() => new Date());
  const served: FeedFile[] = [];
  let failWith = options.failWith;
  const answer = async (input: string | URL | Request): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : input);
    const file = FILES.find((name) => url.pathname.endsWith(`/stats/eurofxref/${name}`));
    if (failWith) return new Response('Service Unavailable', { status: failWith });
    if (!file) return new Response('Not Found', { status: 404 });
    served.push(file);
    const document = renderEcbDocument(
      simulatedFeed(file, now(), options.firstDay ?? FIRST_REFERENCE_DAY),
    );
    return new Response(document, { headers: { 'content-type': 'text/xml' } });
  };
  return {
    fetch: answer as typeof fetch,
    served,
    setFailure(status) {
      failWith = status;
    },
  };
}
