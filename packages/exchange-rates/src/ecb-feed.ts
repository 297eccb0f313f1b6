// The ECB's eurofxref XML documents (daily, last 90 days, since 1999), all of one shape: a
// gesmes:Envelope holding a Cube of Cubes, one per reference day (`time`), each holding one Cube
// per currency (`currency`, `rate`: units of the currency per euro), newest day first. Read as a
// stream (the history is megabytes), so the reader can be fed the answer chunk by chunk.
import { SaxesParser } from 'saxes';
import { ExchangeRatesError, type RatesPublication } from './types.js';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const CURRENCY = /^[A-Z]{3}$/;
/** A decimal as the ECB writes it: digits with an optional fraction. */
const RATE = /^\d+(\.\d+)?$/;

const malformed = (why: string) =>
  new ExchangeRatesError('format', `Not an ECB reference rates document: ${why}`);

export interface EcbFeedReader {
  write(text: string): void;
  /** The publications read, oldest first. */
  close(): RatesPublication[];
}

export function ecbFeedReader(): EcbFeedReader {
  const parser = new SaxesParser();
  const publications: RatesPublication[] = [];
  let root: string | undefined;
  let day: { date: string; unitsPerEuro: Record<string, number> } | undefined;
  let failure: ExchangeRatesError | undefined;

  parser.on('opentag', (tag) => {
    root ??= tag.name;
    if (tag.name !== 'Cube') return;
    const { time, currency, rate } = tag.attributes as Record<string, string | undefined>;
    if (time !== undefined) {
      if (!ISO_DAY.test(time)) throw malformed(`bad day "${time}"`);
      day = { date: time, unitsPerEuro: {} };
      publications.push(day);
    } else if (currency !== undefined) {
      if (!day) throw malformed(`a rate of ${currency} outside a day`);
      if (!CURRENCY.test(currency)) throw malformed(`bad currency "${currency}" on ${day.date}`);
      if (!rate || !RATE.test(rate) || Number(rate) <= 0)
        throw malformed(`bad rate "${rate}" for ${currency} on ${day.date}`);
      day.unitsPerEuro[currency] = Number(rate);
    }
  });
  parser.on('closetag', (tag) => {
    if (tag.name === 'Cube' && tag.attributes.time !== undefined) day = undefined;
  });
  parser.on('error', (error) => {
    throw error instanceof ExchangeRatesError ? error : malformed(error.message);
  });

  const guarded = (step: () => void) => {
    if (failure) throw failure;
    try {
      step();
    } catch (error) {
      failure =
        error instanceof ExchangeRatesError
          ? error
          : malformed(error instanceof Error ? error.message : String(error));
      throw failure;
    }
  };

  return {
    write: (text) => guarded(() => parser.write(text)),
    close() {
      guarded(() => parser.close());
      if (root !== 'gesmes:Envelope') throw malformed(`the root is <${root ?? 'nothing'}>`);
      return publications.sort((a, b) => a.date.localeCompare(b.date));
    },
  };
}

/** The publications of a whole document, oldest first. */
export function parseEcbFeed(xml: string): RatesPublication[] {
  const reader = ecbFeedReader();
  reader.write(xml);
  return reader.close();
}
