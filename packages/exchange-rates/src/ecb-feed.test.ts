import { describe, expect, it } from 'vitest';
import { ecbFeedReader, parseEcbFeed } from './ecb-feed.js';
import { ExchangeRatesError } from './types.js';

/** Two days of the 90-day file as the ECB writes it (shortened to three currencies). */
const HIST_90D = `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
	<gesmes:subject>Reference rates</gesmes:subject>
	<gesmes:Sender>
		<gesmes:name>European Central Bank</gesmes:name>
	</gesmes:Sender>
	<Cube>
		<Cube time='2024-07-01'>
			<Cube currency='USD' rate='1.0745'/>
			<Cube currency='JPY' rate='173.06'/>
			<Cube currency='GBP' rate='0.84755'/>
		</Cube>
		<Cube time='2024-06-28'>
			<Cube currency='USD' rate='1.0705'/>
			<Cube currency='JPY' rate='171.94'/>
			<Cube currency='GBP' rate='0.84638'/>
		</Cube>
	</Cube>
</gesmes:Envelope>`;

describe('parseEcbFeed', () => {
  it('reads every day of a file, oldest first, rates as units per euro', () => {
    expect(parseEcbFeed(HIST_90D)).toEqual([
      { date: '2024-06-28', unitsPerEuro: { USD: 1.0705, JPY: 171.94, GBP: 0.84638 } },
      { date: '2024-07-01', unitsPerEuro: { USD: 1.0745, JPY: 173.06, GBP: 0.84755 } },
    ]);
  });

  it('reads the daily file, which holds one day', () => {
    const daily = HIST_90D.replace(/\s*<Cube time='2024-06-28'>[\s\S]*?<\/Cube>/, '');
    expect(parseEcbFeed(daily)).toEqual([
      { date: '2024-07-01', unitsPerEuro: { USD: 1.0745, JPY: 173.06, GBP: 0.84755 } },
    ]);
  });

  it('reads a document fed in pieces cut anywhere', () => {
    const reader = ecbFeedReader();
    for (let at = 0; at < HIST_90D.length; at += 7) reader.write(HIST_90D.slice(at, at + 7));
    expect(reader.close()).toEqual(parseEcbFeed(HIST_90D));
  });

  it.each([
    ['an HTML error page', '<html><body>Maintenance</body></html>'],
    ['a bad rate', HIST_90D.replace("rate='1.0745'", "rate='n/a'")],
    ['a negative rate', HIST_90D.replace("rate='1.0745'", "rate='-1.0745'")],
    ['a bad day', HIST_90D.replace("time='2024-07-01'", "time='01/07/2024'")],
    ['a bad currency code', HIST_90D.replace("currency='USD'", "currency='usd'")],
    ['a truncated document', HIST_90D.slice(0, 400)],
  ])('refuses %s as not the ECB format', (_name, document) => {
    expect(() => parseEcbFeed(document)).toThrow(ExchangeRatesError);
    try {
      parseEcbFeed(document);
    } catch (error) {
      expect((error as ExchangeRatesError).kind).toBe('format');
    }
  });
});
